"""The second peer: OpenSpiel's ``python_block_dominoes`` (two players, seven tiles each,
no boneyard) doing random playouts through the OpenSpiel API.

Its actions are counted the way ours are, one per turn taken: each ``apply_action`` at a
player's node, chosen uniformly from ``legal_actions()`` (the game has no pass: a player
who cannot play is skipped). Its deal is fourteen chance nodes, each outcome chosen
uniformly from ``chance_outcomes()``: timed, as our deals are, but not counted.
Skipped (None) without the ``openspiel`` extra.

Our own three games are timed through the same API and loop (:data:`OURS`, one hand at two
players, ``fives_openspiel`` over the reference engine): there an action is a play, a draw
or a pass (ids 2 and up are plays), and the chance nodes (the neutral draw, the deal, each
tile drawn) are timed, not counted.
"""

from __future__ import annotations

import random
from importlib import metadata

from benchmarks.playouts import Count

GAME = "python_block_dominoes"
PACKAGE = "open-spiel"
DEAL_NODES = 14  # chance nodes of a game: seven tiles dealt to each of two players
OURS = ("fives_five_up", "fives_exact_61", "fives_all_fives")
_OURS_PARAMS = "(per_hand=true)"


def installed() -> str | None:
    """The installed version of OpenSpiel, or None (install the ``openspiel`` extra)."""
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import block_dominoes  # noqa: F401 - registers it

        return metadata.version(PACKAGE)
    except (ImportError, metadata.PackageNotFoundError):
        return None


def play_games(games: int, seed: int = 1, game_name: str = GAME) -> Count:
    """Random games of ``game_name`` (the peer, or one of :data:`OURS`)."""
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401 - registers it

    import fives_openspiel  # noqa: F401 - registers ours

    ours = game_name in OURS
    game = pyspiel.load_game(game_name + _OURS_PARAMS if ours else game_name)
    rng = random.Random(seed)
    actions = plays = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                actions += 1
                plays += action >= 2 or not ours  # ours: 0 draw, 1 pass
    return Count(games, actions, plays)
