"""Where each tile lies on the table: positions and orientations from the connections.

The engine says which place of which tile a tile joins; this module turns that into a
picture a domino player recognises. A non-double lies along its line, a double lies
crosswise; a double's straight sides continue the line and a spinner's side branches go
perpendicular. A line that would run into other tiles turns a corner (the tile is laid
sideways against the open end), never on a double's straight side, where a tile turned
sideways would lie parallel to the double; if no corner is free it is set further out
with a drawn connector. Coordinates are integers in *units*: a tile half is ``HALF`` units square.

Nothing here knows a rule: which tiles are spinners, which places are taken and which
half joins come from the layout's own facts.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from fives_engine import Connection, Layout, Port, Tile

Vec = tuple[int, int]

HALF = 4  #: units per tile half (a tile is 2 * HALF long and HALF wide)
GAP = 1  #: units between neighbouring tiles
MARK = 3  #: units from an open place to the centre of its marker
TABLE_PER_TILE = 11.0  #: half the table's width per square root of the number of tiles
TABLE_MIN = 24  #: half the table's width, at least
TABLE_RATIO = 0.875  #: the table's height to its width

EAST: Vec = (1, 0)
NORTH: Vec = (0, 1)
WEST: Vec = (-1, 0)
SOUTH: Vec = (0, -1)


def _add(a: Vec, b: Vec, k: int = 1) -> Vec:
    return (a[0] + k * b[0], a[1] + k * b[1])


def _neg(a: Vec) -> Vec:
    return (-a[0], -a[1])


def _perps(d: Vec) -> tuple[Vec, Vec]:
    """The two directions square to ``d``: the first is side branch A's (north or west)."""
    return (NORTH, SOUTH) if d[1] == 0 else (WEST, EAST)


@dataclass(frozen=True)
class Spot:
    """A place on a tile as drawn: the midpoint of the tile's edge and the way it faces."""

    at: Vec
    facing: Vec

    def beyond(self, units: int) -> Vec:
        return _add(self.at, self.facing, units)


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle: centre and half extents."""

    centre: Vec
    half_w: int
    half_h: int

    def hits(self, other: Box, margin: int = 0) -> bool:
        return (
            abs(self.centre[0] - other.centre[0]) < self.half_w + other.half_w + margin
            and abs(self.centre[1] - other.centre[1]) < self.half_h + other.half_h + margin
        )


@dataclass(frozen=True)
class PlacedTile:
    """One tile as drawn.

    ``halves`` are the pips in screen order (left then right, or top then bottom).
    ``spots`` maps each place of the tile to where it is drawn; ``jump`` is set when the
    tile could not sit against its anchor and a connector is drawn to it.
    """

    tile: Tile
    centre: Vec
    horizontal: bool
    halves: tuple[int, int]
    spinner: bool
    spots: dict[Port, Spot] = field(compare=False)
    jump: tuple[Vec, Vec] | None = None

    def heads_inside(self, joins_by: Port, table: Vec) -> bool:
        """Whether the tile's far side stays inside the table, in the way the line runs."""
        far = (
            Port.STRAIGHT_SIDE_B
            if self.tile.is_double
            else next(p for p in self.spots if p is not joins_by)
        )
        spot = self.spots[far]
        edge = table[0] if spot.facing[1] == 0 else table[1]
        return spot.at[0] * spot.facing[0] + spot.at[1] * spot.facing[1] <= edge

    @functools.cached_property
    def box(self) -> Box:
        long_, short = HALF, HALF // 2
        return Box(
            self.centre, long_ if self.horizontal else short, short if self.horizontal else long_
        )


@dataclass(frozen=True)
class Table:
    """The whole picture: every tile placed, in play order."""

    tiles: tuple[PlacedTile, ...]

    def __getitem__(self, tile: Tile) -> PlacedTile:
        for placed in self.tiles:
            if placed.tile == tile:
                return placed
        raise KeyError(tile)

    def bounds(self) -> tuple[int, int, int, int]:
        """min x, min y, max x, max y over the tiles and the markers of their open places."""
        xs: list[int] = []
        ys: list[int] = []
        for placed in self.tiles:
            b = placed.box
            xs += [b.centre[0] - b.half_w, b.centre[0] + b.half_w]
            ys += [b.centre[1] - b.half_h, b.centre[1] + b.half_h]
            for spot in placed.spots.values():
                x, y = spot.beyond(MARK + 2)
                xs.append(x)
                ys.append(y)
        return min(xs), min(ys), max(xs), max(ys)


# -- shapes of one tile -----------------------------------------------------------------
def _line_tile(
    tile: Tile, joining: Port, joint: Vec, d: Vec, spinner: bool, jump: tuple[Vec, Vec] | None
) -> PlacedTile:
    """A non-double whose joining half starts at ``joint`` and which runs in direction ``d``."""
    centre = _add(joint, d, HALF)
    free = Port.BIG_END if joining is Port.SMALL_END else Port.SMALL_END
    near = tile.low if joining is Port.SMALL_END else tile.high
    far = tile.high if joining is Port.SMALL_END else tile.low
    # screen order: left to right, top to bottom
    forward = d in (EAST, SOUTH)
    halves = (near, far) if forward else (far, near)
    spots = {
        joining: Spot(_add(centre, d, -HALF), _neg(d)),
        free: Spot(_add(centre, d, HALF), d),
    }
    return PlacedTile(tile, centre, d[1] == 0, halves, spinner, spots, jump)


def _cross_tile(
    tile: Tile, joint: Vec, d: Vec, spinner: bool, jump: tuple[Vec, Vec] | None
) -> PlacedTile:
    """A double laid crosswise to direction ``d``, its straight side A at ``joint``."""
    short = HALF // 2
    centre = _add(joint, d, short)
    branch_a, branch_b = _perps(d)
    spots = {
        Port.STRAIGHT_SIDE_A: Spot(_add(centre, d, -short), _neg(d)),
        Port.STRAIGHT_SIDE_B: Spot(_add(centre, d, short), d),
    }
    if spinner:
        spots[Port.SIDE_BRANCH_A] = Spot(_add(centre, branch_a, HALF), branch_a)
        spots[Port.SIDE_BRANCH_B] = Spot(_add(centre, branch_b, HALF), branch_b)
    return PlacedTile(tile, centre, d[1] != 0, (tile.low, tile.low), spinner, spots, jump)


def _lead(tile: Tile, spinner: bool) -> PlacedTile:
    """The lead: a non-double small end west, big end east; a double crosswise, side A west."""
    if tile.is_double:
        return _cross_tile(tile, (-(HALF // 2), 0), EAST, spinner, None)
    return _line_tile(tile, Port.SMALL_END, (-HALF, 0), EAST, spinner, None)


# -- placing tiles without overlaps -----------------------------------------------------
def table_size(tiles: int) -> Vec:
    """Half the table's width and height: a line reaching its edge turns a corner. The
    table grows with the layout, so a long line winds into a picture of bounded shape."""
    half_x = max(TABLE_MIN, round(TABLE_PER_TILE * tiles**0.5))
    return half_x, round(TABLE_RATIO * half_x)


@dataclass
class _Board:
    table: Vec
    inward: bool = False  #: corners turn towards the centre first
    placed: list[PlacedTile] = field(default_factory=list)
    taken: set[tuple[Tile, Port]] = field(default_factory=set)

    def open_marks(self, skip: tuple[Tile, Port] | None = None) -> Iterable[Box]:
        for p in self.placed:
            for port, spot in p.spots.items():
                if (p.tile, port) not in self.taken and (p.tile, port) != skip:
                    yield Box(spot.beyond(MARK), HALF // 2, HALF // 2)

    def fits(self, cand: PlacedTile, joins_by: Port, marks: list[Box], strict: bool) -> bool:
        """No overlap with tiles or the open places' ``marks``; ``strict`` also keeps
        markers apart."""
        box = cand.box
        if any(box.hits(p.box, GAP) for p in self.placed):
            return False
        if any(box.hits(m) for m in marks):
            return False
        own = [
            Box(spot.beyond(MARK), HALF // 2, HALF // 2)
            for port, spot in cand.spots.items()
            if port is not joins_by
        ]
        if any(m.hits(p.box) for m in own for p in self.placed):
            return False
        return not strict or not any(m.hits(o) for m in own for o in marks)


STRAIGHT_SIDES = (Port.STRAIGHT_SIDE_A, Port.STRAIGHT_SIDE_B)


def _candidates(
    conn: Connection, anchor_spot: Spot, spinner: bool, inward: bool = False
) -> list[PlacedTile]:
    """Placements in order of preference: straight on, then a corner each way (outward
    first, or ``inward`` first: towards the table's centre)."""
    d = anchor_spot.facing
    joint = anchor_spot.beyond(GAP)
    if conn.tile.is_double:  # crosswise, centred on the end or slid along it
        slides = (0, *(s * k for k in range(1, HALF // 2 + 1) for s in (1, -1)))
        across = _perps(d)[0]
        return [_cross_tile(conn.tile, _add(joint, across, k), d, spinner, None) for k in slides]
    straight = _line_tile(conn.tile, conn.tile_port, joint, d, spinner, None)
    if conn.anchor.is_double and conn.anchor_port in STRAIGHT_SIDES:
        # the double lies across the line: a tile turned sideways here would lie parallel
        # to it and bend the line into a column of its own; the line turns further on
        return [straight]
    # a corner: the joining half sits against the open end, the tile runs sideways
    turns = sorted(
        _perps(d),
        key=lambda t: (1 if inward else -1) * (t[0] * anchor_spot.at[0] + t[1] * anchor_spot.at[1]),
    )
    corners = [
        _line_tile(
            conn.tile,
            conn.tile_port,
            _add(_add(joint, d, HALF // 2), t, -(HALF // 2)),
            t,
            spinner,
            None,
        )
        for t in turns
    ]
    return [straight, *corners]


def _jumps(conn: Connection, anchor_spot: Spot, spinner: bool) -> Iterable[PlacedTile]:
    """Placements further out along the anchor's direction, joined by a drawn connector."""
    d = anchor_spot.facing
    for k in range(1, 40):
        joint = anchor_spot.beyond(GAP + k * HALF)
        for side in (0, *(s * k * HALF for s in (1, -1))):
            off = _add(joint, _perps(d)[0], side)
            link = (anchor_spot.at, off)
            if conn.tile.is_double:
                yield _cross_tile(conn.tile, off, d, spinner, link)
            else:
                yield _line_tile(conn.tile, conn.tile_port, off, d, spinner, link)


#: Placements tried before falling back to a drawn connector (keeps a pathological
#: layout's drawing fast; random 28-tile layouts need far fewer).
BUDGET = 300


def _options(board: _Board, conn: Connection, spinner: bool) -> list[PlacedTile]:
    """Touching placements of ``conn.tile`` that fit the board, best first: inside the
    table before beyond its edge, markers kept apart before markers close."""
    anchor = next(p for p in board.placed if p.tile == conn.anchor)
    spot = anchor.spots[conn.anchor_port]
    skip = (conn.anchor, conn.anchor_port)
    marks = list(board.open_marks(skip))
    ranked: list[tuple[int, PlacedTile]] = []
    for c in _candidates(conn, spot, spinner, board.inward):
        if not board.fits(c, conn.tile_port, marks, False):
            continue
        tier = (0 if c.heads_inside(conn.tile_port, board.table) else 2) + (
            0 if board.fits(c, conn.tile_port, marks, True) else 1
        )
        ranked.append((tier, c))
    return [c for _, c in sorted(ranked, key=lambda r: r[0])]


def _take(board: _Board, conn: Connection, placed: PlacedTile) -> None:
    board.placed.append(placed)
    board.taken.add((conn.anchor, conn.anchor_port))
    board.taken.add((conn.tile, conn.tile_port))


def _untake(board: _Board, conn: Connection) -> None:
    board.placed.pop()
    board.taken.discard((conn.anchor, conn.anchor_port))
    board.taken.discard((conn.tile, conn.tile_port))


_ABORT = -2  #: the search ran out of budget


def _blockers(board: _Board, conn: Connection, spinner: bool) -> set[int]:
    """The levels (connection indexes) of the placed tiles in the way of ``conn.tile``'s
    touching placements: moving one of them might make room."""
    anchor = next(p for p in board.placed if p.tile == conn.anchor)
    spot = anchor.spots[conn.anchor_port]
    reach = [c.box for c in _candidates(conn, spot, spinner, board.inward)]
    levels = {board.placed.index(anchor) - 1}
    for j, p in enumerate(board.placed):
        if any(b.hits(p.box, GAP + HALF + MARK) for b in reach):
            levels.add(j - 1)
    return levels


def _touching(
    board: _Board, conns: list[Connection], i: int, spinners: set[Tile], budget: list[int]
) -> int | None:
    """Place ``conns[i:]`` in order, every tile against its anchor; None on success.

    On failure, the level to go back to: the latest tile in the way (conflict-directed
    backjumping, so a corner turned long ago is revisited without retrying every tile
    placed since). An earlier line then turns the other way to leave room."""
    if i == len(conns):
        return None
    conn = conns[i]
    spinner = conn.tile in spinners
    for option in _options(board, conn, spinner):
        budget[0] -= 1
        if budget[0] < 0:
            return _ABORT
        _take(board, conn, option)
        back = _touching(board, conns, i + 1, spinners, budget)
        if back is None:
            return None
        _untake(board, conn)
        if back == _ABORT or back < i:
            return back
    return max((c for c in _blockers(board, conn, spinner) if c < i), default=-1)


def _greedy(board: _Board, conns: list[Connection], spinners: set[Tile]) -> None:
    """Place ``conns`` in order, each at its best place or further out with a connector."""
    for conn in conns:
        spinner = conn.tile in spinners
        options = _options(board, conn, spinner)
        if options:
            chosen = options[0]
        else:
            anchor = next(p for p in board.placed if p.tile == conn.anchor)
            spot = anchor.spots[conn.anchor_port]
            skip = (conn.anchor, conn.anchor_port)
            marks = list(board.open_marks(skip))
            chosen = next(
                c
                for c in _jumps(conn, spot, spinner)
                if board.fits(c, conn.tile_port, marks, False)
            )
        _take(board, conn, chosen)


def place(layout: Layout) -> Table:
    """Lay out every tile of ``layout`` in play order, every tile touching its anchor when
    any arrangement of the corners allows it."""
    tiles = layout.tiles
    if not tiles:
        return Table(())
    spinners = set(layout.spinners)
    conns = list(layout.connections)
    table = table_size(len(tiles))
    for inward in (False, True):  # a layout that boxes itself in may fit the other way
        board = _Board(table, inward)
        board.placed.append(_lead(tiles[0], tiles[0] in spinners))
        if _touching(board, conns, 0, spinners, [BUDGET]) is None:
            return Table(tuple(board.placed))
    board = _Board(table)
    board.placed.append(_lead(tiles[0], tiles[0] in spinners))
    _greedy(board, conns, spinners)
    return Table(tuple(board.placed))
