"""OpenSpiel's search bots against uniform random in the three games (``fives_openspiel``).

Each game is one hand (``per_hand=true``) at two players, the bot's seat alternating; a
game is won when the bot's return is positive (its side scored more in the hand). Two
bots, both with random rollouts: ``MCTS`` searches the true state, hidden tiles included
(it cheats); ``IS-MCTS`` searches worlds resampled from its information state
(``resample_from_infostate``), so it plays fair. Skipped (``None``) when the ``openspiel``
extra is not installed.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class BotRun:
    bot: str  # MCTS or IS-MCTS
    game: str  # the OpenSpiel game string
    games: int
    simulations: int  # MCTS simulations per decision
    wins: int
    draws: int
    mean_return: float  # the bot's mean return, raw points
    seconds: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games


GAME_STRINGS = (
    "fives_five_up(per_hand=true)",
    "fives_exact_61(per_hand=true)",
    "fives_all_fives(per_hand=true)",
)
UCT_C = 20.0  # returns are raw points of a hand (tens), not +-1


def bot_runs(games: int, simulations: int, seed: int = 1) -> list[BotRun] | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts

        import fives_openspiel  # noqa: F401 - registers the games
    except ImportError:
        return None
    runs = []
    for kind in ("MCTS", "IS-MCTS"):
        for game_string in GAME_STRINGS:
            game = pyspiel.load_game(game_string)
            rng = random.Random(seed)
            evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
            if kind == "MCTS":
                bot: Any = mcts.MCTSBot(
                    game,
                    UCT_C,
                    simulations,
                    evaluator,
                    solve=False,
                    random_state=np.random.RandomState(seed),
                )
            else:
                bot = ismcts.ISMCTSBot(
                    game, evaluator, UCT_C, simulations, random_state=np.random.RandomState(seed)
                )
                bot.set_resampler(_resampler(random.Random(seed)))
            runs.append(_run(kind, game_string, game, bot, rng, games, simulations))
    return runs


def _resampler(worlds: random.Random) -> Any:
    """IS-MCTS's world sampler, seeded so that a report can be repeated."""

    def sample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, worlds.random)

    return sample


def _run(
    kind: str,
    game_string: str,
    game: Any,
    bot: Any,
    rng: random.Random,
    games: int,
    simulations: int,
) -> BotRun:
    wins = draws = 0
    total = 0.0
    start = time.perf_counter()
    for number in range(games):
        seat = number % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [a for a, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(outcomes))
                continue
            legal = state.legal_actions()
            if state.current_player() == seat and len(legal) > 1:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(legal))
        mine = state.returns()[seat]
        total += mine
        wins += mine > 0
        draws += mine == 0
    seconds = time.perf_counter() - start
    return BotRun(kind, game_string, games, simulations, wins, draws, total / games, seconds)
