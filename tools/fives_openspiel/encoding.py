"""Integer ids for actions and chance outcomes: OpenSpiel's currency.

Player actions (``NUM_ACTIONS`` ids, listed in ascending id order):

* ``0`` ``draw`` and ``1`` ``pass``;
* ``2 + t``: the lead of tile ``t``;
* ``30 + (t * 28 + a) * 6 + p``: tile ``t`` played at place ``p`` of tile ``a`` already
  down (``TILE@ANCHOR:SLUG``);

where a tile's id is its index in the canonical order of the double-six set (``[0|0]`` 0,
``[0|1]`` 1 ... ``[6|6]`` 27) and a place's id its canonical rank (``branch-a`` 0,
``branch-b`` 1, ``big-end`` 2, ``small-end`` 3, ``straight-a`` 4, ``straight-b`` 5). The
grid is dense and simple rather than minimal: most of its ids are never legal.

Chance outcomes are tile ids (``NUM_TILES`` of them): the tile drawn for the lead, dealt,
or drawn from the boneyard.

The ids are the fast path's (:mod:`fives_fast.tables`), so a search over these games and
a fast playout speak the same actions.
"""

from __future__ import annotations

from fives_engine import DOUBLE_SIX, Tile
from fives_fast.tables import DRAW as DRAW_ID
from fives_fast.tables import NUM_ACTIONS, NUM_PORTS, NUM_TILES, TILE_ID, action_id, action_of
from fives_fast.tables import PASS as PASS_ID

__all__ = [
    "DRAW_ID",
    "NUM_ACTIONS",
    "NUM_PORTS",
    "NUM_TILES",
    "PASS_ID",
    "action_id",
    "action_of",
    "tile_id",
    "tile_of",
]


def tile_id(tile: Tile) -> int:
    return TILE_ID[tile]


def tile_of(outcome: int) -> Tile:
    return DOUBLE_SIX[outcome]
