"""The filters of a run (``--game``, ``--rule``, ``--level``, ``--case``): which cases they
keep, which they leave out, and the valid names when one is misspelt.

A filtered run is not a certificate; the verdict needs to know what the filters left out,
and every report records them, so the filters travel with the run as one value.
"""

from __future__ import annotations

import difflib
import fnmatch
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fives_engine import find_game, game_names
from fives_tools.certify.cases import Case, levels


@dataclass(frozen=True)
class Filters:
    """The names given to each filter option; empty tuples keep every case."""

    games: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        games: Sequence[str] = (),
        rules: Sequence[str] = (),
        levels: Sequence[str] = (),
        patterns: Sequence[str] = (),
    ) -> Filters:
        return cls(tuple(games), tuple(rules), tuple(levels), tuple(patterns))

    def keeps(self, case: Case) -> bool:
        return (
            (not self.games or case.game in self.games)
            and (not self.rules or bool(set(self.rules) & set(case.rules)))
            and (not self.patterns or any(fnmatch.fnmatchcase(case.id, p) for p in self.patterns))
            and (not self.levels or case.capability in self.levels)
        )

    def as_dict(self) -> dict[str, list[str]]:
        """Option name (without ``--``) to the values given, for the reports."""
        return {
            "game": list(self.games),
            "rule": list(self.rules),
            "level": list(self.levels),
            "case": list(self.patterns),
        }

    def options(self) -> str:
        """The filters as command-line options, e.g. ``--level attach-points``."""
        return " ".join(
            f"--{name} {value}" for name, values in self.as_dict().items() for value in values
        )


def split(cases: Iterable[Case], filters: Filters) -> tuple[list[Case], list[Case]]:
    """The cases the filters keep, and the ones they leave out."""
    kept: list[Case] = []
    left_out: list[Case] = []
    for case in cases:
        (kept if filters.keeps(case) else left_out).append(case)
    return kept, left_out


def _unknown(kind: str, names: Iterable[str], valid: Sequence[str], listed: bool) -> list[str]:
    out = []
    for name in names:
        if name in valid:
            continue
        close = difflib.get_close_matches(name, valid, n=3, cutoff=0.6)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        if listed:
            hint += f" (the {kind}s: {', '.join(valid)})"
        elif not close:
            hint += f" (`fives coverage` lists every {kind} ID)"
        out.append(f"unknown {kind} {name!r}{hint}")
    return out


def unmatched_entries(entries: Iterable[str], ids: Sequence[str]) -> list[str]:
    """One message per known-failures entry that matches no case ID of the suite, with
    the closest IDs: a typo must not leave a real failure counting against the run while
    the list seems to cover it, nor go unnoticed."""
    out = []
    for entry in entries:
        if any(fnmatch.fnmatchcase(case_id, entry) for case_id in ids):
            continue
        close = difflib.get_close_matches(entry, ids, n=3, cutoff=0.6)
        hint = f"; did you mean {' or '.join(close)}?" if close else " (`fives cases` lists them)"
        out.append(f"known-failures entry {entry!r} matches no case{hint}")
    return out


def unknown_names(filters: Filters) -> list[str]:
    """One message per game, level or rule name that does not exist, with the closest
    valid names: a typo must not silently select nothing (or everything else)."""
    games = game_names()
    rules = sorted({rule for game in games for rule in find_game(game).rules})
    return (
        _unknown("game", filters.games, games, listed=True)
        + _unknown("level", filters.levels, list(levels.LEVELS), listed=True)
        + _unknown("rule", filters.rules, rules, listed=False)
    )
