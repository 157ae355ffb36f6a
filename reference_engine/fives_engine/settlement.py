"""End-of-hand settlement: what the remaining hands are worth, as score items for the match.

The game's ``settlement`` parameter picks the method:

* ``deduct-each-hand`` / ``deduct-each-player`` (Five Up, All Fives): each remaining hand
  on its own is rounded to the nearest 5 and deducted from its side; nothing is added.
* ``exact-61-differences`` (Exact 61): going out scores the last play, plus all opponents'
  pips rounded once, less the partner's pips rounded apart, as one item; a block scores
  each hand by its positive differences to heavier opposing hands, lightest first.

Each item becomes one score event of the match, which applies it or discards it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fives_engine.errors import RulesetError
from fives_engine.setup import Setup
from fives_engine.tiles import Tile, pip_count

Hands = Sequence[Sequence[Tile]]


def round_to_five(pips: int) -> int:
    """The nearest multiple of 5: remainder 1 or 2 rounds down, 3 or 4 up."""
    return (pips + 2) // 5 * 5


@dataclass(frozen=True)
class Item:
    """One score change to come: the seat it belongs to, raw points, cause and details."""

    seat: int
    raw: int
    cause: str
    details: Mapping[str, Any] = field(default_factory=dict)


def deduct_each_hand(setup: Setup, hands: Hands) -> list[Item]:
    """Every remaining hand, in seat order, rounded on its own and deducted."""
    items = []
    for seat, hand in enumerate(hands):
        if hand:
            pips = pip_count(hand)
            rounded = round_to_five(pips)
            items.append(Item(seat, -rounded, "deduction", {"pips": pips, "rounded": rounded}))
    return items


def _opponents(setup: Setup, seat: int) -> list[int]:
    return [s for s in range(setup.players) if setup.side_of(s) != setup.side_of(seat)]


def exact_going_out(setup: Setup, hands: Hands, seat: int, last_play: int) -> list[Item]:
    """The going-out event: last play + opponents' pips rounded once - partner's rounded."""
    pips = sum(pip_count(hands[s]) for s in _opponents(setup, seat))
    details: dict[str, Any] = {
        "play": last_play,
        "opponents": {"pips": pips, "rounded": round_to_five(pips)},
    }
    raw = last_play + round_to_five(pips)
    partner = setup.partner_of(seat)
    if partner is not None:
        partner_pips = pip_count(hands[partner])
        details["partner"] = {"pips": partner_pips, "rounded": round_to_five(partner_pips)}
        raw -= round_to_five(partner_pips)
    return [Item(seat, raw, "going-out", details)]


def exact_block(setup: Setup, hands: Hands, leader: int) -> list[Item]:
    """Block events, lightest hand first; equal hands clockwise from the leader.

    A hand scores the sum of its positive differences to heavier opposing hands, rounded
    once; a hand that scores nothing forms no event (interpretation
    ``exact-61.block-zero-event``).
    """
    pips = [pip_count(h) for h in hands]
    order = sorted(range(setup.players), key=lambda s: (pips[s], (s - leader) % setup.players))
    items = []
    for seat in order:
        differences = [
            pips[o] - pips[seat] for o in _opponents(setup, seat) if pips[o] > pips[seat]
        ]
        rounded = round_to_five(sum(differences))
        if rounded > 0:
            details = {"pips": pips[seat], "differences": tuple(differences), "rounded": rounded}
            items.append(Item(seat, rounded, "block", details))
    return items


def lightest_side(setup: Setup, hands: Hands) -> int | None:
    """The side of the lightest hand; None when opposing sides tie for it."""
    pips = [pip_count(h) for h in hands]
    sides = {setup.side_of(s) for s in range(setup.players) if pips[s] == min(pips)}
    return sides.pop() if len(sides) == 1 else None


@dataclass(frozen=True)
class Settlement:
    """One settlement method: items for going out and for a block, and the block's winner."""

    merges_last_play: bool  # the last play is part of the going-out item, not its own event
    going_out: Callable[[Setup, Hands, int, int], list[Item]]
    block: Callable[[Setup, Hands, int], list[Item]]
    block_winner: Callable[[Setup, Hands], int | None]


_DEDUCT = Settlement(
    merges_last_play=False,
    going_out=lambda setup, hands, seat, last_play: deduct_each_hand(setup, hands),
    block=lambda setup, hands, leader: deduct_each_hand(setup, hands),
    block_winner=lambda setup, hands: None,  # a block has no winner
)
SETTLEMENTS = {
    "deduct-each-hand": _DEDUCT,
    "deduct-each-player": _DEDUCT,
    "exact-61-differences": Settlement(True, exact_going_out, exact_block, lightest_side),
}


def settlement_for(method: str) -> Settlement:
    if method not in SETTLEMENTS:
        raise RulesetError(f"unknown settlement {method!r}; known: {', '.join(SETTLEMENTS)}")
    return SETTLEMENTS[method]
