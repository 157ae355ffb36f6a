"""The bent engines. Each is the reference implementation with one rule bent the way
real implementers get it wrong, and names the rule it breaks (``BENT_RULE``).

Certify one by hand with, for example::

    fives certify --python tests.bent_engines.catalog:CountsInteriorSpinner
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

from fives_engine import IllegalPlayError, Ruleset, Score, ScoringEnd
from fives_engine.layout import _STATES, BRANCH_PORTS, STRAIGHT_PORTS, Layout, _Placed
from fives_engine.terms import END_PORTS, Play, Port, port_pips
from fives_tools.reference_adapter import ReferenceImplementation, handle


class Bent(ReferenceImplementation):
    """The reference implementation with ``patches()`` applied while it answers."""

    BENT_RULE = ""
    MISTAKE = ""

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        raise NotImplementedError

    def start(self) -> dict[str, Any]:
        ready = super().start()
        ready["implementation"] = {**ready["implementation"], "name": f"bent: {self.MISTAKE}"}
        return ready

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        with contextlib.ExitStack() as stack:
            # Tile states are shared values worked out once: a bent engine works out its
            # own and leaves none behind.
            stack.enter_context(mock.patch.dict(_STATES, clear=True))
            for patch in self.patches():
                stack.enter_context(patch)
            return handle(request)


def _ignoring(rule: str) -> contextlib.AbstractContextManager[Any]:
    """Layout checks that let plays through which break ``rule``."""
    original: Callable[[Layout, Play], None] = Layout._check

    def check(self: Layout, play: Play) -> None:
        try:
            original(self, play)
        except IllegalPlayError as exc:
            if exc.rule != rule:
                raise

    return mock.patch.object(Layout, "_check", check)


def _scoring(fn: Callable[[_Placed], list[ScoringEnd]]) -> contextlib.AbstractContextManager[Any]:
    return mock.patch.object(_Placed, "scoring_ends", fn)


def _straights_full(p: _Placed) -> bool:
    return all(port in p.used for port in STRAIGHT_PORTS)


def _end_ports(p: _Placed) -> list[ScoringEnd]:
    return [
        ScoringEnd(p.tile, port_pips(p.tile, port), port)
        for port in END_PORTS
        if port not in p.used
    ]


class CountsInteriorSpinner(Bent):
    BENT_RULE = "score.ends.double-interior-zero"
    MISTAKE = "a spinner still counts after both straight sides are filled"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def ends(p: _Placed) -> list[ScoringEnd]:
            return [ScoringEnd(p.tile, p.tile.pips)] if p.tile.is_double else _end_ports(p)

        return [_scoring(ends)]


class BranchesBeforeStraights(Bent):
    BENT_RULE = "layout.spinner.straights-first"
    MISTAKE = "side branches open before both straight sides are filled"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = _Placed.open_ports

        def open_ports(p: _Placed) -> Iterator[Port]:
            if p.tile.is_double and p.spinner and not _straights_full(p):
                yield from (port for port in BRANCH_PORTS if port not in p.used)
            yield from original(p)

        return [_ignoring(self.BENT_RULE), mock.patch.object(_Placed, "open_ports", open_ports)]


class CountsUnstartedBranch(Bent):
    BENT_RULE = "score.ends.unstarted-branch-zero"
    MISTAKE = "an unstarted side branch counts the spinner's pips"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def ends(p: _Placed) -> list[ScoringEnd]:
            if not p.tile.is_double:
                return _end_ports(p)
            if not _straights_full(p):
                return [ScoringEnd(p.tile, p.tile.pips)]
            open_branches = [b for b in BRANCH_PORTS if b not in p.used] if p.spinner else []
            return [ScoringEnd(p.tile, p.tile.low, b) for b in open_branches]

        return [_scoring(ends)]


class EveryDoubleSpinsInAllFives(Bent):
    BENT_RULE = "layout.spinner.first-double"
    MISTAKE = "every double is a spinner in All Fives too"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [mock.patch.object(Ruleset, "spinners", property(lambda self: "every-double"))]


class OnlyFirstDoubleSpinsInFiveUp(Bent):
    BENT_RULE = "layout.spinner.every-double"
    MISTAKE = "only the first double is a spinner in Five Up and Exact 61"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [mock.patch.object(Ruleset, "spinners", property(lambda self: "first-double"))]


class LoneDoublePerOpenSide(Bent):
    BENT_RULE = "score.ends.double-outer-both-halves"
    MISTAKE = "a lone double counts once per open straight side"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def ends(p: _Placed) -> list[ScoringEnd]:
            if not p.tile.is_double:
                return _end_ports(p)
            return [ScoringEnd(p.tile, p.tile.pips, s) for s in STRAIGHT_PORTS if s not in p.used]

        return [_scoring(ends)]


class OuterDoubleCountsOneHalf(Bent):
    BENT_RULE = "score.ends.double-outer-both-halves"
    MISTAKE = "a double at an outer end counts one half only"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def ends(p: _Placed) -> list[ScoringEnd]:
            if not p.tile.is_double:
                return _end_ports(p)
            return [] if _straights_full(p) else [ScoringEnd(p.tile, p.tile.low)]

        return [_scoring(ends)]


def _score_patch(fn: Callable[[Ruleset, int], Score]) -> contextlib.AbstractContextManager[Any]:
    return mock.patch.object(Ruleset, "play_score", fn)


class ScoresRoundedDownTotals(Bent):
    BENT_RULE = "score.play.multiple-of-five"
    MISTAKE = "any total scores, rounded down to a multiple of 5"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def play_score(self: Ruleset, total: int) -> Score:
            raw = total - total % 5
            return Score(raw, raw // 5 if self.score_unit == "display" else None)

        return [_score_patch(play_score)]


class DisplayNotDivided(Bent):
    BENT_RULE = "score.unit.display"
    MISTAKE = "display points are raw points (not divided by 5)"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = Ruleset.play_score

        def play_score(self: Ruleset, total: int) -> Score:
            score = original(self, total)
            return Score(score.raw, None if score.display is None else score.raw)

        return [_score_patch(play_score)]


class AllFivesInDisplayPoints(Bent):
    BENT_RULE = "score.unit.raw"
    MISTAKE = "All Fives scores kept in display points (raw / 5)"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = Ruleset.play_score

        def play_score(self: Ruleset, total: int) -> Score:
            score = original(self, total)
            return Score(score.raw // 5, None) if self.score_unit == "raw" else score

        return [_score_patch(play_score)]


class LeadDoesNotScore(Bent):
    BENT_RULE = "score.play.multiple-of-five"
    MISTAKE = "the lead never scores"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = Layout.play

        def play(self: Layout, p: Play | str) -> int:
            original(self, p)
            if len(self) == 1:
                self._total = 0
            return self.total

        return [mock.patch.object(Layout, "play", play)]


class SideBBeforeA(Bent):
    BENT_RULE = "layout.side-a-first"
    MISTAKE = "side B may be used while side A is open"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_ignoring(self.BENT_RULE)]


class AnyPipsMatch(Bent):
    BENT_RULE = "play.match-attach-point"
    MISTAKE = "a tile may join an attach point of other pips"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_ignoring(self.BENT_RULE)]


class TilePlayedTwice(Bent):
    BENT_RULE = "equipment.double-six"
    MISTAKE = "a tile already in the layout may be played again"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_ignoring(self.BENT_RULE)]


class LaterDoublesNotCrosswise(Bent):
    BENT_RULE = "layout.double.crosswise"
    MISTAKE = "a double joins by an end like any tile (no straight sides)"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def ends(p: _Placed) -> list[ScoringEnd]:
            if not p.tile.is_double:
                return _end_ports(p)
            used = len([s for s in STRAIGHT_PORTS if s in p.used])
            return [ScoringEnd(p.tile, p.tile.low, None)] * (2 - used)

        return [_scoring(ends)]


ALL: list[type[Bent]] = [
    CountsInteriorSpinner,
    BranchesBeforeStraights,
    CountsUnstartedBranch,
    EveryDoubleSpinsInAllFives,
    OnlyFirstDoubleSpinsInFiveUp,
    LoneDoublePerOpenSide,
    OuterDoubleCountsOneHalf,
    ScoresRoundedDownTotals,
    DisplayNotDivided,
    AllFivesInDisplayPoints,
    LeadDoesNotScore,
    SideBBeforeA,
    AnyPipsMatch,
    TilePlayedTwice,
    LaterDoublesNotCrosswise,
]
