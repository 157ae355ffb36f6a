"""The suite's cases: fixtures read, validated and expanded into cases.

A fixture is a YAML file under ``fixtures/``; a case is one fixture under one game and one
capability level, with the stable ID ``<game>/<fixture ID>#<level>``. Everything the
harness and the renderers know about the suite comes through here. A malformed fixture
raises :class:`FixtureError` naming the file, the line and the field, and what was
expected there.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from fives_engine import find_game
from fives_tools import fixture_yaml, levels


class FixtureError(ValueError):
    """A fixture that breaks its schema or names something that does not exist."""


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


@functools.cache
def _schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((schemas_dir() / f"{name}.schema.json").read_text("utf-8"))
    return data


def _line_of(node: yaml.Node, path: Sequence[str | int]) -> int:
    """1-based line of the YAML node at ``path`` (or of its nearest existing parent)."""
    for key in path:
        if isinstance(node, yaml.MappingNode):
            nxt = next((v for k, v in node.value if k.value == key), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            nxt = node.value[key]
        else:
            nxt = None
        if nxt is None:
            break
        node = nxt
    return node.start_mark.line + 1


def _field(path: Iterable[str | int]) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out or "(top level)"


def unreviewed(path: Path, line: int) -> FixtureError:
    """The refusal of a candidate fixture that nobody has worked by hand yet."""
    return FixtureError(
        f"{path}: line {line}: field reviewed: an unreviewed candidate (written by fives fuzz,"
        " its expectation proposed by the reference engine) is not a case. To promote it,"
        " work every expected value by hand from the sources, write its worked note"
        " (`worked`; `expect.arithmetic` in a layout fixture) and its citation (`sources`"
        " with the verbatim quote), then remove its `reviewed` field."
    )


#: the fixture kinds, each with its schema ``spec/schemas/<kind>-fixture.schema.json``
KINDS = ("layout", "score", "turns", "settlement", "match")


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


def read_fixture(path: Path, allow_unreviewed: bool = False) -> dict[str, Any]:
    """Parse and validate one fixture file; errors name the file, line and field.

    A candidate marked ``reviewed: false`` is refused unless ``allow_unreviewed``:
    conformance verdicts come only from expectations worked by hand."""
    try:
        node, data = fixture_yaml.compose_and_load(read_text(path))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = f"line {mark.line + 1}: " if mark is not None else ""
        what = "" if isinstance(exc, fixture_yaml.Refused) else "not valid YAML: "
        raise FixtureError(f"{path}: {line}{what}{exc.problem}") from None
    except yaml.YAMLError as exc:
        raise FixtureError(f"{path}: not valid YAML: {exc}") from None
    if not isinstance(data, dict) or node is None:
        raise FixtureError(f"{path}: line 1: a fixture is a YAML mapping")
    kind = data.get("kind", "layout")
    if kind not in KINDS:
        raise FixtureError(
            f"{path}: line {_line_of(node, ['kind'])}: field kind: {kind!r} is not a fixture"
            f" kind; expected one of {', '.join(KINDS)}"
        )
    validator = jsonschema.Draft202012Validator(_schema(f"{kind}-fixture"))
    errors = sorted(
        validator.iter_errors({k: v for k, v in data.items() if k != "kind"}),
        key=lambda e: list(map(str, e.absolute_path)),
    )
    if errors:
        err = errors[0]
        where = list(err.absolute_path)
        raise FixtureError(
            f"{path}: line {_line_of(node, where)}: field {_field(where)}: {err.message}"
        )
    if data.get("reviewed") is False and not allow_unreviewed:
        raise unreviewed(path, _line_of(node, ["reviewed"]))
    data["kind"] = kind
    return data


def _line_in(path: Path, field: str) -> int:
    """The line of a top-level field, read again only to word an error."""
    node = yaml.compose(path.read_text(encoding="utf-8"))
    return _line_of(node, [field]) if node is not None else 1


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


def _check_names(path: Path, data: dict[str, Any]) -> None:
    known: set[str] = set()
    for game in data["games"]:
        known |= set(find_game(game).rules)
    unknown = [r for r in data["rules"] if r not in known]
    if unknown:
        raise FixtureError(
            f"{path}: line {_line_in(path, 'rules')}: field rules: {', '.join(unknown)}"
            f" is not a rule of {', '.join(data['games'])} (see spec/games/)"
        )
    problem = check_primary(data["primary"], data["rules"], data["games"])
    if problem:
        raise FixtureError(f"{path}: line {_line_in(path, 'primary')}: field primary: {problem}")


#: The fixture fields each kind sends as its request (``spec/protocol.md``), beyond
#: ``type`` and ``game``; the layout kind builds its request itself.
REQUEST_FIELDS = {
    "score": ("total",),
    "turns": ("players", "partnerships", "deal_option", "deal", "actions", "reject"),
    "settlement": (
        "players",
        "partnerships",
        "hands",
        "went_out",
        "block",
        "leader",
        "last_play",
        "scores",
    ),
    "match": ("players", "partnerships", "deal_option", "target", "scores", "hands"),
}


def _request(data: dict[str, Any], game: str) -> dict[str, Any]:
    fields = REQUEST_FIELDS.get(data["kind"])
    if fields is not None:
        return {"type": data["kind"], "game": game, **{k: data[k] for k in fields if k in data}}
    request: dict[str, Any] = {"type": data["kind"], "game": game, "plays": list(data["plays"])}
    if "reject" in data:
        request["reject"] = data["reject"]
    legal = data["expect"].get("legal_plays")
    if legal is not None:
        request["hand"] = list(legal["hand"])
    return request


def _expect(path: Path, data: dict[str, Any], game: str) -> dict[str, Any]:
    """The expectation for one game: as written, less what the game does not keep."""
    expect = dict(data["expect"])
    expect.pop("arithmetic", None)
    if "legal_plays" in expect:
        expect["legal_plays"] = list(expect["legal_plays"]["plays"])
    if "score" in expect:
        score = dict(expect["score"])
        if find_game(game).score_unit != "display":
            score.pop("display", None)
        elif "display" not in score:
            raise FixtureError(
                f"{path}: field expect.score.display: required, since {game} keeps display points"
            )
        expect["score"] = score
    return expect


def _by_capability(kind: str, expect: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Split an expectation into the capability levels it checks (see levels.py)."""
    if kind != "layout":
        return [(levels.KIND_LEVEL[kind], expect)]
    parts = []
    for level, fields in levels.LAYOUT_FIELDS.items():
        part = {k: expect[k] for k in fields if k in expect}
        if part:
            parts.append((level, part))
    return parts


def cases_from(path: Path) -> list[Case]:
    """The cases of one fixture: one per game and capability level, ID ``game/id#level``."""
    data = read_fixture(path)
    _check_names(path, data)
    out = []
    for game in data["games"]:
        ruleset = find_game(game)
        for capability, expect in _by_capability(data["kind"], _expect(path, data, game)):
            out.append(
                Case(
                    id=f"{game}/{data['id']}#{capability}",
                    game=game,
                    fixture_id=data["id"],
                    title=data["title"],
                    kind=data["kind"],
                    level=data["level"],
                    rules=tuple(r for r in data["rules"] if r in ruleset.rules),
                    sources=tuple(data["sources"]),
                    request=_request(data, game),
                    expect=expect,
                    path=path,
                    interpretation=data.get("interpretation"),
                    capability=capability,
                    primary=data["primary"],
                )
            )
    return out


def fixture_paths(root: Path | None = None) -> list[Path]:
    return sorted((root or fixtures_dir()).rglob("*.yaml"))


def perft_paths(root: Path | None = None) -> list[Path]:
    return sorted((root or fixtures_dir()).rglob("*.perft"))


def load_cases(root: Path | None = None) -> list[Case]:
    """Every case of the suite (YAML fixtures, then perft files), in a stable order; IDs
    are checked to be unique."""
    from fives_tools.perft_file import perft_cases  # it builds on this module

    cases: list[Case] = []
    seen: dict[str, Path] = {}
    sources = [(p, cases_from) for p in fixture_paths(root)]
    sources += [(p, perft_cases) for p in perft_paths(root)]
    for path, read in sources:
        for case in read(path):
            if case.id in seen:
                raise FixtureError(
                    f"{path}: field id: case {case.id} is also defined in {seen[case.id]}"
                )
            seen[case.id] = path
            cases.append(case)
    return cases
