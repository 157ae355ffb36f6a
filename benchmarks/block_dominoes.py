"""The second peer: OpenSpiel's ``python_block_dominoes`` (two players, seven tiles each,
no boneyard) doing random playouts through the OpenSpiel API.

Its actions are counted the way ours are, one per turn taken: each ``apply_action`` at a
player's node, chosen uniformly from ``legal_actions()`` (the game has no pass: a player
who cannot play is skipped). Its deal is fourteen chance nodes, each outcome chosen
uniformly from ``chance_outcomes()``: timed, as our deals are, but not counted.
Skipped (None) without the ``openspiel`` extra.
"""

from __future__ import annotations

import random
from importlib import metadata

from benchmarks.playouts import Count

GAME = "python_block_dominoes"
PACKAGE = "open-spiel"
DEAL_NODES = 14  # chance nodes of a game: seven tiles dealt to each of two players


def installed() -> str | None:
    """The installed version of OpenSpiel, or None (install the ``openspiel`` extra)."""
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import block_dominoes  # noqa: F401 - registers it

        return metadata.version(PACKAGE)
    except (ImportError, metadata.PackageNotFoundError):
        return None


def play_games(games: int, seed: int = 1) -> Count:
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401 - registers it

    game = pyspiel.load_game(GAME)
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
    return Count(games, actions, actions)  # every action is a play
