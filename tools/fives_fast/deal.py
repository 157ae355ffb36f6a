"""Seeded deals as tile ids, drawn from a generator exactly as
:func:`fives_engine.deal.random_deal` draws them.

``random.Random.sample`` and ``shuffle`` choose by position alone, so sampling and
shuffling the ids 0..27 consumes the generator as the tiles do and lands on the same
tiles: the same seed deals the same hands, in either engine.
"""

from __future__ import annotations

import random

from fives_fast.tables import NUM_TILES, PIPS

_IDS = tuple(range(NUM_TILES))


def neutral_draw(players: int, rng: random.Random) -> int:
    """The seat that leads: every seat draws a tile, the highest pip total leads, seats
    tied on top draw again among themselves (``fives_engine.deal.neutral_draw``)."""
    drawing = list(range(players))
    while True:
        tiles = rng.sample(_IDS, len(drawing))
        top = max(PIPS[t] for t in tiles)
        drawing = [seat for seat, t in zip(drawing, tiles, strict=True) if PIPS[t] == top]
        if len(drawing) == 1:
            return drawing[0]


def deal_ids(
    players: int, size: int, rng: random.Random, went_out: int | None = None
) -> tuple[list[list[int]], list[int], int]:
    """Hands (sorted ids), the boneyard in draw order, and the leader: ``went_out``, or
    the winner of a neutral draw."""
    leader = neutral_draw(players, rng) if went_out is None else went_out
    tiles = list(_IDS)
    rng.shuffle(tiles)
    hands = [sorted(tiles[i * size : (i + 1) * size]) for i in range(players)]
    return hands, tiles[players * size :], leader
