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
"""

from __future__ import annotations

from fives_engine import DOUBLE_SIX, DRAW, PASS, Action, Play, Port, Tile

NUM_TILES = len(DOUBLE_SIX)
NUM_PORTS = len(Port)
DRAW_ID, PASS_ID = 0, 1
_LEAD = 2
_PLAY = _LEAD + NUM_TILES
NUM_ACTIONS = _PLAY + NUM_TILES * NUM_TILES * NUM_PORTS

_TILE_ID = {tile: i for i, tile in enumerate(DOUBLE_SIX)}
_PORTS = tuple(Port)


def tile_id(tile: Tile) -> int:
    return _TILE_ID[tile]


def tile_of(outcome: int) -> Tile:
    return DOUBLE_SIX[outcome]


def action_id(action: Action) -> int:
    if action == DRAW:
        return DRAW_ID
    if action == PASS:
        return PASS_ID
    assert isinstance(action, Play)
    tile = _TILE_ID[action.tile]
    if action.anchor is None or action.port is None:
        return _LEAD + tile
    return _PLAY + (tile * NUM_TILES + _TILE_ID[action.anchor]) * NUM_PORTS + action.port.rank


def action_of(action: int) -> Action:
    """The engine action of an id; ``ValueError`` outside ``0 .. NUM_ACTIONS - 1``."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action id {action} is not in 0..{NUM_ACTIONS - 1}")
    if action == DRAW_ID:
        return DRAW
    if action == PASS_ID:
        return PASS
    if action < _PLAY:
        return Play(DOUBLE_SIX[action - _LEAD])
    pair, port = divmod(action - _PLAY, NUM_PORTS)
    tile, anchor = divmod(pair, NUM_TILES)
    return Play(DOUBLE_SIX[tile], DOUBLE_SIX[anchor], _PORTS[port])
