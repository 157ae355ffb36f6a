"""Perft: the number of legal action sequences of a given length from a position.

As in chess, perft certifies move generation: ``perft(state, 1)`` is the number of legal
actions, ``perft(state, n)`` the number of leaves of the action tree ``n`` deep (a hand that
ends earlier contributes nothing to deeper levels). ``divide`` splits the count by first
action, which is how a mismatch is tracked down to the move generated wrongly.
Draws are deterministic here: the boneyard's draw order is part of the position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

_State = TypeVar("_State", bound="Searchable")  # pragma: no mutate


class Searchable(Protocol):
    """What perft needs of a state: a HandState, or any state played the same way (the
    fast path's hands are counted by this same function)."""

    def legal_actions(self) -> Sequence[Any]: ...

    def copy(self: _State) -> _State: ...

    def apply_action(self, action: Any) -> Any: ...


def perft(state: Searchable, depth: int) -> int:
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, got {depth}")
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.copy()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


def divide(
    state: Searchable, depth: int, text: Callable[[Any], str] = str
) -> dict[str, int]:
    """``perft(state, depth)`` split by first action (canonical ``text`` -> count)."""
    if depth < 1:
        raise ValueError(f"divide needs a depth of 1 or more, got {depth}")
    out = {}
    for action in state.legal_actions():
        child = state.copy()
        child.apply_action(action)
        out[text(action)] = perft(child, depth - 1)
    return out
