"""Deals: the hands, the boneyard in draw order and the leader of one hand.

A deal is either injected (what certification uses: every tile is named) or drawn from a
seeded generator, so that the same seed gives the same match, bit for bit. The leader of a
hand is named, or found by a neutral draw (interpretation ``lead.neutral-draw``): every
player draws a tile from the whole set, the highest pip total leads, and players tied for
the highest draw again among themselves until one is alone on top.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fives_engine.errors import IllegalDealError
from fives_engine.rules import Ruleset
from fives_engine.setup import Setup
from fives_engine.tiles import DOUBLE_SIX, Tile, parse_tiles

#: One round of a neutral draw: the tile each seat drew, None for seats not drawing.
DrawRound = tuple[Tile | None, ...]


@dataclass(frozen=True)
class Deal:
    """Hands per seat (canonical order), the boneyard in draw order, and the leader.

    ``leader`` is None where the rules decide it: the player who went out, or the
    neutral draw in ``draws``.
    """

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: int | None = None
    draws: tuple[DrawRound, ...] = ()

    @classmethod
    def of(
        cls,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        leader: int | None = None,
        draws: Sequence[Sequence[Tile | None]] = (),
    ) -> Deal:
        return cls(
            tuple(tuple(sorted(h)) for h in hands),
            tuple(boneyard),
            leader,
            tuple(tuple(r) for r in draws),
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        """From ``{"hands": [[tile, ...], ...], "boneyard": [...], "leader": n, "draws": ...}``."""
        draws = [
            [None if t is None else Tile.parse(t) for t in round_]
            for round_ in data.get("draws") or []
        ]
        return cls.of(
            [parse_tiles(h) for h in data["hands"]],
            parse_tiles(data["boneyard"]),
            data.get("leader"),
            draws,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hands": [[str(t) for t in h] for h in self.hands],
            "boneyard": [str(t) for t in self.boneyard],
        }
        if self.leader is not None:
            out["leader"] = self.leader
        if self.draws:
            out["draws"] = [[None if t is None else str(t) for t in r] for r in self.draws]
        return out


def on_top(round_: DrawRound) -> list[int]:
    """The seats of a draw round with the highest pip total: alone, it leads; tied, they
    draw again."""
    top = max(t.pips for t in round_ if t is not None)
    return [s for s, t in enumerate(round_) if t is not None and t.pips == top]


def check_drawn_tiles(draws: Sequence[DrawRound], number: int) -> None:
    """Round ``number`` (from 1) draws distinct tiles: each player draws one tile of the one
    set. Earlier rounds' tiles went back into the set, so they may be drawn again."""
    tiles = [t for t in draws[number - 1] if t is not None]
    if len(set(tiles)) != len(tiles):
        raise IllegalDealError(
            f"neutral draw round {number}: a tile is drawn twice", "lead.neutral-draw"
        )


def draw_winner(draws: Sequence[DrawRound], players: int) -> int:
    """The leader a neutral draw designates; an incomplete or inconsistent draw is illegal."""
    rule = "lead.neutral-draw"
    drawing = list(range(players))
    for number, round_ in enumerate(draws, 1):
        if not drawing:
            raise IllegalDealError(
                f"neutral draw round {number}: the draw was already decided", rule
            )
        seats = [s for s, t in enumerate(round_) if t is not None]
        if len(round_) != players or seats != drawing:
            raise IllegalDealError(
                f"neutral draw round {number}: seats {drawing} draw, got tiles for seats {seats}",
                rule,
            )
        check_drawn_tiles(draws, number)
        drawing = on_top(round_)
        if len(drawing) == 1:
            if number != len(draws):
                raise IllegalDealError(
                    f"neutral draw round {number} already decides the leader", rule
                )
            return drawing[0]
    raise IllegalDealError(f"the neutral draw leaves seats {drawing} tied; they draw again", rule)


def check_deal(
    deal: Deal, ruleset: Ruleset, setup: Setup, went_out: int | None, after_block: bool
) -> int:
    """Check a deal against the table and the leader rules; return the hand's leader.

    ``went_out`` is the seat that went out in the previous hand (it leads); otherwise a
    neutral draw is due, for the first hand or ``after_block``.
    """
    size = setup.deal_size(ruleset)
    if len(deal.hands) != setup.players:
        raise IllegalDealError(
            f"the deal has {len(deal.hands)} hands for {setup.players} players", "deal.hand-size"
        )
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            raise IllegalDealError(
                f"seat {seat} is dealt {len(hand)} tiles; {ruleset.title} deals {size} each"
                f" to {setup.players} players",
                "deal.hand-size",
            )
    tiles = [t for h in deal.hands for t in h] + list(deal.boneyard)
    if sorted(tiles) != list(DOUBLE_SIX):
        twice = sorted(t for t, n in Counter(tiles).items() if n > 1)
        missing = sorted(set(DOUBLE_SIX) - set(tiles))
        raise IllegalDealError(
            "hands and boneyard must hold each of the 28 tiles once"
            f" (twice: {' '.join(map(str, twice)) or 'none'};"
            f" missing: {' '.join(map(str, missing)) or 'none'})",
            "equipment.double-six",
        )
    if went_out is not None:
        if deal.draws or (deal.leader is not None and deal.leader != went_out):
            raise IllegalDealError(
                f"seat {went_out} went out in the previous hand and leads this one"
                " (no neutral draw)",
                "lead.went-out-leads",
            )
        return went_out
    rule = "lead.after-block" if after_block else "lead.neutral-draw"
    if deal.draws:
        leader = draw_winner(deal.draws, setup.players)
        if deal.leader is not None and deal.leader != leader:
            raise IllegalDealError(
                f"the neutral draw designates seat {leader}, the deal names {deal.leader}", rule
            )
        return leader
    if deal.leader is None:
        raise IllegalDealError("a neutral draw is due: name the leader or give the draw", rule)
    if not 0 <= deal.leader < setup.players:
        raise IllegalDealError(f"leader {deal.leader} is not a seat", rule)
    return deal.leader


def neutral_draw(players: int, rng: random.Random) -> tuple[DrawRound, ...]:
    """Draw for the lead until one player is alone on top (ties redraw among the tied)."""
    rounds: list[DrawRound] = []
    drawing = list(range(players))
    while len(drawing) > 1 or not rounds:
        tiles = iter(rng.sample(DOUBLE_SIX, len(drawing)))
        round_ = tuple(next(tiles) if s in drawing else None for s in range(players))
        rounds.append(round_)
        drawing = on_top(round_)
    return tuple(rounds)


def random_deal(ruleset: Ruleset, setup: Setup, rng: random.Random, went_out: int | None) -> Deal:
    """Shuffle and deal; draw for the lead unless ``went_out`` leads."""
    draws = neutral_draw(setup.players, rng) if went_out is None else ()
    tiles = list(DOUBLE_SIX)
    rng.shuffle(tiles)
    size = setup.deal_size(ruleset)
    hands = [tiles[i * size : (i + 1) * size] for i in range(setup.players)]
    return Deal.of(hands, tiles[setup.players * size :], None, draws)
