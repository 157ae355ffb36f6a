"""The other readings: for every interpretation of ``spec/interpretations.yaml``, engines
that take another reading of the same sentences (the reference engine with that one
choice made the other way). An ``implementation-defined`` case exists to tell the
readings apart, so each one fails under some alternative of the interpretation it names.

Where the catalog already holds an engine that takes another reading it is reused here;
the rest are written below. A reading's engine is no bent engine: it breaks no sentence.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from unittest import mock

from benchmarks.mutation.parameters import serving
from fives_engine import deal as deal_module
from fives_engine import find_game, settlement
from fives_engine.errors import IllegalDealError, IllegalPlayError
from fives_engine.layout import Layout
from fives_engine.rules import Ruleset
from fives_engine.settlement import Hands, Item
from fives_engine.setup import Setup
from fives_engine.terms import Play

from .catalog import (
    Bent,
    GoingOutScoresOpponents,
    NeutralDrawRedrawsEveryone,
    PartnersRoundedTogether,
    ScoreFloorsAtZero,
    SideBBeforeA,
)


class Reading(Bent):
    """Another reading of one interpretation (``BENT_RULE`` names its rule)."""

    INTERPRETATION = ""


def _parameters(game: str, **changes: Any) -> contextlib.AbstractContextManager[Any]:
    """The reference engine serving ``game`` with some parameters read the other way."""
    ruleset = find_game(game)
    parameters = {**ruleset.parameters, **changes}
    return serving(dataclasses.replace(ruleset, parameters=parameters))


def _exact_block(
    blocks: Callable[[Setup, Hands, int], list[Item]],
) -> contextlib.AbstractContextManager[Any]:
    method = dataclasses.replace(settlement.SETTLEMENTS["exact-61-differences"], block=blocks)
    return mock.patch.dict(settlement.SETTLEMENTS, {"exact-61-differences": method})


def _ties_from(first: Callable[[int, int], int]) -> contextlib.AbstractContextManager[Any]:
    """Tied block events clockwise from ``first(leader, players)`` instead of the leader."""
    original = settlement.exact_block
    return _exact_block(lambda setup, hands, lead: original(setup, hands, first(lead, len(hands))))


class BlockTiesFromSeatZero(Reading):
    INTERPRETATION = "exact-61.block-seat-order"
    BENT_RULE = "settle.exact-61.block-events"
    MISTAKE = "Exact 61: tied block events in seat order from seat 0, not from the leader"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_ties_from(lambda leader, players: 0)]


class BlockTiesAfterLeader(Reading):
    INTERPRETATION = "exact-61.block-seat-order"
    BENT_RULE = "settle.exact-61.block-events"
    MISTAKE = "Exact 61: tied block events clockwise from the seat after the leader"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_ties_from(lambda leader, players: (leader + 1) % players)]


class NeutralDrawLowestLeads(Reading):
    INTERPRETATION = "lead.neutral-draw"
    BENT_RULE = "lead.neutral-draw"
    MISTAKE = "the lowest tile of the neutral draw leads, not the highest"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def on_bottom(round_: deal_module.DrawRound) -> list[int]:
            low = min(t.pips for t in round_ if t is not None)
            return [s for s, t in enumerate(round_) if t is not None and t.pips == low]

        return [mock.patch.object(deal_module, "on_top", on_bottom)]


class NeutralDrawTilesSetAside(Reading):
    INTERPRETATION = "lead.neutral-draw"
    BENT_RULE = "lead.neutral-draw"
    MISTAKE = "the tiles of a neutral draw stay out: no tile is drawn again in a later round"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = deal_module.check_drawn_tiles

        def check(draws: Sequence[deal_module.DrawRound], number: int) -> None:
            original(draws, number)
            earlier = {t for round_ in draws[: number - 1] for t in round_ if t is not None}
            if earlier & set(draws[number - 1]):
                raise IllegalDealError(
                    f"neutral draw round {number}: a tile of an earlier round is drawn again",
                    self.BENT_RULE,
                )

        return [mock.patch.object(deal_module, "check_drawn_tiles", check)]


class NeutralDrawFromOwnSet(Reading):
    INTERPRETATION = "lead.neutral-draw"
    BENT_RULE = "lead.neutral-draw"
    MISTAKE = "each player draws from a whole set of their own: two may draw the same tile"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def check(draws: Sequence[deal_module.DrawRound], number: int) -> None:
            """Any tiles: no set is shared, so nothing can be drawn twice from it."""

        return [mock.patch.object(deal_module, "check_drawn_tiles", check)]


class SideBRefusedWhileAOpen(Reading):
    INTERPRETATION = "layout.symmetric-attach-points"
    BENT_RULE = "layout.side-a-first"
    MISTAKE = "a play naming side B while side A is open is refused, not taken as side A"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        original = Layout.same_move

        def refuse(layout: Layout, play: Play) -> Play:
            if original(layout, play) != play:
                raise IllegalPlayError(f"{play}: side A is still open", self.BENT_RULE)
            return play

        return [mock.patch.object(Layout, "same_move", refuse)]


class DisplayTowardZero(Reading):
    INTERPRETATION = "score.display-floor"
    BENT_RULE = "score.unit.display"
    MISTAKE = "display points are the raw score divided by 5 rounded toward zero, not down"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        def display(ruleset: Ruleset, raw: int) -> int | None:
            if ruleset.score_unit != "display":
                return None
            return int(raw / ruleset.raw_per_display)

        return [mock.patch.object(Ruleset, "display", display)]


class _Kept(int):
    """A rounded sum of 0 that still counts as "above 0": the hand forms its event."""

    def __gt__(self, other: object) -> bool:
        return isinstance(other, int) and int(self) >= other


class BlockZeroEventsKept(Reading):
    INTERPRETATION = "exact-61.block-zero-event"
    BENT_RULE = "settle.exact-61.block-events"
    MISTAKE = "Exact 61: a blocked hand whose differences round to 0 forms an event of 0"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        # The reference's block settlement, with every hand qualifying: its test
        # ``rounded > 0`` holds for a rounded sum of 0 too.
        original = settlement.round_to_five
        return [mock.patch.object(settlement, "round_to_five", lambda pips: _Kept(original(pips)))]


class AllFivesTargetAfterSettlement(Reading):
    INTERPRETATION = "all-fives.target-immediate"
    BENT_RULE = "match.first-to-target"
    MISTAKE = "All Fives: the target is checked after the hand is settled, not at the play"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_parameters("all-fives", target_check="after-settlement")]


class AllFivesFourAlwaysPartners(Reading):
    INTERPRETATION = "all-fives.four-players"
    BENT_RULE = "side.alone"
    MISTAKE = "All Fives: four players always play in partnerships, never alone"

    def patches(self) -> list[contextlib.AbstractContextManager[Any]]:
        return [_parameters("all-fives", partnerships={4: "fixed"})]


#: Interpretation ID -> the engines that read it the other way. An empty entry says why
#: no engine is needed: no case names that interpretation.
READINGS: Mapping[str, tuple[type[Bent], ...]] = {
    "layout.symmetric-attach-points": (SideBBeforeA, SideBRefusedWhileAOpen),
    "layout.listing-order": (),
    "score.led-double": (),
    "score.negative": (ScoreFloorsAtZero,),
    "score.display-floor": (DisplayTowardZero,),
    "lead.neutral-draw": (
        NeutralDrawRedrawsEveryone,
        NeutralDrawLowestLeads,
        NeutralDrawTilesSetAside,
        NeutralDrawFromOwnSet,
    ),
    "exact-61.block-seat-order": (BlockTiesFromSeatZero, BlockTiesAfterLeader),
    "all-fives.target-immediate": (AllFivesTargetAfterSettlement,),
    "all-fives.settlement-partners": (PartnersRoundedTogether,),
    "exact-61.block-zero-event": (BlockZeroEventsKept,),
    "all-fives.four-players": (AllFivesFourAlwaysPartners,),
    "five-up.settlement-reward": (GoingOutScoresOpponents,),
}
#: Why an interpretation has no engine of another reading.
NO_ENGINE = {
    "layout.listing-order": "order carries no rule: certification compares lists as multisets",
    "score.led-double": "no case names it: the led double's score is checked by must cases",
}
