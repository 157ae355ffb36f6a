"""The layout's vocabulary as values: places on a tile, attach points, scoring ends,
connections and plays.

Every value has one canonical text, written as the sources write their diagram lines
(translated term by term through the glossary), and a parser that round-trips it:

* attach point  ``[1|1] (side branch A, 1)``
* scoring end   ``[1|2]: 2``
* connection    ``[1|4] (small end) – [1|1] (straight side A)``
* play          ``[1|4]`` (a lead) or ``[1|1]@[1|4]:small-end``

Engines that do not name places (a layout kept as open ends showing pips) use the **pips
form** instead (``spec/notation.md``, "Pips form"): an attach point ``[1|1] (1)``, a play
``[1|2]@[1|1]:1`` (on the open end of ``[1|1]`` that shows 1) or ``[1|2]@1`` (on an open
end showing 1). ``PipsPlay`` parses it and says which canonical plays it may stand for.
"""

from __future__ import annotations

import enum
import re
from typing import NamedTuple

from fives_engine.errors import NotationError
from fives_engine.tiles import Tile

_S = r"[ \t]*"  # the spaces the notation allows: ASCII space and tab
_TILE = r"\[[ \t]*[0-9][ \t]*\|[ \t]*[0-9][ \t]*\]"


class Port(enum.Enum):
    """A place on a tile where another tile can join.

    Definition order is the canonical listing order (the order of the sources' lists).
    """

    SIDE_BRANCH_A = "side branch A"
    SIDE_BRANCH_B = "side branch B"
    BIG_END = "big end"
    SMALL_END = "small end"
    STRAIGHT_SIDE_A = "straight side A"
    STRAIGHT_SIDE_B = "straight side B"

    # Members are singletons compared by identity, so the identity hash (computed in C) is
    # enough; Enum's default hashes the member's name in Python, on every set or dict use.
    __hash__ = object.__hash__

    @property
    def slug(self) -> str:
        return _SLUGS[self]

    @property
    def rank(self) -> int:
        return _RANKS[self]

    @property
    def is_branch(self) -> bool:
        return self in (Port.SIDE_BRANCH_A, Port.SIDE_BRANCH_B)

    @property
    def side_a(self) -> Port | None:
        """Side A of the mirror pair whose side B this is (None for any other place): while
        side A is open a play at B is the same move (layout.symmetric-attach-points)."""
        return _SIDE_A.get(self)

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Port:
        """Accept the slug (``straight-b``) or the glossary name (``straight side B``)."""
        key = re.sub(r"[ \t]+", " ", str(text).strip(" \t")).lower()
        port = _BY_KEY.get(key)
        if port is None:
            known = ", ".join(p.slug for p in cls)
            raise NotationError(f"not a place on a tile: {text!r} (expected one of {known})")
        return port


_SLUGS = {
    Port.SIDE_BRANCH_A: "branch-a",
    Port.SIDE_BRANCH_B: "branch-b",
    Port.BIG_END: "big-end",
    Port.SMALL_END: "small-end",
    Port.STRAIGHT_SIDE_A: "straight-a",
    Port.STRAIGHT_SIDE_B: "straight-b",
}
_RANKS = {port: i for i, port in enumerate(Port)}
_BY_KEY = {**{p.value.lower(): p for p in Port}, **{s: p for p, s in _SLUGS.items()}}

#: The two places of a non-double, and the four of a double, in canonical order.
END_PORTS = (Port.BIG_END, Port.SMALL_END)
_SIDE_A = {Port.STRAIGHT_SIDE_B: Port.STRAIGHT_SIDE_A, Port.SIDE_BRANCH_B: Port.SIDE_BRANCH_A}
STRAIGHT_PORTS = (Port.STRAIGHT_SIDE_A, Port.STRAIGHT_SIDE_B)
BRANCH_PORTS = (Port.SIDE_BRANCH_A, Port.SIDE_BRANCH_B)


def port_pips(tile: Tile, port: Port) -> int:
    """The pips shown at ``port`` of ``tile`` (a double shows its pips everywhere)."""
    if port is Port.SMALL_END:
        return tile.low
    if port is Port.BIG_END:
        return tile.high
    return tile.low


class AttachPoint(NamedTuple):
    """Where a tile may legally be played, with the pips it must match."""

    tile: Tile
    port: Port
    value: int

    def __str__(self) -> str:
        return f"{self.tile} ({self.port}, {self.value})"

    def sort_key(self) -> tuple[Tile, int]:
        return (self.tile, self.port.rank)

    @property
    def pips_text(self) -> str:
        """The attach point in the pips form, without its place: ``[1|1] (1)``."""
        return f"{self.tile} ({self.value})"

    @classmethod
    def parse(cls, text: str) -> AttachPoint:
        m = re.fullmatch(rf"{_S}({_TILE}){_S}\({_S}([^,]+?){_S},{_S}([0-9]+){_S}\){_S}", str(text))
        if m is None:
            raise NotationError(
                f"not an attach point: {text!r} (expected '[1|1] (side branch A, 1)')"
            )
        return cls(Tile.parse(m.group(1)), Port.parse(m.group(2)), int(m.group(3)))


class ScoringEnd(NamedTuple):
    """One counted end of the layout and the value it contributes to the total.

    ``port`` is the end of a non-double, or ``None`` for a double counted whole.
    It is not part of the text: the sources list a scoring end as tile and value only.
    """

    tile: Tile
    value: int
    port: Port | None = None

    def __str__(self) -> str:
        return f"{self.tile}: {self.value}"

    def sort_key(self) -> tuple[Tile, int]:
        return (self.tile, -1 if self.port is None else self.port.rank)

    @classmethod
    def parse(cls, text: str) -> ScoringEnd:
        m = re.fullmatch(rf"{_S}({_TILE}){_S}:{_S}([0-9]+){_S}", str(text))
        if m is None:
            raise NotationError(f"not a scoring end: {text!r} (expected '[1|2]: 2')")
        return cls(Tile.parse(m.group(1)), int(m.group(2)))


class Connection(NamedTuple):
    """Two tiles joined: the tile already down (``anchor``) and the tile played on it."""

    anchor: Tile
    anchor_port: Port
    tile: Tile
    tile_port: Port

    def __str__(self) -> str:
        return f"{self.anchor} ({self.anchor_port}) – {self.tile} ({self.tile_port})"

    @classmethod
    def parse(cls, text: str) -> Connection:
        m = re.fullmatch(
            rf"{_S}({_TILE}){_S}\(([^)]+)\){_S}[–-]{_S}({_TILE}){_S}\(([^)]+)\){_S}", str(text)
        )
        if m is None:
            raise NotationError(
                f"not a connection: {text!r}"
                " (expected '[1|4] (small end) – [1|1] (straight side A)')"
            )
        return cls(
            Tile.parse(m.group(1)),
            Port.parse(m.group(2)),
            Tile.parse(m.group(3)),
            Port.parse(m.group(4)),
        )


class Play(NamedTuple):
    """A tile and where it goes: nowhere for the lead, else an attach point (tile + place).

    The half of the new tile that joins is implied: a non-double joins by its half of the
    attach point's pips, a double by its straight side A.
    """

    tile: Tile
    anchor: Tile | None = None
    port: Port | None = None

    @property
    def is_lead(self) -> bool:
        return self.anchor is None

    def __str__(self) -> str:
        if self.anchor is None or self.port is None:
            return str(self.tile)
        return f"{self.tile}@{self.anchor}:{self.port.slug}"

    @property
    def text(self) -> str:
        """``str(self)``, memoised: the same few thousand plays recur in every hand."""
        text = _PLAY_TEXT.get(self)
        if text is None:
            text = _PLAY_TEXT[self] = str(self)
        return text

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read a play in the notation; a text read before is not read again (plays are
        values, and the same few thousand recur in every request)."""
        play = _PARSED.get(text) if isinstance(text, str) else None
        if play is None:
            play = cls._parse(text)
            if isinstance(text, str) and len(_PARSED) < _PARSED_MAX:
                _PARSED[text] = play
        return play

    @classmethod
    def _parse(cls, text: str) -> Play:
        raw = str(text).strip(" \t")
        if "@" not in raw:
            try:
                return cls(Tile.parse(raw))
            except NotationError:
                raise NotationError(
                    f"not a play: {text!r} (expected '[1|4]' for a lead or '[1|1]@[1|4]:small-end')"
                ) from None
        m = re.fullmatch(r"([^@]+)@([^:]+):(.+)", raw)
        if m is None:
            raise NotationError(f"not a play: {text!r} (expected the form '[1|1]@[1|4]:small-end')")
        try:
            return cls(Tile.parse(m.group(1)), Tile.parse(m.group(2)), Port.parse(m.group(3)))
        except NotationError as exc:
            raise NotationError(f"not a play: {text!r}: {exc}") from None


_PLAY_TEXT: dict[Play, str] = {}
_PARSED: dict[str, Play] = {}
#: Texts kept at most (the canonical texts of every play number under 5,000).
_PARSED_MAX = 20_000


class PipsPlay(NamedTuple):
    """A play in the pips form: the tile, and the open end it goes on, known by the pips
    it shows and, where the engine says it, the tile it belongs to.

    It is what an engine without place names can say of a play. It may stand for several
    canonical plays (the two side branches of a spinner, two ends showing the same pips);
    ``matches`` tells which, and the caller decides what an ambiguity means.
    """

    tile: Tile
    anchor: Tile | None = None
    pips: int | None = None

    @property
    def is_lead(self) -> bool:
        return self.pips is None

    def __str__(self) -> str:
        if self.pips is None:
            return str(self.tile)
        if self.anchor is None:
            return f"{self.tile}@{self.pips}"
        return f"{self.tile}@{self.anchor}:{self.pips}"

    @classmethod
    def of(cls, play: Play) -> PipsPlay:
        """The pips form of a canonical play (what an engine without place names says)."""
        if play.anchor is None or play.port is None:
            return cls(play.tile)
        return cls(play.tile, play.anchor, port_pips(play.anchor, play.port))

    def matches(self, play: Play) -> bool:
        """Whether ``play`` is one of the canonical plays this text may stand for."""
        other = PipsPlay.of(play)
        if self.anchor is None:
            return (self.tile, self.pips) == (other.tile, other.pips)
        return self == other

    @classmethod
    def parse(cls, text: str) -> PipsPlay:
        raw = str(text).strip(" \t")
        m = re.fullmatch(rf"([^@]+?){_S}(?:@{_S}(?:([^@:]+?){_S}:{_S})?([0-9]))?", raw)
        try:
            if m is None:
                raise NotationError("expected '[1|4]' for a lead, '[1|2]@[1|1]:1' or '[1|2]@1'")
            tile = Tile.parse(m.group(1))
            if m.group(3) is None:
                return cls(tile)
            anchor = Tile.parse(m.group(2)) if m.group(2) is not None else None
            pips = int(m.group(3))
            # a tile with no half showing the pips is a play against that end all the
            # same, as an engine made it: illegal (play.match-attach-point), not unreadable
            if anchor is not None and pips not in (anchor.low, anchor.high):
                raise NotationError(f"{anchor} has no end showing {pips}")
        except NotationError as exc:
            raise NotationError(f"not a play in the pips form: {text!r}: {exc}") from None
        return cls(tile, anchor, pips)


def parse_plays(text: str | list[str]) -> list[Play]:
    """Plays from a list, or from one string separated by commas, semicolons or spaces."""
    items = re.split(r"[ \t\r\n,;]+", text) if isinstance(text, str) else list(text)
    return [Play.parse(item) for item in items if str(item).strip(" \t\r\n")]
