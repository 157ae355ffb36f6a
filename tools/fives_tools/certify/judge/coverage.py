"""What a certificate covers: per game, how many of the suite's cases the implementation's
declared games, player counts and levels reach, and what stays unchecked and why.

Computed here once, from the run alone, for every output (console, JSON, Markdown, HTML,
JUnit, badges, ``fives compare``): a verdict over 29 cases of 574 must never read like a
verdict on the whole game. A case is *checked* when it ran (pass, fail or error); one
that did not is counted once, under the first reason it was not run: its game is not
declared, its level is not declared, its player count is not declared, or the filters
left it out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from fives_engine import find_game, game_names
from fives_tools.certify.cases import Case, levels
from fives_tools.certify.findings.status import SKIP
from fives_tools.certify.runner import Run

#: The kinds of reason a case was not checked.
GAME, LEVEL, PLAYERS, FILTERS = "game", "level", "players", "filters"


def _and(numbers: Sequence[int]) -> str:
    """``2``, ``3 and 4``, ``2, 3 and 4``."""
    words = list(map(str, numbers))
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


@dataclass(frozen=True)
class Unchecked:
    """Cases of one game not checked for one reason: ``what`` is the level, the player
    count (``"3 players"``), ``"game not declared"`` or ``"left out by the filters"``."""

    kind: str
    what: str
    cases: int

    @property
    def text(self) -> str:
        return f"{self.what} ({self.cases})"


@dataclass(frozen=True)
class GameCoverage:
    game: str
    cases: int  # the suite's cases of the game (those the run was given)
    checked: int
    levels: tuple[str, ...]  # the levels of the checked cases, in the certificate's order
    players: tuple[int, ...]  # the declared player counts the game is played with
    unchecked: tuple[Unchecked, ...]
    players_not_declared: tuple[int, ...]  # the game's player counts not declared

    @property
    def title(self) -> str:
        return find_game(self.game).title if self.game in game_names() else self.game

    @property
    def whole(self) -> bool:
        return self.checked == self.cases

    @property
    def text(self) -> str:
        """E.g. ``All Fives: 29 of 196 cases checked (levels play-score, score-table;
        2 players); not checked: scoring-ends (41), ..., 3 players (20)``."""
        if self.whole:
            return f"{self.title}: all {self.cases} cases checked"
        head = f"{self.title}: {self.checked} of {self.cases} cases checked"
        if self.checked:
            head += f" (levels {', '.join(self.levels)}; {_and(self.players)} players)"
        text = head + "; not checked: " + ", ".join(u.text for u in self.unchecked)
        listed = {u.what for u in self.unchecked}
        unlisted = [n for n in self.players_not_declared if f"{n} players" not in listed]
        if unlisted and GAME not in {u.kind for u in self.unchecked}:
            text += f"; {_and(unlisted)} players not declared"
        return text


@dataclass(frozen=True)
class Coverage:
    games: tuple[GameCoverage, ...]

    @property
    def cases(self) -> int:
        return sum(g.cases for g in self.games)

    @property
    def checked(self) -> int:
        return sum(g.checked for g in self.games)

    @property
    def declared_whole(self) -> bool:
        """The declaration reaches every case: only the filters (if any) left cases out."""
        return all(u.kind == FILTERS for g in self.games for u in g.unchecked)

    @property
    def percent(self) -> int:
        """The share checked, rounded down: 573 of 574 is 99%, never 100%."""
        return self.checked * 100 // self.cases if self.cases else 0

    @property
    def text(self) -> str:
        """The whole in a few words, e.g. ``29 of 574 cases (5%)``."""
        return f"{self.checked} of {self.cases} cases ({self.percent}%)"

    @property
    def heading(self) -> str:
        """``Covers all 574 cases`` or ``Covers 29 of 574 cases (5%)``: the line above
        :meth:`lines`."""
        if self.checked == self.cases:
            return f"Covers all {self.cases} cases"
        return f"Covers {self.text}"

    def lines(self) -> list[str]:
        """One line per game (:attr:`GameCoverage.text`)."""
        return [g.text for g in self.games]

    def as_json(self) -> dict[str, object]:
        return {
            "cases": self.cases,
            "checked": self.checked,
            "percent": self.percent,
            "whole": self.checked == self.cases,
            "text": self.text,
            "games": [
                {
                    "game": g.game,
                    "cases": g.cases,
                    "checked": g.checked,
                    "levels": list(g.levels),
                    "players": list(g.players),
                    "players_not_declared": list(g.players_not_declared),
                    "not_checked": [
                        {"kind": u.kind, "what": u.what, "cases": u.cases} for u in g.unchecked
                    ],
                    "text": g.text,
                }
                for g in self.games
            ],
        }


def _reason(run: Run, case: Case, filtered: bool) -> tuple[str, str]:
    info = run.adapter
    if case.game not in info.games:
        return GAME, "game not declared"
    if case.capability not in info.levels:
        return LEVEL, case.capability
    players = case.request.get("players")
    if isinstance(players, int) and players not in info.players:
        return PLAYERS, f"{players} players"
    if filtered:
        return FILTERS, "left out by the filters"
    return LEVEL, case.capability  # skipped for a reason of its own: named by its level


def _order(item: tuple[tuple[str, str], int]) -> tuple[int, int, str]:
    (kind, what), _ = item
    rank = (GAME, LEVEL, PLAYERS, FILTERS).index(kind)
    return rank, levels.order(what) if kind == LEVEL else 0, what


def _game(
    run: Run, game: str, ran: Sequence[Case], not_run: Sequence[tuple[Case, bool]]
) -> GameCoverage:
    reasons = Counter(_reason(run, case, filtered) for case, filtered in not_run)
    played = find_game(game).players if game in game_names() else tuple(run.adapter.players)
    return GameCoverage(
        game,
        len(ran) + len(not_run),
        len(ran),
        tuple(sorted({c.capability for c in ran}, key=levels.order)),
        tuple(n for n in played if n in run.adapter.players),
        tuple(Unchecked(kind, what, n) for (kind, what), n in sorted(reasons.items(), key=_order)),
        tuple(n for n in played if n not in run.adapter.players),
    )


def coverage(run: Run) -> Coverage:
    """What ``run`` covers, game by game (games as the spec lists them)."""
    ran: dict[str, list[Case]] = {}
    not_run: dict[str, list[tuple[Case, bool]]] = {}
    for result in run.results:
        if result.status == SKIP:
            not_run.setdefault(result.case.game, []).append((result.case, False))
        else:
            ran.setdefault(result.case.game, []).append(result.case)
    for case in run.left_out:
        not_run.setdefault(case.game, []).append((case, True))
    present = set(ran) | set(not_run)
    order = [g for g in game_names() if g in present] + sorted(present - set(game_names()))
    return Coverage(
        tuple(_game(run, game, ran.get(game, []), not_run.get(game, [])) for game in order)
    )
