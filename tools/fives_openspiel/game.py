"""The three games as Python games of ``pyspiel``: ``fives_five_up``, ``fives_exact_61``
and ``fives_all_fives``, registered when this module is imported.

A thin layer: :class:`~fives_openspiel.progress.Progress` drives the fast path, this module
speaks OpenSpiel (game type and info, the state's API, the observer). Parameters:
:mod:`fives_openspiel.table`; action ids: :mod:`fives_openspiel.encoding`.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from fives_openspiel.encoding import NUM_ACTIONS, NUM_TILES
from fives_openspiel.observer import FivesObserver
from fives_openspiel.progress import Progress, resample
from fives_openspiel.saved import history_text, parse_history
from fives_openspiel.table import DEFAULTS, MAX_RAW_PER_HAND, Table

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

#: OpenSpiel short name -> the engine's game name.
GAMES = {"fives_five_up": "five-up", "fives_exact_61": "exact-61", "fives_all_fives": "all-fives"}


def game_type(short_name: str) -> Any:
    ruleset = Table.of(GAMES[short_name], {}).ruleset
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"{ruleset.title} (Fives conformance suite)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(ruleset.players),
        min_num_players=min(ruleset.players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification=DEFAULTS,
    )


def game_info(table: Table) -> Any:
    if table.per_hand:
        low, high = -2.0 * MAX_RAW_PER_HAND, 2.0 * MAX_RAW_PER_HAND
    else:
        low, high = -1.0, 1.0
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=NUM_TILES,
        num_players=table.players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0,
        max_game_length=table.hands_at_most * table.actions_per_hand,
    )


class FivesGame(pyspiel.Game):  # type: ignore[misc]
    """One of the three games (a subclass names it) at one table (its parameters)."""

    short_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.table = Table.of(GAMES[self.short_name], params or {})
        params = {**DEFAULTS, **(params or {})}
        super().__init__(game_type(self.short_name), game_info(self.table), params)

    def new_initial_state(self) -> FivesState:
        return FivesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> FivesObserver:
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return FivesObserver(self.table, obs_type, params)

    def deserialize_state(self, text: str) -> FivesState:
        """The state a saved history leads to (:mod:`fives_openspiel.saved`); never
        unpickles, and refuses a line that is not a legal action id here."""
        state = self.new_initial_state()
        for number, action in enumerate(parse_history(text), 1):
            if action not in state.legal_actions():  # a chance node's: its outcomes
                raise ValueError(f"saved action {number} ({action}) is not legal there")
            state.apply_action(action)
        return state


class FivesState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: FivesGame) -> None:
        super().__init__(game)
        self.progress = Progress(game.table)
        self._current = _CHANCE

    def current_player(self) -> int:
        return self._current  # pyspiel asks for it several times per action

    def _seat_to_act(self) -> int:
        progress = self.progress
        if progress.is_terminal:
            return _TERMINAL
        seat = progress.current_player
        return _CHANCE if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.progress.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.progress.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.progress.apply(action)
        self._current = self._seat_to_act()

    def _action_to_string(self, player: int, action: int) -> str:
        return self.progress.action_text(action)

    def is_terminal(self) -> bool:
        return self.progress.is_terminal

    def returns(self) -> list[float]:
        return self.progress.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FivesState:
        """A state ``player_id`` cannot tell from this one (IS-MCTS samples its worlds so):
        see :func:`fives_openspiel.progress.resample`; ``probability_sampler`` seeds it."""
        world = resample(self.progress, player_id, random.Random(probability_sampler()))
        state: FivesState = self.get_game().new_initial_state()
        for action in world.history:
            state.apply_action(action)
        return state

    def serialize(self) -> str:
        """The action history, one id a line (:mod:`fives_openspiel.saved`)."""
        return history_text(self.history())

    def __str__(self) -> str:
        """The whole log, every private line included (for debugging, as OpenSpiel's)."""
        return "\n".join(text for _, text in self.progress.log)


class FiveUpGame(FivesGame):
    short_name = "fives_five_up"


class Exact61Game(FivesGame):
    short_name = "fives_exact_61"


class AllFivesGame(FivesGame):
    short_name = "fives_all_fives"


# Registered as classes: pyspiel 2.0.2 may abort the interpreter at exit when a game is
# registered with a plain function.
for _game in (FiveUpGame, Exact61Game, AllFivesGame):
    pyspiel.register_game(game_type(_game.short_name), _game)
