"""Where each tile lies on the table: positions and orientations from the connections.

The engine says which place of which tile a tile joins; this module turns that into a
picture a domino player recognises. A non-double lies along its line, a double lies
crosswise; a double's straight sides continue the line and a spinner's side branches go
perpendicular. A line that would run into other tiles turns a corner (the tile is laid
sideways against the open end); if no corner is free it is set further out with a drawn
connector. Coordinates are integers in *units*: a tile half is ``HALF`` units square.

Nothing here knows a rule: which tiles are spinners, which places are taken and which
half joins come from the layout's own facts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from fives_engine import Connection, Layout, Port, Tile

Vec = tuple[int, int]

HALF = 4  #: units per tile half (a tile is 2 * HALF long and HALF wide)
GAP = 1  #: units between neighbouring tiles
MARK = 3  #: units from an open place to the centre of its marker
TABLE_X, TABLE_Y = 64, 56  #: half the table: a line reaching its edge turns a corner

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

    def heads_inside(self, joins_by: Port) -> bool:
        """Whether the tile's far side stays inside the table, in the way the line runs."""
        far = (
            Port.STRAIGHT_SIDE_B
            if self.tile.is_double
            else next(p for p in self.spots if p is not joins_by)
        )
        spot = self.spots[far]
        edge = TABLE_X if spot.facing[1] == 0 else TABLE_Y
        return spot.at[0] * spot.facing[0] + spot.at[1] * spot.facing[1] <= edge

    @property
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
@dataclass
class _Board:
    placed: list[PlacedTile] = field(default_factory=list)
    taken: set[tuple[Tile, Port]] = field(default_factory=set)

    def open_marks(self, skip: tuple[Tile, Port] | None = None) -> Iterable[Box]:
        for p in self.placed:
            for port, spot in p.spots.items():
                if (p.tile, port) not in self.taken and (p.tile, port) != skip:
                    yield Box(spot.beyond(MARK), HALF // 2, HALF // 2)

    def fits(self, cand: PlacedTile, joins_by: Port, skip: tuple[Tile, Port], strict: bool) -> bool:
        """No overlap with tiles or open places; ``strict`` also keeps markers apart."""
        box = cand.box
        if any(box.hits(p.box, GAP) for p in self.placed):
            return False
        if any(box.hits(m) for m in self.open_marks(skip)):
            return False
        own = [
            Box(spot.beyond(MARK), HALF // 2, HALF // 2)
            for port, spot in cand.spots.items()
            if port is not joins_by
        ]
        if any(m.hits(p.box) for m in own for p in self.placed):
            return False
        return not strict or not any(m.hits(o) for m in own for o in self.open_marks(skip))


def _candidates(conn: Connection, anchor_spot: Spot, spinner: bool) -> list[PlacedTile]:
    """Placements in order of preference: straight on, then a corner each way."""
    d = anchor_spot.facing
    joint = anchor_spot.beyond(GAP)
    if conn.tile.is_double:
        return [_cross_tile(conn.tile, joint, d, spinner, None)]
    straight = _line_tile(conn.tile, conn.tile_port, joint, d, spinner, None)
    # a corner: the joining half sits against the open end, the tile runs sideways
    turns = sorted(
        _perps(d),
        key=lambda t: -(t[0] * anchor_spot.at[0] + t[1] * anchor_spot.at[1]),
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


def place(layout: Layout) -> Table:
    """Lay out every tile of ``layout`` in play order."""
    tiles = layout.tiles
    if not tiles:
        return Table(())
    spinners = set(layout.spinners)
    board = _Board()
    board.placed.append(_lead(tiles[0], tiles[0] in spinners))
    for conn in layout.connections:
        anchor = next(p for p in board.placed if p.tile == conn.anchor)
        spot = anchor.spots[conn.anchor_port]
        skip = (conn.anchor, conn.anchor_port)
        spinner = conn.tile in spinners
        options = _candidates(conn, spot, spinner)
        chosen = next(
            (
                c
                for table_edge, strict in (
                    (True, True),
                    (True, False),
                    (False, True),
                    (False, False),
                )
                for c in options
                if (not table_edge or c.heads_inside(conn.tile_port))
                and board.fits(c, conn.tile_port, skip, strict)
            ),
            None,
        )
        if chosen is None:
            chosen = next(
                c for c in _jumps(conn, spot, spinner) if board.fits(c, conn.tile_port, skip, False)
            )
        board.placed.append(chosen)
        board.taken.add(skip)
        board.taken.add((conn.tile, conn.tile_port))
    return Table(tuple(board.placed))
