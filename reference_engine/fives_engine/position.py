"""Positions: one line of text that holds a whole hand in progress (the FEN of these games).

    <game> <table> <layout> <hands> <boneyard> <to move>

* ``game``: ``five-up``, ``exact-61``, ``all-fives`` (or any game document's name);
* ``table``: the player count, ``4`` for partners, ``4s`` for four players alone;
* ``layout``: the plays that built the layout, comma-separated, ``-`` for none;
* ``hands``: each seat's tiles, comma-separated, seats separated by ``/``, ``-`` for empty;
* ``boneyard``: the tiles left, in draw order, comma-separated, ``-`` for none;
* ``to move``: the seat to act, followed by ``*[a|b]`` when it has just drawn the playable
  tile ``[a|b]`` and must play it.

Example: ``five-up 2 [5|5],[5|6]@[5|5]:straight-a [0|5],[1|2],[6|6]/[2|6],[3|4] [0|0],... 0``.
Every one of the 28 tiles is somewhere: in the layout, in a hand or in the boneyard.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from fives_engine.errors import FivesError, NotationError
from fives_engine.hand import HandState
from fives_engine.rules import Ruleset, find_game
from fives_engine.terms import Play
from fives_engine.tiles import DOUBLE_SIX, Tile

FIELDS = ("game", "table", "layout", "hands", "boneyard", "to move")
_TO_MOVE = re.compile(r"^([0-9])(?:\*(.+))?$")  # ASCII: \d takes any script's digits


class PositionError(NotationError):
    """A position text that is malformed or impossible; the message names the field."""


def _tiles(field: str, text: str) -> list[Tile]:
    if text == "-":
        return []
    try:
        return [Tile.parse(t) for t in text.split(",")]
    except NotationError as exc:
        raise PositionError(f"field '{field}': {exc}") from None


def _list(items: list[str]) -> str:
    return ",".join(items) or "-"


@dataclass(frozen=True)
class Position:
    """A parsed position; :meth:`state` builds the hand it describes."""

    game: str
    players: int
    partnerships: bool
    plays: tuple[Play, ...]
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    to_move: int
    drawn: Tile | None = None

    @classmethod
    def parse(cls, text: str) -> Position:
        parts = text.split()
        if len(parts) != len(FIELDS):
            raise PositionError(
                f"a position has {len(FIELDS)} fields ({', '.join(FIELDS)}),"
                f" got {len(parts)}: {text!r}"
            )
        game, table, layout, hands, boneyard, to_move = parts
        m = re.fullmatch(r"([2-4])(s?)", table)
        if m is None:
            raise PositionError(f"field 'table': expected 2, 3, 4 or 4s, got {table!r}")
        players, solo = int(m.group(1)), m.group(2) == "s"
        try:
            plays = tuple(Play.parse(p) for p in layout.split(",")) if layout != "-" else ()
        except NotationError as exc:
            raise PositionError(f"field 'layout': {exc}") from None
        seats = hands.split("/")
        if len(seats) != players:
            raise PositionError(f"field 'hands': {len(seats)} hands for {players} players")
        held = tuple(tuple(sorted(_tiles("hands", h))) for h in seats)
        m = _TO_MOVE.match(to_move)
        if m is None or int(m.group(1)) >= players:
            raise PositionError(
                f"field 'to move': expected a seat 0-{players - 1}, got {to_move!r}"
            )
        drawn = None if m.group(2) is None else _tiles("to move", m.group(2))[0]
        position = cls(
            game,
            players,
            players == 4 and not solo,
            plays,
            held,
            tuple(_tiles("boneyard", boneyard)),
            int(m.group(1)),
            drawn,
        )
        position._check_tiles()
        return position

    def _check_tiles(self) -> None:
        tiles = (
            [p.tile for p in self.plays] + [t for h in self.hands for t in h] + list(self.boneyard)
        )
        twice = sorted(t for t, n in Counter(tiles).items() if n > 1)
        missing = sorted(set(DOUBLE_SIX) - set(tiles))
        if twice or missing:
            raise PositionError(
                "layout, hands and boneyard must hold each of the 28 tiles once"
                f" (twice: {' '.join(map(str, twice)) or 'none'};"
                f" missing: {' '.join(map(str, missing)) or 'none'})"
            )
        if self.drawn is not None and self.drawn not in self.hands[self.to_move]:
            raise PositionError(f"field 'to move': seat {self.to_move} does not hold {self.drawn}")

    def ruleset(self) -> Ruleset:
        return find_game(self.game)

    def state(self) -> HandState:
        """The hand this position describes (its layout replayed under the game's rules)."""
        ruleset = self.ruleset()
        layout = ruleset.new_layout()
        for play in self.plays:
            try:
                layout.play(play)
            except FivesError as exc:
                raise PositionError(f"field 'layout': {exc}") from None
        if self.drawn is not None and not layout.legal_plays(self.drawn):
            raise PositionError(f"field 'to move': the drawn tile {self.drawn} cannot be played")
        return HandState.resume(
            ruleset, layout, [list(h) for h in self.hands], self.boneyard, self.to_move, self.drawn
        )

    def __str__(self) -> str:
        table = f"{self.players}" + ("s" if self.players == 4 and not self.partnerships else "")
        hands = "/".join(_list([str(t) for t in h]) for h in self.hands)
        to_move = str(self.to_move) + (f"*{self.drawn}" if self.drawn is not None else "")
        return " ".join(
            [
                self.game,
                table,
                _list([str(p) for p in self.plays]),
                hands,
                _list([str(t) for t in self.boneyard]),
                to_move,
            ]
        )


def position_of(state: HandState, game: str, partnerships: bool = True) -> Position:
    """The position of a hand in progress."""
    return Position(
        game,
        state.players,
        state.players == 4 and partnerships,
        tuple(state.layout.plays),
        state.hands,
        state.boneyard,
        state.current_player if state.current_player is not None else state.leader,
        state.drawn,
    )
