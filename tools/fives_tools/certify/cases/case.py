"""A case: one fixture under one game and one capability level.

Its stable ID is ``<game>/<fixture ID>#<level>``. This module holds what every kind of case
file shares (YAML fixtures in :mod:`.fixture_file`, perft files in :mod:`.perft_file`): the
case itself, the error that names a malformed file's line and field, and the checks both
readers make.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from fives_engine import find_game
from fives_tools.certify.cases import fixture_yaml


class FixtureError(ValueError):
    """A fixture that breaks its schema or names something that does not exist."""


@dataclass(frozen=True)
class Alternative:
    """The expectation of a ``must`` case under another reading of one interpretation
    (``spec/interpretations.yaml``): worked by hand like the main one, for a case whose
    sentence holds under both readings and whose reply shows which one was taken."""

    interpretation: str
    #: the other reading, in words ("a blocked hand ... forms an event of 0")
    reading: str
    #: the whole expectation of the case's level under that reading
    expect: dict[str, Any] = field(repr=False)
    #: the arithmetic under that reading, for readers (the books); not compared
    worked: str = field(default="", repr=False)

    @property
    def label(self) -> str:
        return f"reads {self.interpretation} the other way: {self.reading}"


@dataclass(frozen=True)
class Case:
    """One fixture under one game: the unit the harness runs and reports."""

    id: str
    game: str
    fixture_id: str
    title: str
    kind: str
    level: str
    rules: tuple[str, ...]
    sources: tuple[dict[str, str], ...]
    request: dict[str, Any] = field(repr=False)
    expect: dict[str, Any] = field(repr=False)
    path: Path = field(repr=False)
    interpretation: str | None = None
    capability: str = ""
    #: The one rule the case exists to check (one of ``rules``); a failure marks this
    #: rule FAIL and the other rules only "affected".
    primary: str = ""
    #: Every hand-worked fact of the fixture, of every level (``expect`` holds only this
    #: level's): not compared, only read to explain a failure (a play-score case's
    #: ``total`` says whether a wrong score comes from the ends or from scoring them).
    facts: dict[str, Any] = field(default_factory=dict, repr=False)
    #: the case's expectations under other readings of interpretations it is neutral to
    #: (spec/protocol.md, "Cases neutral to a reading"): a reply equal to one passes
    alternatives: tuple[Alternative, ...] = ()

    @property
    def expectations(self) -> list[dict[str, Any]]:
        """Every expectation a reply may equal: the main one, then each alternative's."""
        return [self.expect, *(a.expect for a in self.alternatives)]

    @property
    def tags(self) -> frozenset[str]:
        """The registry tags (spec/tags.yaml) that describe this case."""
        tags = {self.game, self.capability}
        players = self.request.get("players")
        if isinstance(players, int):
            tags.add(f"players-{players}")
            if players == 4:
                tags.add("partners" if self.request.get("partnerships", True) else "solo")
        if self.level == "implementation-defined":
            tags.add("implementation-defined")
        return frozenset(tags)

    @property
    def section(self) -> str:
        """The case's section: the second part of its ID (``layout`` ...)."""
        return self.fixture_id.split("/")[0]


def fixtures_dir() -> Path:
    return Path(str(resources.files("fives_fixtures")))


def schemas_dir() -> Path:
    return Path(str(resources.files("fives_spec"))) / "schemas"


def unreviewed(path: Path, line: int) -> FixtureError:
    """The refusal of a candidate fixture that nobody has worked by hand yet."""
    return FixtureError(
        f"{path}: line {line}: field reviewed: an unreviewed candidate (written by fives fuzz,"
        " its expectation proposed by the reference engine) is not a case. To promote it,"
        " work every expected value by hand from the sources, write its worked note"
        " (`worked`; `expect.arithmetic` in a layout fixture) and its citation (`sources`"
        " with the verbatim quote), then remove its `reviewed` field."
    )


def read_text(path: Path, limit: int = fixture_yaml.MAX_BYTES) -> str:
    """A suite file as UTF-8 text, or a FixtureError naming it (too large, not UTF-8)."""
    with path.open("rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise FixtureError(f"{path}: larger than {limit} bytes; a fixture is a short fact")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FixtureError(f"{path}: line {line}: not UTF-8 text") from None


def check_primary(primary: str, rules: Sequence[str], games: Sequence[str]) -> str | None:
    """Why ``primary`` cannot be the primary rule of a fixture, or None if it can: it must
    be one of its ``rules`` and a rule of every game it lists (a fixture whose primary
    rule one game does not cite is split in two)."""
    if primary not in rules:
        return f"{primary} is not one of the fixture's rules ({', '.join(rules)})"
    missing = [g for g in games if primary not in find_game(g).rules]
    if missing:
        return (
            f"{primary} is not a rule of {', '.join(missing)}: give those games"
            " a fixture of their own"
        )
    return None
