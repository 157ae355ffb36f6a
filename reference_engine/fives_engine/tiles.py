"""Tiles of the double-six set as small immutable values.

The canonical text of a tile is the sources' own: ``[1|4]``, lower pips first. The parser
also takes the reversed order and the shell-friendly ``1-4`` / ``1|4``, but a tile always
prints canonically, so ``Tile.parse(str(t)) == t`` for every tile.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from fives_engine.errors import NotationError

MAX_PIPS = 6

# ASCII digits, spaces and tabs only; brackets in pairs or not at all (spec/notation.md)
_HALVES = r"[ \t]*([0-9])[ \t]*[|\-][ \t]*([0-9])[ \t]*"
_TILE_RE = re.compile(rf"[ \t]*(?:\[{_HALVES}\]|{_HALVES})[ \t]*")


class Tile(NamedTuple):
    """One tile, ``low <= high``. A named tuple: hashable, ordered, cheap."""

    low: int
    high: int

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def pips(self) -> int:
        return self.low + self.high

    def has(self, pips: int) -> bool:
        return self.low == pips or self.high == pips

    def other(self, pips: int) -> int:
        """The half that is not ``pips`` (for a double, ``pips`` itself)."""
        return self.high if self.low == pips else self.low

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with halves ``a`` and ``b`` in either order."""
        if not (0 <= a <= MAX_PIPS and 0 <= b <= MAX_PIPS):
            raise NotationError(f"tile halves must be 0-{MAX_PIPS}, got {a} and {b}")
        return _TILES[(min(a, b), max(a, b))]

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse ``[a|b]`` (either order), ``a|b`` or ``a-b`` (a text read before is
        not read again: tiles are values)."""
        if not isinstance(text, str):
            raise NotationError(f"a tile must be text like '[1|4]', got {text!r}")
        tile = _PARSED.get(text)
        if tile is None:
            tile = cls._parse(text)
            if len(_PARSED) < _PARSED_MAX:
                _PARSED[text] = tile
        return tile

    @classmethod
    def _parse(cls, text: str) -> Tile:
        match = _TILE_RE.fullmatch(text)
        if match is None:
            raise NotationError(f"not a tile: {text!r} (expected the form '[1|4]')")
        a, b = (int(g) for g in match.groups() if g is not None)
        if a > MAX_PIPS or b > MAX_PIPS:
            raise NotationError(f"not a double-six tile: {text!r} (halves are 0-{MAX_PIPS})")
        return cls.of(a, b)


_PARSED: dict[str, Tile] = {}
_PARSED_MAX = 10_000  # texts kept at most (a tile has a handful of written forms)

_TILES: dict[tuple[int, int], Tile] = {
    (low, high): Tile(low, high) for low in range(MAX_PIPS + 1) for high in range(low, MAX_PIPS + 1)
}

#: The 28 tiles of the double-six set in canonical order.
DOUBLE_SIX: tuple[Tile, ...] = tuple(sorted(_TILES.values()))


def parse_tiles(texts: Iterable[str]) -> list[Tile]:
    return [Tile.parse(t) for t in texts]


def pip_count(tiles: Iterable[Tile]) -> int:
    return sum(t.pips for t in tiles)
