"""Where tiles lie on the picture: no overlaps, doubles crosswise, branches perpendicular."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fives_engine import DOUBLE_SIX, Layout, Port, find_game, parse_plays
from fives_tools.render.geometry import GAP, HALF, MARK, STRAIGHT_SIDES, Box, Table, place


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    """A layout reached by legal plays of any game, up to the whole set."""
    ruleset = find_game(draw(st.sampled_from(["five-up", "all-fives"])))
    layout = ruleset.new_layout()
    hand = list(DOUBLE_SIX)
    layout.play(str(draw(st.sampled_from(hand))))
    for _ in range(draw(st.integers(0, 27))):
        moves = layout.legal_plays([t for t in hand if t not in layout])
        if not moves:
            break
        layout.play(draw(st.sampled_from(moves)))
    return layout


def _check(layout: Layout, table: Table) -> None:
    placed = table.tiles
    assert [p.tile for p in placed] == layout.tiles
    for i, a in enumerate(placed):
        for b in placed[:i]:
            assert not a.box.hits(b.box), f"{a.tile} overlaps {b.tile}"
    for conn in layout.connections:
        anchor, tile = table[conn.anchor], table[conn.tile]
        if tile.jump is None:
            assert tile.box.hits(anchor.box, GAP + 1), f"{conn} is not drawn touching"
        else:
            assert tile.jump[0] == anchor.spots[conn.anchor_port].at
        if conn.tile.is_double:
            facing = anchor.spots[conn.anchor_port].facing
            assert tile.horizontal == (facing[0] == 0), f"{conn.tile} is not crosswise"
    for p in placed:
        if p.spinner:
            a, b = p.spots[Port.STRAIGHT_SIDE_A].facing, p.spots[Port.STRAIGHT_SIDE_B].facing
            branch = p.spots[Port.SIDE_BRANCH_A].facing
            assert a == (-b[0], -b[1]) and a[0] * branch[0] + a[1] * branch[1] == 0
    for point in layout.attach_points():
        mark = Box(table[point.tile].spots[point.port].beyond(MARK), HALF // 2, HALF // 2)
        assert not any(mark.hits(p.box) for p in placed), f"a tile covers {point}"


@settings(max_examples=60, deadline=None)
@given(layouts())
def test_tiles_never_overlap_and_every_open_place_stays_visible(layout: Layout) -> None:
    _check(layout, place(layout))


@settings(max_examples=150, deadline=None)
@given(layouts())
def test_a_tile_on_a_doubles_straight_side_continues_the_line(layout: Layout) -> None:
    """A double lies across the line, so the tile on either straight side lies along it:
    long axes perpendicular. A tile turned parallel to the double would bend the line into
    a column of its own."""
    table = place(layout)
    for conn in layout.connections:
        on_straight_side = (conn.anchor.is_double and conn.anchor_port in STRAIGHT_SIDES) or (
            conn.tile.is_double and conn.tile_port in STRAIGHT_SIDES
        )
        if on_straight_side:
            anchor, tile = table[conn.anchor], table[conn.tile]
            assert anchor.horizontal != tile.horizontal, f"{conn} bends the line"


def _long_layout(seed: int) -> Layout:
    """A layout of 15 plays or more by random legal plays of one game, from ``seed``."""
    rng = random.Random(seed)
    ruleset = find_game(rng.choice(["five-up", "exact-61", "all-fives"]))
    while True:
        layout = ruleset.new_layout()
        layout.play(str(rng.choice(DOUBLE_SIX)))
        for _ in range(27):
            moves = layout.legal_plays([t for t in DOUBLE_SIX if t not in layout])
            if not moves:
                break
            layout.play(rng.choice(moves))
        if len(layout.connections) >= 15:
            return layout


LONG_LAYOUTS = 500
MAX_ASPECT = 4.0  #: the picture's longer side over its shorter, at most
MAX_JUMPS = 0.02  #: the share of long layouts allowed a drawn connector (the legend's)


def test_long_layouts_draw_touching_tiles_in_a_bounded_picture() -> None:
    """500 seeded random layouts of 15+ plays: no overlap, every open place visible, every
    connection drawn as touching tiles (but for a rare connector the legend explains),
    and the picture's sides within a bounded ratio."""
    jumps, worst = 0, 0.0
    for seed in range(LONG_LAYOUTS):
        layout = _long_layout(seed)
        table = place(layout)
        _check(layout, table)
        jumps += any(p.jump for p in table.tiles)
        x0, y0, x1, y1 = table.bounds()
        worst = max(worst, max(x1 - x0, y1 - y0) / min(x1 - x0, y1 - y0))
    assert jumps <= MAX_JUMPS * LONG_LAYOUTS, f"{jumps} of {LONG_LAYOUTS} layouts have a jump"
    assert worst <= MAX_ASPECT, worst


def test_the_source_cross_layout() -> None:
    """[1|1] and [4|4] on the ends of [1|4]; [1|5] and [1|3] go up and down from [1|1]."""
    layout = Layout.from_plays(
        parse_plays(
            "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end [3|4]@[4|4]:straight-b"
            " [1|2]@[1|1]:straight-b [1|5]@[1|1]:branch-a [1|3]@[1|1]:branch-b"
        )
    )
    table = place(layout)
    _check(layout, table)
    x = {p.tile: p.centre for p in table.tiles}
    lead, one, four = (table.tiles[i].tile for i in range(3))
    assert x[one][0] < x[lead][0] < x[four][0] and x[one][1] == x[lead][1] == x[four][1]
    up, down = table.tiles[5], table.tiles[6]
    assert up.centre[0] == down.centre[0] == x[one][0]
    assert up.centre[1] > 0 > down.centre[1] and not up.horizontal and not down.horizontal
    assert table[one].horizontal is False and table[four].horizontal is False
