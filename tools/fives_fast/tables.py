"""The fast path's tables: tiles and actions as ints, and every state a tile can be in on
the layout, worked out once at import.

Action ids are OpenSpiel's (``fives_openspiel.encoding`` documents them): ``0`` draw,
``1`` pass, ``2 + t`` the lead of tile ``t``, ``30 + (t * 28 + a) * 6 + p`` tile ``t`` at
place ``p`` (its canonical rank) of tile ``a``. Ascending ids are therefore the canonical
order of plays (tile, then the attach point's tile, then its place).

A tile on the layout is one int, its *state*: ``tile << 7 | spinner << 6 | used``, with
one bit of ``used`` per place taken (bit = the place's rank), so taking a place is one
``|``. What a state offers (its moves, what it adds to the total) comes from the
reference engine's own tile rules (``fives_engine.layout._Placed``), not restated here.
"""

from __future__ import annotations

from itertools import combinations

from fives_engine import DOUBLE_SIX, Action, Play, Port, Tile
from fives_engine import DRAW as _DRAW
from fives_engine import PASS as _PASS
from fives_engine.layout import _Placed
from fives_engine.terms import BRANCH_PORTS, END_PORTS, STRAIGHT_PORTS, port_pips

NUM_TILES = len(DOUBLE_SIX)
PORTS = tuple(Port)  # by rank
NUM_PORTS = len(PORTS)
DRAW, PASS = 0, 1
LEAD = 2  # + tile
PLAY = LEAD + NUM_TILES  # + (tile * NUM_TILES + anchor) * NUM_PORTS + port
NUM_ACTIONS = PLAY + NUM_TILES * NUM_TILES * NUM_PORTS

TILE_ID: dict[Tile, int] = {tile: i for i, tile in enumerate(DOUBLE_SIX)}
LOW = tuple(t.low for t in DOUBLE_SIX)
HIGH = tuple(t.high for t in DOUBLE_SIX)
PIPS = tuple(t.pips for t in DOUBLE_SIX)
IS_DOUBLE = tuple(t.is_double for t in DOUBLE_SIX)
#: Per pip value, the tiles showing it, as a bit mask of tile ids.
SHOWING = tuple(sum(1 << i for i, t in enumerate(DOUBLE_SIX) if t.has(v)) for v in range(7))
#: The id of tile ``t``'s plays at attach point ``a * NUM_PORTS + p`` is PLAY_BASE[t] + that.
PLAY_BASE = tuple(PLAY + t * NUM_TILES * NUM_PORTS for t in range(NUM_TILES))

SPINNER = 1 << 6
STATES = NUM_TILES << 7
#: Per state: its moves as (attach point ``a * NUM_PORTS + p``, pips shown) in canonical
#: order (mirror images left out), what it adds to the total, and the tiles its moves fit;
#: POINTS: every open attach point, mirror images included (what a player sees).
MOVES: list[tuple[tuple[int, int], ...]] = [()] * STATES
POINTS: list[tuple[int, ...]] = [()] * STATES
VALUE: list[int] = [0] * STATES
FITS: list[int] = [0] * STATES


def _places(tile: Tile) -> tuple[Port, ...]:
    return (*BRANCH_PORTS, *STRAIGHT_PORTS) if tile.is_double else END_PORTS


def _fill() -> None:
    for t, tile in enumerate(DOUBLE_SIX):
        places = _places(tile)
        for spinner in (False, True):
            for n in range(len(places) + 1):
                for used in combinations(places, n):
                    placed = _Placed(tile, spinner, frozenset(used))
                    state = t << 7 | spinner << 6 | sum(1 << p.rank for p in used)
                    MOVES[state] = tuple(
                        (t * NUM_PORTS + m.port.rank, m.value) for m in placed.moves
                    )
                    POINTS[state] = tuple(t * NUM_PORTS + p.port.rank for p in placed.points)
                    VALUE[state] = placed.value
                    FITS[state] = 0
                    for _, value in MOVES[state]:
                        FITS[state] |= SHOWING[value]


_fill()

#: Per play id: (tile, anchor or -1, the anchor's place bit, the new tile's state bar the
#: spinner bit); None for ids that are not plays.
JOIN: list[tuple[int, int, int, int] | None] = [None] * NUM_ACTIONS


def _joins() -> None:
    for t, tile in enumerate(DOUBLE_SIX):
        JOIN[LEAD + t] = (t, -1, 0, t << 7)
        for a, anchor in enumerate(DOUBLE_SIX):
            for port in PORTS:
                value = port_pips(anchor, port)
                if not tile.has(value) or a == t:
                    continue
                if tile.is_double:
                    joins_by = Port.STRAIGHT_SIDE_A
                else:
                    joins_by = Port.SMALL_END if tile.low == value else Port.BIG_END
                action = PLAY + (t * NUM_TILES + a) * NUM_PORTS + port.rank
                JOIN[action] = (t, a, 1 << port.rank, t << 7 | 1 << joins_by.rank)


_joins()


#: A B side's rank -> its A side's rank: the mirror pairs of layout.symmetric-attach-points.
_SIDE_A = {p.rank: a.rank for p in PORTS if (a := p.side_a) is not None}


def side_a_of(action: int) -> int:
    """The play id on side A of the mirror pair a side-B play id names (the play itself
    otherwise): while side A is open the two are one move (``Layout.same_move``)."""
    if action < PLAY:
        return action
    port = (action - PLAY) % NUM_PORTS
    return action - port + _SIDE_A[port] if port in _SIDE_A else action


def action_of(action: int) -> Action:
    """The reference engine's action of an id (``ValueError`` outside the ids)."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action id {action} is not in 0..{NUM_ACTIONS - 1}")
    if action == DRAW:
        return _DRAW
    if action == PASS:
        return _PASS
    if action < PLAY:
        return Play(DOUBLE_SIX[action - LEAD])
    pair, port = divmod(action - PLAY, NUM_PORTS)
    tile, anchor = divmod(pair, NUM_TILES)
    return Play(DOUBLE_SIX[tile], DOUBLE_SIX[anchor], PORTS[port])


def action_id(action: Action) -> int:
    if action == _DRAW:
        return DRAW
    if action == _PASS:
        return PASS
    assert isinstance(action, Play)
    tile = TILE_ID[action.tile]
    if action.anchor is None or action.port is None:
        return LEAD + tile
    return PLAY + (tile * NUM_TILES + TILE_ID[action.anchor]) * NUM_PORTS + action.port.rank


_TEXT: dict[int, str] = {}


def action_to_string(action: int) -> str:
    """The canonical text of an action id (the reference engine's notation, memoised)."""
    text = _TEXT.get(action)
    if text is None:
        text = _TEXT[action] = str(action_of(action))
    return text
