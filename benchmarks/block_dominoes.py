"""The second peer: OpenSpiel's ``python_block_dominoes`` (two players, seven tiles each,
no boneyard) doing random playouts through the OpenSpiel API.

Its actions are counted the way ours are, one per turn taken: each ``apply_action`` at a
player's node, chosen uniformly from ``legal_actions()`` (the game has no pass: a player
who cannot play is skipped). Its deal is fourteen chance nodes, each outcome chosen
uniformly from ``chance_outcomes()``: timed, as our deals are, but not counted.
Skipped (None) without the ``openspiel`` extra.

Our own games go through the same loop (:func:`loop`, the game string given), table by
table, in :mod:`benchmarks.openspiel_games`: there an action is a play, a draw or a pass
(ids 2 and up are plays), and the chance nodes (the neutral draw, the deal, each tile
drawn) are timed, not counted.
"""

from __future__ import annotations

import random
from importlib import metadata

from benchmarks.playouts import Count

GAME = "python_block_dominoes"
PACKAGE = "open-spiel"
DEAL_NODES = 14  # chance nodes of a game: seven tiles dealt to each of two players
OURS = ("fives_five_up", "fives_exact_61", "fives_all_fives")


def installed() -> str | None:
    """The installed version of OpenSpiel, or None (install the ``openspiel`` extra)."""
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import block_dominoes  # noqa: F401 - registers it

        return metadata.version(PACKAGE)
    except (ImportError, metadata.PackageNotFoundError):
        return None


def play_games(games: int, seed: int = 1) -> Count:
    """Random games of the peer."""
    return loop(games, GAME, seed)[0]


def loop(games: int, game: str, seed: int = 1, observe: bool = False) -> tuple[Count, int]:
    """Random games of the game string ``game`` and the chance nodes they applied;
    ``observe``: each player's node also reads the observation tensor of the player to act."""
    import pyspiel
    from open_spiel.python.games import block_dominoes, team_dominoes  # noqa: F401 - registers

    import fives_openspiel  # noqa: F401 - registers ours

    ours = game.startswith("fives_")
    loaded = pyspiel.load_game(game)
    rng = random.Random(seed)
    actions = plays = chance = 0
    for _ in range(games):
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                chance += 1
            else:
                if observe:
                    state.observation_tensor(state.current_player())
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                actions += 1
                plays += action >= 2 or not ours  # ours: 0 draw, 1 pass
    return Count(games, actions, plays), chance
