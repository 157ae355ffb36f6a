"""A saved state is its action history, one action id a line, as OpenSpiel's own C++
games save theirs (``State::Serialize``).

pyspiel's default for a Python game pickles the state, and loading such a string
unpickles it: a crafted "saved game" would run any code it names. A saved state here is
only whole numbers, each replayed through the game's own legality check; anything else
is refused with a ``ValueError`` naming the line.

Only the Python API is ours to change: pyspiel 2.0.2's C++ ``deserialize_game_and_state``
goes straight to its Python-game bridge, which unpickles for every Python game.
"""

from __future__ import annotations

from collections.abc import Sequence


def history_text(history: Sequence[int]) -> str:
    """The text of a saved state: each action id on its own line."""
    return "".join(f"{action}\n" for action in history)


def parse_history(text: str) -> list[int]:
    """The action ids of a saved state (blank lines skipped), or ``ValueError`` naming
    the first line that is not a whole number written in ASCII digits."""
    actions = []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        if not line:
            continue
        if not (line.isascii() and line.isdigit()):
            shown = line if len(line) <= 40 else line[:40] + "..."
            raise ValueError(f"a saved state is one action id a line; line {number} is {shown!r}")
        actions.append(int(line))
    return actions
