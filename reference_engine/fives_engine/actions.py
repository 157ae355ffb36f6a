"""What a player does on a turn: play a tile, draw from the boneyard, or pass.

Each action has one canonical text, which its parser round-trips: a play is its play text
(``[1|4]``, ``[1|1]@[1|4]:small-end``), the others are ``draw`` and ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass

from fives_engine.errors import NotationError
from fives_engine.terms import Play


@dataclass(frozen=True)
class Draw:
    """Take the next tile of the boneyard (only without a legal play)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass:
    """Give up the turn (only with the boneyard empty and no legal play)."""

    def __str__(self) -> str:
        return "pass"


Action = Play | Draw | Pass

DRAW = Draw()
PASS = Pass()
_WORDS: dict[str, Action] = {"draw": DRAW, "pass": PASS}


def parse_action(text: str) -> Action:
    """``draw``, ``pass`` or a play in the notation of ``spec/notation.md``."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text like 'draw' or '[1|4]', got {text!r}")
    word = _WORDS.get(text.strip(" \t").lower())
    if word is not None:
        return word
    try:
        return Play.parse(text)
    except NotationError as exc:
        raise NotationError(
            f"not an action: {text!r} (expected 'draw', 'pass' or a play: {exc})"
        ) from None
