"""The layout: tiles on the table, where the next tile may go and what is counted.

Bookkeeping is incremental: a play touches only the tile it joins and the tile it adds,
so the cost of a play does not grow with the layout. Each tile works out its open places
and what it counts once, when one of its places is taken; the running total and the list
of moves are kept, not recomputed each time they are asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from fives_engine import display  # pragma: no mutate
from fives_engine.errors import IllegalPlayError
from fives_engine.terms import (
    BRANCH_PORTS,
    END_PORTS,
    STRAIGHT_PORTS,
    AttachPoint,
    Connection,
    Play,
    Port,
    ScoringEnd,
    port_pips,
)
from fives_engine.tiles import DOUBLE_SIX, Tile

EVERY_DOUBLE = "every-double"
FIRST_DOUBLE = "first-double"
SPINNER_POLICIES = (EVERY_DOUBLE, FIRST_DOUBLE)


#: Every tile state met so far, by (tile, spinner, places taken).
_STATES: dict[tuple[Tile, bool, frozenset[Port]], _Placed] = {}


_DOUBLE_SIX = frozenset(DOUBLE_SIX)  # a Tile built directly may be none of them


class _Placed:
    """One tile on the table in one of its states: which of its places are taken.

    A state is a value, shared by every layout that holds it (there are a few hundred).
    It works out once, from :meth:`open_ports` and :meth:`scoring_ends` (the two rules of
    a tile), its open attach points, its moves (the same less mirror images) and what it
    adds to the total; taking a place moves the tile to another state.
    """

    def __init__(self, tile: Tile, spinner: bool, used: frozenset[Port]) -> None:
        self.tile = tile
        self.spinner = spinner
        self.used = used
        self.points = tuple(AttachPoint(tile, p, port_pips(tile, p)) for p in self.open_ports())
        self.moves = tuple(p for p in self.points if not self._mirrors_open_side(p.port))
        self.value = sum(end.value for end in self.scoring_ends())

    @staticmethod
    def of(tile: Tile, spinner: bool, used: frozenset[Port] = frozenset()) -> _Placed:
        key = (tile, spinner, used)
        state = _STATES.get(key)
        if state is None:
            state = _STATES[key] = _Placed(tile, spinner, used)
        return state

    def take(self, port: Port) -> _Placed:
        """The state of this tile once ``port`` is taken too."""
        return _Placed.of(self.tile, self.spinner, self.used | {port})

    def _mirrors_open_side(self, port: Port) -> bool:
        """A B side while its A side is open: the same move (``layout.symmetric-attach-points``)."""
        twin = port.side_a
        return twin is not None and twin not in self.used

    def open_ports(self) -> Iterator[Port]:
        """Open places in canonical order; a spinner's branches once its straights are full."""
        if not self.tile.is_double:
            for port in END_PORTS:
                if port not in self.used:
                    yield port
            return
        straights_full = all(p in self.used for p in STRAIGHT_PORTS)
        if self.spinner and straights_full:
            for port in BRANCH_PORTS:
                if port not in self.used:
                    yield port
        for port in STRAIGHT_PORTS:
            if port not in self.used:
                yield port

    def scoring_ends(self) -> list[ScoringEnd]:
        if self.tile.is_double:
            if all(p in self.used for p in STRAIGHT_PORTS):
                return []  # interior; started branches count through their own tiles
            return [ScoringEnd(self.tile, self.tile.pips)]
        return [
            ScoringEnd(self.tile, port_pips(self.tile, p), p)
            for p in END_PORTS
            if p not in self.used
        ]


class Layout:
    """The tiles played in one hand and how they join.

    ``spinners`` is the game's spinner policy: ``every-double`` (Five Up, Exact 61) or
    ``first-double`` (All Fives: only the first double played, wherever it lands).
    """

    def __init__(self, spinners: str = EVERY_DOUBLE) -> None:
        if spinners not in SPINNER_POLICIES:
            raise ValueError(
                f"unknown spinner policy {spinners!r}; expected one of {SPINNER_POLICIES}"
            )
        self.spinner_policy = spinners
        self._placed: dict[Tile, _Placed] = {}
        self._open: set[Tile] = set()  # tiles with an open place: the only ones that count
        self._order: list[Tile] = []
        self._connections: list[Connection] = []
        self._plays: list[Play] = []
        self._total = 0
        self._any_double = False
        self._moves: list[AttachPoint] | None = None  # the move points until the next play
        self._move_values: set[int] = set()  # the pips those move points show

    # -- construction ------------------------------------------------------------------
    @classmethod
    def from_plays(cls, plays: Iterable[Play | str], spinners: str = EVERY_DOUBLE) -> Layout:
        layout = cls(spinners)
        for play in plays:
            layout.play(play if isinstance(play, Play) else Play.parse(play))
        return layout

    def copy(self) -> Layout:
        other = Layout(self.spinner_policy)
        other._placed = dict(self._placed)  # tile states are values, shared
        other._open = set(self._open)
        other._order = list(self._order)
        other._connections = list(self._connections)
        other._plays = list(self._plays)
        other._total = self._total
        other._any_double = self._any_double
        other._moves, other._move_values = self._moves, self._move_values  # replaced, not changed
        return other

    # -- facts ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, tile: object) -> bool:
        return tile in self._placed

    @property
    def plays(self) -> list[Play]:
        return list(self._plays)

    @property
    def tiles(self) -> list[Tile]:
        """Tiles in play order."""
        return list(self._order)

    @property
    def spinners(self) -> list[Tile]:
        """Spinners in play order."""
        return [t for t in self._order if self._placed[t].spinner]

    @property
    def connections(self) -> list[Connection]:
        """Connections in play order, each as (tile down, its place) – (tile played, its place)."""
        return list(self._connections)

    def attach_points(self) -> list[AttachPoint]:
        """Every place a tile may legally go, in canonical order."""
        points = [point for t in sorted(self._open) for point in self._placed[t].points]
        points.sort(key=AttachPoint.sort_key)
        return points

    def scoring_ends(self) -> list[ScoringEnd]:
        """Every counted end with its value, in canonical order."""
        ends = [end for t in sorted(self._open) for end in self._placed[t].scoring_ends()]
        ends.sort(key=ScoringEnd.sort_key)
        return ends

    @property
    def total(self) -> int:
        """The total of the scoring ends (kept incrementally)."""
        return self._total

    def describe(self) -> str:
        plays = " ".join(str(p) for p in self._plays)
        return f"layout [{plays}]" if plays else "the empty layout"

    def __repr__(self) -> str:
        """The plays in the notation and the total, e.g. ``<Layout [5|5] [5|0]@..., total
        10>`` (and the spinner policy when it is not every double): a plain shell shows
        the layout, not an address."""
        plays = " ".join(str(p) for p in self._plays) or "empty"
        policy = "" if self.spinner_policy == EVERY_DOUBLE else f" {self.spinner_policy}"
        return f"<Layout{policy} {plays}, total {self._total}>"

    def _repr_svg_(self) -> str:  # pragma: no mutate
        """The layout drawn for a notebook as the rule books draw it (without a game, the
        caption is the sum of the scoring ends; see :mod:`fives_engine.display`)."""
        return display.svg(self)  # pragma: no mutate

    # -- moves ---------------------------------------------------------------------------
    def legal_plays(self, tiles: Tile | Iterable[Tile]) -> list[Play]:
        """The legal plays of one tile or a hand, in canonical order (tile, then attach point).

        Mirror-image attach points (both straight sides of a lone double, both unstarted side
        branches) are one move, the A side (interpretation layout.symmetric-attach-points).
        """
        hand = [tiles] if isinstance(tiles, Tile) else sorted(set(tiles))
        if not self._order:
            return [Play(t) for t in hand]
        points = self._move_points()
        plays: list[Play] = []
        for tile in hand:
            if self._fits(tile):
                for point in points:
                    if point.value in tile:  # a tile is its two halves
                        plays.append(Play(tile, point.tile, point.port))
        return plays

    def can_play(self, tiles: Iterable[Tile]) -> bool:
        """Whether any of ``tiles`` has a legal play (without listing the plays)."""
        if not self._order:
            return any(True for _ in tiles)  # any tile may lead
        self._move_points()
        return any(self._fits(tile) for tile in tiles)

    def _fits(self, tile: Tile) -> bool:
        """Whether ``tile`` matches a move point (the move points are up to date)."""
        return not self._move_values.isdisjoint(tile) and tile not in self._placed

    def _move_points(self) -> list[AttachPoint]:
        """The attach points a tile may go to, mirror images left out, in canonical order;
        worked out once after each play, however often legal plays are asked for."""
        if self._moves is None:
            # tiles in order, each tile's places in order (open_ports): canonical order
            moves = [point for t in sorted(self._open) for point in self._placed[t].moves]
            self._moves = moves
            self._move_values = {point.value for point in moves}
        return self._moves

    def same_move(self, play: Play) -> Play:
        """``play`` as the move it is: naming side B of a mirror pair whose side A is open
        (a lone double's straight sides, a spinner's unstarted side branches), it is the play
        on side A, the side used first (interpretation layout.symmetric-attach-points)."""
        twin = play.port.side_a if isinstance(play.port, Port) else None
        anchor = self._placed.get(play.anchor) if play.anchor in _DOUBLE_SIX else None
        if twin is None or anchor is None or twin in anchor.used:
            return play
        return Play(play.tile, play.anchor, twin)

    def is_legal(self, play: Play) -> bool:
        play = self.same_move(play)
        try:
            self._check(play)
        except IllegalPlayError:
            return False
        return True

    def play(self, play: Play | str) -> int:
        """Place a tile and return the new total of the scoring ends.

        An illegal play (a tile built directly that is not one of the 28 included) raises
        :class:`IllegalPlayError` and leaves the layout unchanged. A play naming side B of a
        mirror pair while side A is open is the same move as side A (:meth:`same_move`).
        """
        if isinstance(play, str):
            play = Play.parse(play)
        play = self.same_move(play)
        self._check(play)
        return self._place(play)

    def _place(self, play: Play) -> int:
        """:meth:`play` without its check: only for a play just taken from
        :meth:`legal_plays` (the hand's hot path)."""
        tile = play.tile
        spinner = tile.is_double and (self.spinner_policy == EVERY_DOUBLE or not self._any_double)
        if play.anchor is None or play.port is None:
            new = _Placed.of(tile, spinner)
            self._total = new.value
        else:
            anchor = self._placed[play.anchor]
            value = port_pips(anchor.tile, play.port)
            tile_port = (
                Port.STRAIGHT_SIDE_A
                if tile.is_double
                else (Port.SMALL_END if tile.low == value else Port.BIG_END)
            )
            joined = anchor.take(play.port)
            new = _Placed.of(tile, spinner, frozenset((tile_port,)))
            self._total += joined.value - anchor.value + new.value
            self._placed[anchor.tile] = joined
            self._connections.append(Connection(anchor.tile, play.port, tile, tile_port))
            if not joined.points:
                self._open.discard(anchor.tile)
        self._placed[tile] = new
        self._open.add(tile)
        self._order.append(tile)
        self._plays.append(play)
        self._any_double = self._any_double or tile.is_double
        self._moves = None
        return self._total

    def _check(self, play: Play) -> None:
        for tile in (play.tile, play.anchor):
            if tile is not None and tile not in _DOUBLE_SIX:
                raise IllegalPlayError(
                    f"{play}: {tile!r} is not a tile of the double-six set (write it"
                    " Tile.of(a, b) or Tile.parse('[a|b]'))",
                    "equipment.double-six",
                )
        if play.port is not None and not isinstance(play.port, Port):
            raise IllegalPlayError(
                f"{play}: {play.port!r} is not a place on a tile", "play.match-attach-point"
            )
        if play.tile in self._placed:
            raise IllegalPlayError(
                f"{play}: {play.tile} is already in {self.describe()}", "equipment.double-six"
            )
        if play.anchor is None or play.port is None:
            if self._order:
                raise IllegalPlayError(
                    f"{play}: a lead needs the empty layout; name an attach point"
                    f" in {self.describe()}",
                    "play.match-attach-point",
                )
            return
        anchor = self._placed.get(play.anchor)
        if anchor is None:
            raise IllegalPlayError(
                f"{play}: {play.anchor} is not in {self.describe()}", "play.match-attach-point"
            )
        port = play.port
        if port in END_PORTS and anchor.tile.is_double:
            raise IllegalPlayError(
                f"{play}: a double has straight sides and side branches, not a {port}",
                "layout.double.crosswise",
            )
        if port not in END_PORTS and not anchor.tile.is_double:
            raise IllegalPlayError(
                f"{play}: {anchor.tile} is not a double; it has a small end and a big end",
                "layout.double.crosswise",
            )
        if port in anchor.used:
            raise IllegalPlayError(
                f"{play}: {anchor.tile} {port} is already taken in {self.describe()}",
                "play.match-attach-point",
            )
        if port in BRANCH_PORTS:
            if not anchor.spinner:
                rule = (
                    "layout.spinner.first-double"
                    if self.spinner_policy == FIRST_DOUBLE
                    else ("layout.spinner.every-double")
                )
                raise IllegalPlayError(
                    f"{play}: {anchor.tile} is not a spinner and has no side branches"
                    f" in {self.describe()}",
                    rule,
                )
            if not all(p in anchor.used for p in STRAIGHT_PORTS):
                raise IllegalPlayError(
                    f"{play}: the side branches of {anchor.tile} open only once both straight sides"
                    f" are filled, in {self.describe()}",
                    "layout.spinner.straights-first",
                )
        value = port_pips(anchor.tile, port)
        if not play.tile.has(value):
            raise IllegalPlayError(
                f"{play}: {play.tile} does not match {anchor.tile} {port} ({value} pips)"
                f" in {self.describe()}",
                "play.match-attach-point",
            )
