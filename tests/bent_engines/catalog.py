"""The bent engines. Each is the reference implementation with one rule bent the way
real implementers get it wrong, and names the rule it breaks (``BENT_RULE``).

Certify one by hand with, for example::

    fives certify --python tests.bent_engines.catalog:CountsInteriorSpinner
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from unittest import mock

from fives_engine import (
    DRAW,
    PASS,
    Action,
    Deal,
    HandState,
    IllegalActionError,
    IllegalDealError,
    IllegalMoveError,
    MatchState,
    Ruleset,
    Score,
    ScoringEnd,
    Setup,
    Tile,
    settlement,
)
from fives_engine import deal as deal_module
from fives_engine.layout import (
    _STATES,
    BRANCH_PORTS,
    EVERY_DOUBLE,
    FIRST_DOUBLE,
    STRAIGHT_PORTS,
    Layout,
    _Placed,
)
from fives_engine.terms import END_PORTS, Play, Port, port_pips
from fives_engine.tiles import pip_count
from fives_tools.certify.adapters.reference import ReferenceImplementation, handle


class Bent(ReferenceImplementation):
    """The reference implementation with ``patches()`` applied while it answers."""

    BENT_RULE = ""
    MISTAKE = ""
    #: whether it can be dealt the suite's steered games (``selfplay_deals``): off, so that
    #: tests/test_selfplay_audit.py holds each to its own random games, one match per
    #: table; tests/test_steered.py deals them where it asks
    STEERED = False

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        raise NotImplementedError

    def start(self) -> dict[str, Any]:
        ready = super().start()
        ready["implementation"] = {**ready["implementation"], "name": f"bent: {self.MISTAKE}"}
        if not self.STEERED:
            del ready["selfplay_deals"]
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
        except IllegalMoveError as exc:
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
        def play_raw(total: int) -> int:
            return total - total % 5

        return [mock.patch.object(Ruleset, "play_raw", staticmethod(play_raw))]


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
    MISTAKE = "a play naming side B while side A is open takes side B, a place of its own"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [mock.patch.object(Layout, "same_move", lambda self, play: play)]


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


class RoundsTotalToNearestFive(Bent):
    """A Five Up adapter written from the protocol with this one bug, and declaring Five
    Up alone: its layouts, ends and totals are all right, so only the scoring rule may
    carry FAIL."""

    BENT_RULE = "score.play.multiple-of-five"
    MISTAKE = "Five Up: a total that is no multiple of 5 scores, rounded to the nearest 5"

    def start(self) -> dict[str, Any]:
        return {**super().start(), "games": ["five-up"]}

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def play_raw(total: int) -> int:
            return (total + 2) // 5 * 5  # remainders 1 and 2 down, 3 and 4 up

        return [mock.patch.object(Ruleset, "play_raw", staticmethod(play_raw))]


class NonLeadSpinnerCountsInterior(Bent):
    """Only a spinner that was not the lead goes wrong: once both its straight sides are
    filled it still counts its pips (listed as a scoring end, and in the total)."""

    BENT_RULE = "score.ends.double-interior-zero"
    MISTAKE = "a spinner that was not the lead still counts once both straight sides are filled"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        place, listed = Layout._place, Layout.scoring_ends

        def interior(layout: Layout) -> list[ScoringEnd]:
            lead = layout._order[0] if layout._order else None
            return [
                ScoringEnd(tile, tile.pips)
                for tile, p in layout._placed.items()
                if tile != lead and tile.is_double and p.spinner and _straights_full(p)
            ]

        def bent_place(self: Layout, play: Play) -> int:
            place(self, play)
            self._total = sum(p.value for p in self._placed.values())
            self._total += sum(end.value for end in interior(self))
            return self._total

        def scoring_ends(self: Layout) -> list[ScoringEnd]:
            return sorted([*listed(self), *interior(self)], key=ScoringEnd.sort_key)

        return [
            mock.patch.object(Layout, "_place", bent_place),
            mock.patch.object(Layout, "scoring_ends", scoring_ends),
        ]


# -- turns, settlement and match end ------------------------------------------------------


def _hand_ignoring(rule: str) -> contextlib.AbstractContextManager[Any]:
    """Hand checks that let actions through which break ``rule``."""
    original = HandState._check

    def check(self: HandState, action: Action, seat: int) -> None:
        try:
            original(self, action, seat)
        except IllegalActionError as exc:
            if exc.rule != rule:
                raise

    return mock.patch.object(HandState, "_check", check)


class DrawWhileHoldingPlay(Bent):
    BENT_RULE = "turn.must-play"
    MISTAKE = "a player holding a legal play may draw instead"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = HandState.legal_actions

        def legal_actions(self: HandState) -> list[Action]:
            actions = original(self)
            if actions and actions[0] not in (DRAW, PASS) and self.drawn is None and self.boneyard:
                actions.append(DRAW)
            return actions

        return [
            _hand_ignoring(self.BENT_RULE),
            mock.patch.object(HandState, "legal_actions", legal_actions),
        ]


class PlayAnotherAfterDraw(Bent):
    BENT_RULE = "turn.play-drawn-tile"
    MISTAKE = "after drawing a playable tile the player may play another tile instead"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = HandState.legal_actions

        def legal_actions(self: HandState) -> list[Action]:
            if self.drawn is not None and not self.is_terminal:
                return list(self.layout.legal_plays(self.hand(self.current_player or 0)))
            return original(self)

        return [
            _hand_ignoring(self.BENT_RULE),
            mock.patch.object(HandState, "legal_actions", legal_actions),
        ]


class RoundsTwoUp(Bent):
    BENT_RULE = "settle.round-nearest-five"
    MISTAKE = "a remainder of 2 rounds up"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [mock.patch.object(settlement, "round_to_five", lambda pips: (pips + 3) // 5 * 5)]


class RoundsThreeDown(Bent):
    BENT_RULE = "settle.round-nearest-five"
    MISTAKE = "a remainder of 3 rounds down"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [mock.patch.object(settlement, "round_to_five", lambda pips: (pips + 1) // 5 * 5)]


class PartnersRoundedTogether(Bent):
    BENT_RULE = "settle.partners-apart"
    MISTAKE = "partners' remaining hands are added up and rounded together"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def deduct(setup: Setup, hands: Sequence[Sequence[Tile]]) -> list[settlement.Item]:
            pips: dict[int, int] = {}
            for seat, hand in enumerate(hands):
                if hand:
                    pips[setup.side_of(seat)] = pips.get(setup.side_of(seat), 0) + pip_count(hand)
            items = []
            for side, total in sorted(pips.items()):
                rounded = settlement.round_to_five(total)
                items.append(
                    settlement.Item(
                        side, -rounded, "deduction", {"pips": total, "rounded": rounded}
                    )
                )
            return items

        return [mock.patch.object(settlement, "deduct_each_hand", deduct)]


class OvershootAppliedInPart(Bent):
    BENT_RULE = "match.overshoot-discarded"
    MISTAKE = "Exact 61: an event passing 61 is applied up to 61 instead of discarded"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = MatchState._score_item

        def score_item(self: MatchState, item: settlement.Item) -> None:
            side = self.setup.side_of(item.seat)
            room = self.setup.target - self.scores[side]
            if self.ruleset.overshoot == "discard-event" and item.raw > room:
                item = settlement.Item(item.seat, room, item.cause, item.details)
            original(self, item)

        return [mock.patch.object(MatchState, "_score_item", score_item)]


class BlockComparedWithPartner(Bent):
    BENT_RULE = "settle.exact-61.block-differences"
    MISTAKE = "Exact 61: a blocked hand also scores its differences to the partner's hand"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def others(setup: Setup, seat: int) -> list[int]:
            return [s for s in range(setup.players) if s != seat]

        original = settlement.exact_block

        def block(
            setup: Setup, hands: Sequence[Sequence[Tile]], leader: int
        ) -> list[settlement.Item]:
            with mock.patch.object(settlement, "_opponents", others):
                return original(setup, hands, leader)

        bent = dataclasses.replace(settlement.SETTLEMENTS["exact-61-differences"], block=block)
        return [mock.patch.dict(settlement.SETTLEMENTS, {"exact-61-differences": bent})]


class TieAtTheTopWins(Bent):
    BENT_RULE = "match.tie-plays-on"
    MISTAKE = "Five Up: a tie at the top over 61 is won by the first side instead of played on"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def check_target(self: MatchState) -> None:
            reached = [s for s, score in enumerate(self.scores) if score >= self.setup.target]
            if reached:
                self._win(max(reached, key=lambda s: self.scores[s]))

        return [mock.patch.object(MatchState, "_check_target", check_target)]


class TargetCheckedBeforeSettlement(Bent):
    BENT_RULE = "match.settle-then-check"
    MISTAKE = "Five Up: a side wins the moment a play reaches 61, before the hand is settled"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = Ruleset.target_check

        def target_check(self: Ruleset) -> str:
            value = original.fget(self)  # type: ignore[attr-defined]
            return "immediate" if value == "after-settlement" else str(value)

        return [mock.patch.object(Ruleset, "target_check", property(target_check))]


class GoingOutScoresOpponents(Bent):
    """Five Up alone: the other reading of five-up.settlement-reward, a question of Five Up
    only (All Fives states its settlement and has no such reading)."""

    BENT_RULE = "settle.deduct-only"
    MISTAKE = "Five Up: the player going out also scores the opponents' pips, as in Exact 61"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def going_out(
            setup: Setup, hands: Sequence[Sequence[Tile]], seat: int, last: int
        ) -> list[settlement.Item]:
            items = settlement.deduct_each_hand(setup, hands)
            pips = sum(
                pip_count(h) for s, h in enumerate(hands) if setup.side_of(s) != setup.side_of(seat)
            )
            return [settlement.Item(seat, settlement.round_to_five(pips), "going-out"), *items]

        bent = dataclasses.replace(settlement.SETTLEMENTS["deduct-each-hand"], going_out=going_out)
        return [mock.patch.dict(settlement.SETTLEMENTS, {"deduct-each-hand": bent})]


# -- boundaries: the end of the boneyard, blocks, targets, ties, zero pips, leaders ------


PASS_RULE = "turn.pass-empty-boneyard"


def _offer_and_check(
    legal_actions: Callable[[HandState], list[Action]],
    check: Callable[[HandState, Action, int], None],
) -> list[contextlib.AbstractContextManager[Any]]:
    """A hand that offers ``legal_actions`` and checks actions by ``check``: a bend of
    what is offered and accepted alike, as an implementation's one mistake changes both."""
    return [
        mock.patch.object(HandState, "_legal_actions", legal_actions),
        mock.patch.object(HandState, "_check", check),
    ]


class LastTileCountsAsEmpty(Bent):
    BENT_RULE = PASS_RULE
    MISTAKE = "with one tile left in the boneyard the player passes instead of drawing it"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        legal, check = HandState._legal_actions, HandState._check

        def last_one(self: HandState) -> bool:
            return len(self.boneyard) == 1

        def legal_actions(self: HandState) -> list[Action]:
            actions = legal(self)
            return [PASS] if actions == [DRAW] and last_one(self) else actions

        def bent_check(self: HandState, action: Action, seat: int) -> None:
            if last_one(self) and action in (DRAW, PASS) and legal_actions(self) == [PASS]:
                if action == DRAW:
                    raise IllegalActionError("the boneyard is empty: pass", PASS_RULE)
                return
            check(self, action, seat)

        return _offer_and_check(legal_actions, bent_check)


def _turn_moves_after_a_draw(
    moves: Callable[[HandState], bool],
) -> contextlib.AbstractContextManager[Any]:
    """A draw after which the turn passes to the next seat whenever ``moves(hand)`` says so
    (it may change the hand first): a bend of who draws or plays next."""
    original = HandState._draw

    def draw(self: HandState) -> None:
        original(self)
        if moves(self):
            self._current = (self._current + 1) % self.players

    return mock.patch.object(HandState, "_draw", draw)


class DrawnLastTileEndsTurn(Bent):
    BENT_RULE = "turn.play-drawn-tile"
    MISTAKE = "the last tile of the boneyard, drawn and playable, is not played: the turn moves on"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def ends_turn(hand: HandState) -> bool:
            if hand.drawn is None or hand.boneyard:
                return False
            hand._drawn = None
            return True

        return [_turn_moves_after_a_draw(ends_turn)]


class BlockWhenBoneyardRunsDry(Bent):
    BENT_RULE = "hand.end.block"
    MISTAKE = "the hand is blocked once the boneyard is empty and the player to act cannot play"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def anyone_can_play(self: HandState) -> bool:
            return self.layout.can_play(self.hand(self._current))

        return [mock.patch.object(HandState, "_anyone_can_play", anyone_can_play)]


class BlockCheckedBeforeDrawnTile(Bent):
    BENT_RULE = "hand.end.block"
    MISTAKE = "drawing the last tile: the block is checked without the playable tile just drawn"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def anyone_can_play(self: HandState) -> bool:
            held = [[t for t in h if t != self.drawn] for h in self.hands]
            return any(self.layout.can_play(h) for h in held)

        return [mock.patch.object(HandState, "_anyone_can_play", anyone_can_play)]


class BlockDeclaredATurnLate(Bent):
    BENT_RULE = "hand.end.block"
    MISTAKE = "the block is declared a turn late, once the next player has passed"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = HandState._anyone_can_play

        def anyone_can_play(self: HandState) -> bool:
            passed = bool(self.actions) and self.actions[-1][1] == PASS
            return original(self) or not passed

        return [mock.patch.object(HandState, "_anyone_can_play", anyone_can_play)]


def _setup_patch(bend: Callable[[Setup, Ruleset], Setup]) -> contextlib.AbstractContextManager[Any]:
    """``Setup.of`` with ``bend(setup, ruleset)`` applied to the table it returns."""
    original = Setup.of.__func__  # type: ignore[attr-defined]

    def of(cls: type[Setup], ruleset: Ruleset, *args: Any, **kwargs: Any) -> Setup:
        return bend(original(cls, ruleset, *args, **kwargs), ruleset)

    return mock.patch.object(Setup, "of", classmethod(of))


class AllFivesTargetBySides(Bent):
    BENT_RULE = "match.target"
    MISTAKE = "All Fives: four players in partnership play to 250, the target of two sides"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def bend(setup: Setup, ruleset: Ruleset) -> Setup:
            if setup.target != ruleset.target(setup.players):
                return setup  # an agreed target
            return dataclasses.replace(setup, target=ruleset.target(setup.sides))

        return [_setup_patch(bend)]


class AgreedTargetIgnored(Bent):
    BENT_RULE = "match.target"
    MISTAKE = "All Fives: an agreed target is ignored and the usual target applies"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def bend(setup: Setup, ruleset: Ruleset) -> Setup:
            return dataclasses.replace(setup, target=ruleset.target(setup.players))

        return [_setup_patch(bend)]


class AllFivesTwoHundredForAll(Bent):
    BENT_RULE = "match.target"
    MISTAKE = "All Fives: two players also play to 200, the target of three or four"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = Ruleset.target

        def target(self: Ruleset, players: int) -> int:
            return original(self, max(self.players))

        return [mock.patch.object(Ruleset, "target", target)]


class TargetSixtyOneRaw(Bent):
    BENT_RULE = "match.target"
    MISTAKE = "Five Up and Exact 61: the target is 61 raw points instead of 61 display (305 raw)"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = Ruleset.target

        def target(self: Ruleset, players: int) -> int:
            raw = original(self, players)
            return raw // self.raw_per_display if self.score_unit == "display" else raw

        return [mock.patch.object(Ruleset, "target", target)]


class TargetMustBePassed(Bent):
    BENT_RULE = "match.settle-then-check"
    MISTAKE = "Five Up: a side exactly on 61 has not reached the target (over, not at or over)"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = MatchState._check_target

        def check_target(self: MatchState) -> None:
            setup = self.setup
            self.setup = dataclasses.replace(setup, target=setup.target + 1)
            try:
                original(self)
            finally:
                self.setup = setup

        return [mock.patch.object(MatchState, "_check_target", check_target)]


class TieBreakIsSuddenDeath(Bent):
    BENT_RULE = "match.tie-plays-on"
    MISTAKE = "Five Up: after a tie at the top the first side alone on top wins at once, mid-hand"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = MatchState._score_item

        def score_item(self: MatchState, item: settlement.Item) -> None:
            original(self, item)
            tied = any(e.kind == "tie" for e in self.events)
            if tied and not self.is_terminal and self.ruleset.target_check == "after-settlement":
                top = max(self.scores)
                leaders = [s for s, score in enumerate(self.scores) if score == top]
                if top >= self.setup.target and len(leaders) == 1:
                    self._win(leaders[0])

        return [mock.patch.object(MatchState, "_score_item", score_item)]


class ZeroDeductionsLeftOut(Bent):
    BENT_RULE = "settle.deduct-each-hand"
    MISTAKE = "a remaining hand that rounds to 0 (say [0|0] alone, or 2 pips) is not settled at all"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = settlement.deduct_each_hand

        def deduct(setup: Setup, hands: Sequence[Sequence[Tile]]) -> list[settlement.Item]:
            return [item for item in original(setup, hands) if item.raw]

        return [mock.patch.object(settlement, "deduct_each_hand", deduct)]


def _exact_61(**methods: Any) -> contextlib.AbstractContextManager[Any]:
    bent = dataclasses.replace(settlement.SETTLEMENTS["exact-61-differences"], **methods)
    return mock.patch.dict(settlement.SETTLEMENTS, {"exact-61-differences": bent})


def _block_events_then(
    change: Callable[[Setup, list[settlement.Item], int], list[settlement.Item]],
) -> contextlib.AbstractContextManager[Any]:
    """The reference's Exact 61 block events, then ``change``d (given the table and the
    leader)."""
    original = settlement.exact_block

    def block(setup: Setup, hands: Sequence[Sequence[Tile]], leader: int) -> list[settlement.Item]:
        return change(setup, original(setup, hands, leader), leader)

    return _exact_61(block=block)


class ZeroPipHandSkippedInBlock(Bent):
    BENT_RULE = "settle.exact-61.block-differences"
    MISTAKE = "Exact 61: in a block a hand of 0 pips (say [0|0] alone) is taken for no hand"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [
            _block_events_then(lambda setup, items, leader: [i for i in items if i.details["pips"]])
        ]


class BlockEventsInSeatOrder(Bent):
    BENT_RULE = "settle.exact-61.block-events"
    MISTAKE = (
        "Exact 61: a block's events come in seat order from the leader, not lightest hand first"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def in_seat_order(
            setup: Setup, items: list[settlement.Item], leader: int
        ) -> list[settlement.Item]:
            return sorted(items, key=lambda i: (i.seat - leader) % setup.players)

        return [_block_events_then(in_seat_order)]


class BlockComparedWithLighterHands(Bent):
    BENT_RULE = "settle.exact-61.block-differences"
    MISTAKE = "Exact 61: a blocked hand also scores its differences to lighter opposing hands"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def block(
            setup: Setup, hands: Sequence[Sequence[Tile]], leader: int
        ) -> list[settlement.Item]:
            pips = [pip_count(h) for h in hands]
            order = sorted(
                range(setup.players), key=lambda s: (pips[s], (s - leader) % setup.players)
            )
            items = []
            for seat in order:
                others = [
                    o for o in range(setup.players) if setup.side_of(o) != setup.side_of(seat)
                ]
                differences = [abs(pips[o] - pips[seat]) for o in others if pips[o] != pips[seat]]
                rounded = settlement.round_to_five(sum(differences))
                if rounded > 0:
                    details = {
                        "pips": pips[seat],
                        "differences": tuple(differences),
                        "rounded": rounded,
                    }
                    items.append(settlement.Item(seat, rounded, "block", details))
            return items

        return [_exact_61(block=block)]


class TiedBlockGoesToTheFirstSeat(Bent):
    BENT_RULE = "settle.exact-61.block-winner"
    MISTAKE = (
        "Exact 61: opponents tied for the lightest hand: the lowest seat of them wins the block"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def winner(setup: Setup, hands: Sequence[Sequence[Tile]]) -> int | None:
            pips = [pip_count(h) for h in hands]
            return setup.side_of(pips.index(min(pips)))

        return [_exact_61(block_winner=winner)]


class GoingOutEventNeedsPips(Bent):
    BENT_RULE = "settle.exact-61.going-out-event"
    MISTAKE = (
        "Exact 61: when the opponents' pips round to 0 no going-out event is formed,"
        " and the last play's score is lost with it"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = settlement.exact_going_out

        def going_out(
            setup: Setup, hands: Sequence[Sequence[Tile]], seat: int, last: int
        ) -> list[settlement.Item]:
            items = original(setup, hands, seat, last)
            return [i for i in items if i.details["opponents"]["rounded"]]

        return [_exact_61(going_out=going_out)]


class ScoreFloorsAtZero(Bent):
    BENT_RULE = "score.negative"
    MISTAKE = "a score never goes below zero: a deduction stops at 0"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = MatchState._score_item

        def score_item(state: MatchState, item: settlement.Item) -> None:
            original(state, item)
            state.scores[:] = [max(0, score) for score in state.scores]

        return [mock.patch.object(MatchState, "_score_item", score_item)]


class LeadRotates(Bent):
    BENT_RULE = "lead.went-out-leads"
    MISTAKE = "the lead passes clockwise each hand instead of to the player who went out"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = MatchState.deal

        def deal(self: MatchState, d: Deal) -> None:
            if self._went_out is not None and self.hands:
                self._went_out = (self.hands[-1].leader + 1) % self.setup.players
            original(self, d)

        return [mock.patch.object(MatchState, "deal", deal)]


class BlockWinnerLeads(Bent):
    BENT_RULE = "lead.after-block"
    MISTAKE = "Exact 61: the lightest hand of a block leads the next hand, without a new draw"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = MatchState._settle

        def settle(
            self: MatchState,
            hands: Sequence[Sequence[Tile]],
            went_out: int | None,
            leader: int,
            last_play: int,
        ) -> None:
            original(self, hands, went_out, leader, last_play)
            if went_out is None and self.block_winner is not None:
                self._went_out = min(range(len(hands)), key=lambda s: pip_count(hands[s]))
                self._after_block = False

        return [mock.patch.object(MatchState, "_settle", settle)]


class PartnersSideBySide(Bent):
    BENT_RULE = "side.partnership"
    MISTAKE = "partners sit side by side: seats 0 and 1 against seats 2 and 3"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def side_of(self: Setup, seat: int) -> int:
            return seat // 2 if self.partnerships else seat

        def partner_of(self: Setup, seat: int) -> int | None:
            return seat ^ 1 if self.partnerships else None

        return [
            mock.patch.object(Setup, "side_of", side_of),
            mock.patch.object(Setup, "partner_of", partner_of),
        ]


class NeutralDrawRedrawsEveryone(Bent):
    BENT_RULE = "lead.neutral-draw"
    MISTAKE = "a tie in the neutral draw is drawn again by every player, not only the tied"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = deal_module.draw_winner

        def draw_winner(draws: Sequence[deal_module.DrawRound], players: int) -> int:
            if any(None in round_ for round_ in draws[1:]):
                raise IllegalDealError("a tie is drawn again by every player", self.BENT_RULE)
            return original(draws, players)

        return [mock.patch.object(deal_module, "draw_winner", draw_winner)]


# -- the deal, the offered actions, who draws, mirror sides, settlement order, doubles -----


class SevenEachWithTwo(Bent):
    BENT_RULE = "deal.hand-size"
    MISTAKE = "Five Up and Exact 61: two players are dealt seven tiles each, as in the draw game"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = Ruleset.deal_size

        def deal_size(self: Ruleset, players: int, option: str | None = None) -> int:
            size = original(self, players, option)
            return 7 if option is None and players == 2 and size == 5 else size

        return [mock.patch.object(Ruleset, "deal_size", deal_size)]


class PassOfferedWithDraw(Bent):
    BENT_RULE = PASS_RULE
    MISTAKE = (
        "a player without a play is offered a pass beside the draw while the boneyard holds tiles"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        legal, check = HandState._legal_actions, HandState._check

        def legal_actions(self: HandState) -> list[Action]:
            actions = legal(self)
            return [DRAW, PASS] if actions == [DRAW] else actions

        def bent_check(self: HandState, action: Action, seat: int) -> None:
            if action == PASS and legal_actions(self) == [DRAW, PASS]:
                return
            check(self, action, seat)

        return _offer_and_check(legal_actions, bent_check)


class DrawOneThenTurnMoves(Bent):
    BENT_RULE = "turn.draw-until-playable"
    MISTAKE = "a player without a play draws one tile; if it cannot play, the next player draws"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_turn_moves_after_a_draw(lambda hand: hand.drawn is None)]


class MirrorSideOffered(Bent):
    BENT_RULE = "layout.side-a-first"
    MISTAKE = "side B is offered as a place of its own while side A is open (mirror images kept)"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [
            mock.patch.object(Layout, "same_move", lambda self, play: play),
            mock.patch.object(_Placed, "_mirrors_open_side", lambda self, port: False),
        ]


class LastPlayBeforeGoingOutEvent(Bent):
    BENT_RULE = "settle.exact-61.going-out-event"
    MISTAKE = (
        "Exact 61: the play that goes out is checked against 61 on its own, before the"
        " opponents' pips, instead of in one event with them"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_exact_61(merges_last_play=False)]


class JoinedDoubleCountsNothing(Bent):
    BENT_RULE = "score.ends.double-outer-both-halves"
    MISTAKE = (
        "a double counts nothing once a tile joins it, as if interior with a straight side open"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def ends(p: _Placed) -> list[ScoringEnd]:
            if not p.tile.is_double:
                return _end_ports(p)
            return [] if p.used else [ScoringEnd(p.tile, p.tile.pips)]

        return [_scoring(ends)]


class DoubleMustLead(Bent):
    BENT_RULE = "lead.any-tile"
    MISTAKE = (
        "a leader holding a double is offered only their doubles to lead, as in the block game"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        legal, check = HandState._legal_actions, HandState._check

        def doubles_first(self: HandState, actions: list[Action]) -> list[Action]:
            if len(self.layout) or self.drawn is not None:
                return actions
            doubles = [a for a in actions if isinstance(a, Play) and a.tile.is_double]
            return doubles or actions

        def legal_actions(self: HandState) -> list[Action]:
            return doubles_first(self, legal(self))

        def bent_check(self: HandState, action: Action, seat: int) -> None:
            check(self, action, seat)
            leading = not len(self.layout) and isinstance(action, Play)
            if leading and action not in legal_actions(self):
                raise IllegalActionError(f"{action}: lead a double", "lead.any-tile")

        return _offer_and_check(legal_actions, bent_check)


class WentOutTeamNotDeducted(Bent):
    BENT_RULE = "settle.deduct-each-hand"
    MISTAKE = (
        "Five Up and All Fives: the partner of the player who went out is not deducted,"
        " as if the team had gone out"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def going_out(
            setup: Setup, hands: Sequence[Sequence[Tile]], seat: int, last: int
        ) -> list[settlement.Item]:
            items = settlement.deduct_each_hand(setup, hands)
            return [i for i in items if setup.side_of(i.seat) != setup.side_of(seat)]

        bent = dataclasses.replace(
            settlement.SETTLEMENTS["deduct-each-player"], going_out=going_out
        )
        methods = {"deduct-each-hand": bent, "deduct-each-player": bent}
        return [mock.patch.dict(settlement.SETTLEMENTS, methods)]


class LastPlayNotScored(Bent):
    BENT_RULE = "score.last-play"
    MISTAKE = "Five Up and All Fives: the play that goes out scores nothing, the hand being over"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        score, finish = MatchState._score, MatchState.finish_hand

        def score_unless_out(state: MatchState, seat: int, raw: int, cause: str) -> None:
            hand = state.hand
            if not (cause == "play" and hand is not None and hand.went_out is not None):
                score(state, seat, raw, cause)

        def finish_unscored(
            state: MatchState,
            hands: Sequence[Sequence[Tile]],
            went_out: int | None,
            leader: int,
            last_play: int = 0,
        ) -> None:
            merges = state._settlement.merges_last_play
            finish(state, hands, went_out, leader, last_play if merges else 0)

        return [
            mock.patch.object(MatchState, "_score", score_unless_out),
            mock.patch.object(MatchState, "finish_hand", finish_unscored),
        ]


# -- what the suite's earlier rounds let through: later hands, offered lists, ties ---------


def _settled(
    after: Callable[[MatchState, int | None, int], None],
) -> contextlib.AbstractContextManager[Any]:
    """``MatchState._settle`` followed by ``after(match, went_out, leader)``."""
    original = MatchState._settle

    def settle(
        self: MatchState,
        hands: Sequence[Sequence[Tile]],
        went_out: int | None,
        leader: int,
        last_play: int,
    ) -> None:
        original(self, hands, went_out, leader, last_play)
        after(self, went_out, leader)

    return mock.patch.object(MatchState, "_settle", settle)


class NextLeaderCountedFromTheLeader(Bent):
    BENT_RULE = "lead.went-out-leads"
    MISTAKE = "the next leader is the seat that went out counted from this hand's leader"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def after(match: MatchState, went_out: int | None, leader: int) -> None:
            if went_out is not None:
                match._went_out = (went_out - leader) % match.setup.players

        return [_settled(after)]


class LastGoingOutLeadsAfterBlock(Bent):
    BENT_RULE = "lead.after-block"
    MISTAKE = "after a block the player who went out in an earlier hand leads again, no new draw"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = MatchState.deal

        def deal(self: MatchState, d: Deal) -> None:
            outs = [h.went_out for h in self.hands if h.went_out is not None]
            if self._after_block and outs and (d.draws or d.leader != outs[-1]):
                raise IllegalDealError(
                    f"seat {outs[-1]} went out last and leads after the block", "lead.after-block"
                )
            original(self, d)

        return [mock.patch.object(MatchState, "deal", deal)]


class DealOptionFirstHandOnly(Bent):
    BENT_RULE = "deal.hand-size"
    MISTAKE = (
        "All Fives: a deal option holds for the first hand only, later hands get the usual deal"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        from fives_engine import match as match_module

        original = match_module.check_deal

        def check(
            d: Deal, ruleset: Ruleset, setup: Setup, went_out: int | None, after_block: bool
        ) -> int:
            if went_out is not None or after_block:
                setup = dataclasses.replace(setup, deal_option=None)
            return original(d, ruleset, setup, went_out, after_block)

        return [mock.patch.object(match_module, "check_deal", check)]


def _offering(
    ports: Callable[[_Placed], Iterator[Port]] | None = None, spinners: str | None = None
) -> contextlib.AbstractContextManager[Any]:
    """Legal actions offered as if each tile's open places were ``ports`` (or the doubles
    that spin were ``spinners``), while the plays accepted stay the reference's: a bend of
    the offered list alone."""
    original = HandState.legal_actions

    def legal_actions(self: HandState) -> list[Action]:
        actions = original(self)  # keeps what is accepted as it was
        if not actions or actions[0] in (DRAW, PASS) or not self.layout._plays:
            return actions
        held = self._hands[self._current] if self._drawn is None else [self._drawn]
        with contextlib.ExitStack() as stack:
            stack.enter_context(mock.patch.dict(_STATES, clear=True))
            if ports is not None:
                stack.enter_context(mock.patch.object(_Placed, "open_ports", ports))
            try:  # the layout laid anew, each tile's places worked out the bent way
                policy = spinners or self.layout.spinner_policy
                layout = Layout.from_plays(self.layout._plays, policy)
            except IllegalMoveError:
                return actions
            return list(layout.legal_plays(held))

    return mock.patch.object(HandState, "legal_actions", legal_actions)


class BranchesOfferedEarly(Bent):
    BENT_RULE = "layout.spinner.straights-first"
    MISTAKE = (
        "a spinner's branches are offered once one straight side is filled (and refused if played)"
    )

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        ports = _Placed.open_ports

        def early(p: _Placed) -> Iterator[Port]:
            if p.tile.is_double and p.spinner and p.used and not _straights_full(p):
                yield from (port for port in BRANCH_PORTS if port not in p.used)
            yield from ports(p)

        return [_offering(ports=early)]


class LaterDoubleBranchesNotOffered(Bent):
    BENT_RULE = "layout.spinner.every-double"
    MISTAKE = "Five Up: a later double's side branches are not offered (a play there is accepted)"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_offering(spinners=FIRST_DOUBLE)]


class LaterDoubleBranchesOffered(Bent):
    BENT_RULE = "layout.spinner.first-double"
    MISTAKE = "All Fives: a later double's side branches are offered (a play there is refused)"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_offering(spinners=EVERY_DOUBLE)]


class TieGoesToTheSideThatWentOut(Bent):
    BENT_RULE = "match.tie-plays-on"
    MISTAKE = "Five Up: sides tied at the top over 61 after a hand: the side that went out wins"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original_settle, original_check = MatchState._settle, MatchState._check_target
        finisher: list[int | None] = [None]

        def settle(
            self: MatchState,
            hands: Sequence[Sequence[Tile]],
            went_out: int | None,
            leader: int,
            last_play: int,
        ) -> None:
            finisher[0] = went_out
            original_settle(self, hands, went_out, leader, last_play)

        def check_target(self: MatchState) -> None:
            reached = [s for s, score in enumerate(self.scores) if score >= self.setup.target]
            top = max((self.scores[s] for s in reached), default=None)
            tied = [s for s in reached if self.scores[s] == top]
            out = finisher[0]
            if len(tied) > 1 and out is not None and self.setup.side_of(out) in tied:
                self._win(self.setup.side_of(out))
            else:
                original_check(self)

        return [
            mock.patch.object(MatchState, "_settle", settle),
            mock.patch.object(MatchState, "_check_target", check_target),
        ]


class BlockEventsGoOnAfterTheHit(Bent):
    BENT_RULE = "settle.exact-61.block-events"
    MISTAKE = "Exact 61: the block events after the one that lands on 61 are still applied"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = MatchState._settle

        def settle(
            self: MatchState,
            hands: Sequence[Sequence[Tile]],
            went_out: int | None,
            leader: int,
            last_play: int,
        ) -> None:
            if went_out is not None or self.ruleset.target_check != "exact-every-event":
                original(self, hands, went_out, leader, last_play)
                return
            method = self._settlement
            self.block_winner = method.block_winner(self.setup, hands)
            for item in method.block(self.setup, hands, leader):
                self._score_item(item)  # on past the win
            self._went_out, self._after_block = None, True

        return [mock.patch.object(MatchState, "_settle", settle)]


class FourAloneTargetOfTwo(Bent):
    BENT_RULE = "match.target"
    MISTAKE = "All Fives: four players alone play to 250, the target of two, each for himself"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def bend(setup: Setup, ruleset: Ruleset) -> Setup:
            usual = setup.target == ruleset.target(setup.players)
            alone = setup.players == 4 and not setup.partnerships
            if ruleset.name == "all-fives" and alone and usual:
                return dataclasses.replace(setup, target=ruleset.target(2))
            return setup

        return [_setup_patch(bend)]


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
    RoundsTotalToNearestFive,
    NonLeadSpinnerCountsInterior,
    DrawWhileHoldingPlay,
    PlayAnotherAfterDraw,
    RoundsTwoUp,
    RoundsThreeDown,
    PartnersRoundedTogether,
    OvershootAppliedInPart,
    BlockComparedWithPartner,
    TieAtTheTopWins,
    TargetCheckedBeforeSettlement,
    GoingOutScoresOpponents,
    LastTileCountsAsEmpty,
    DrawnLastTileEndsTurn,
    BlockWhenBoneyardRunsDry,
    BlockCheckedBeforeDrawnTile,
    BlockDeclaredATurnLate,
    AllFivesTargetBySides,
    AgreedTargetIgnored,
    AllFivesTwoHundredForAll,
    TargetSixtyOneRaw,
    TargetMustBePassed,
    TieBreakIsSuddenDeath,
    ZeroDeductionsLeftOut,
    ZeroPipHandSkippedInBlock,
    BlockEventsInSeatOrder,
    BlockComparedWithLighterHands,
    GoingOutEventNeedsPips,
    ScoreFloorsAtZero,
    LeadRotates,
    BlockWinnerLeads,
    PartnersSideBySide,
    NeutralDrawRedrawsEveryone,
    SevenEachWithTwo,
    PassOfferedWithDraw,
    MirrorSideOffered,
    DrawOneThenTurnMoves,
    LastPlayBeforeGoingOutEvent,
    JoinedDoubleCountsNothing,
    DoubleMustLead,
    WentOutTeamNotDeducted,
    LastPlayNotScored,
]

#: Bent engines the suite catches that the fuzzer's first class and self-play do not reach
#: at their default budgets, so they are kept out of ``ALL``: opponents tied for the
#: lightest hand of a block are rare in random deals, and a block's winner changes no score.
#: tests/test_alternatives.py holds the suite to them.
#: With them, the mistakes the cases of several hands, offered lists, Exact 61 block events
#: and ties were written against (#38): the fuzzer catches each at its default budget, but
#: their own games are not yet judged for them (the audit judges no leader but the one
#: after going out), so they are held to the suite, and the tie to the fuzzer
#: (tests/test_fuzz_campaign.py), here. A wrong next leader refuses the next hand's first
#: action: the case is cut where the script first goes wrong (runner.Cut), which names it.
SUITE_ONLY: list[type[Bent]] = [
    TiedBlockGoesToTheFirstSeat,
    LastGoingOutLeadsAfterBlock,
    DealOptionFirstHandOnly,
    BranchesOfferedEarly,
    LaterDoubleBranchesNotOffered,
    LaterDoubleBranchesOffered,
    BlockEventsGoOnAfterTheHit,
    TieGoesToTheSideThatWentOut,
    NextLeaderCountedFromTheLeader,
]

#: Bent engines of a table that exists only under a reading of the register: four players
#: alone in All Fives (all-fives.four-players). Only implementation-defined cases can hold
#: them, so they are caught by those; tests/test_bent_engines.py checks that it is so.
ON_A_READING: list[type[Bent]] = [FourAloneTargetOfTwo]
