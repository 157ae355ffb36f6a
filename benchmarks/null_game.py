"""The floor of the OpenSpiel figures: ``benchmarks_null``, a Python game of ``pyspiel``
that does no game work, so that the loop timed with it costs only what pyspiel's bridge
and the loop itself cost. Nothing played through that loop can be faster.

Its shape is set by parameters, to match the table it stands beside: ``chance`` chance
nodes of :data:`OUTCOMES` outcomes, then ``actions`` player nodes of :data:`LEGAL` legal
actions each (the same lists every time: nothing is worked out); its observation tensor
has ``tensor`` floats and is never written. Imported only with the ``openspiel`` extra.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

NAME = "benchmarks_null"
OUTCOMES = 28  # a tile drawn or dealt
LEGAL = 3  # about as many as a turn of ours offers
DEFAULTS: dict[str, Any] = {"chance": 14, "actions": 20, "tensor": 259}
_CHANCE_OUTCOMES = [(t, 1.0 / OUTCOMES) for t in range(OUTCOMES)]
_LEGAL_ACTIONS = list(range(LEGAL))
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="A game that does nothing (the benchmarks' floor)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class NullGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**DEFAULTS, **(params or {})}
        self.chance, self.actions = int(values["chance"]), int(values["actions"])
        self.size = int(values["tensor"])
        info = pyspiel.GameInfo(
            num_distinct_actions=max(LEGAL, OUTCOMES),
            max_chance_outcomes=OUTCOMES,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.chance + self.actions,
        )
        super().__init__(_TYPE, info, values)

    def new_initial_state(self) -> NullState:
        return NullState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> NullObserver:
        return NullObserver(self.size)


class NullState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: NullGame) -> None:
        super().__init__(game)
        self._chance, self._actions, self._turn = game.chance, game.actions, 0
        self._current = _CHANCE if self._chance else 0

    def current_player(self) -> int:
        return self._current

    def _legal_actions(self, player: int) -> list[int]:
        return _LEGAL_ACTIONS

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _CHANCE_OUTCOMES

    def _apply_action(self, action: int) -> None:
        if self._chance:
            self._chance -= 1
        else:
            self._actions -= 1
            self._turn ^= 1
        if self._chance:
            self._current = _CHANCE
        else:
            self._current = self._turn if self._actions else _TERMINAL

    def _action_to_string(self, player: int, action: int) -> str:
        return str(action)

    def is_terminal(self) -> bool:
        return self._current == _TERMINAL

    def returns(self) -> list[float]:
        return [0.0, 0.0]


class NullObserver:
    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"nothing": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        return None

    def string_from(self, state: Any, player: int) -> str:
        return ""


pyspiel.register_game(_TYPE, NullGame)
