"""The table a game is loaded for: the game parameters of OpenSpiel, checked once by the
engine's :class:`~fives_engine.Setup`.

================ ======= ==================================================================
parameter        default meaning
================ ======= ==================================================================
``players``      2       2, 3 or 4
``partnerships`` true    with four players, two partnerships (seats 0 & 2 against 1 & 3);
                         two or three players always play alone. Five Up and Exact 61
                         always pair four players; All Fives may play them alone (false)
``hand_size``    0       tiles dealt to each player: 0 is the game's deal; All Fives'
                         alternative deals are 5 (``five-each``) and, with two players, 7
                         (``seven-five``)
``target``       0       the agreed target in raw points; 0 is the game's own
``per_hand``     false   false: the game is the whole match, the winning side's seats get
                         +1, the others share -1; true: the game ends with the first hand,
                         each seat gets its side's raw points of the hand minus the mean of
                         the other sides'
``max_hands``    1000    a match still undecided after this many hands ends with every
                         return 0 (OpenSpiel needs a bounded game; random play needs about
                         40-80 hands for 305 raw points)
================ ======= ==================================================================

Every parameter is a number or a boolean, so that a game string needs no quoting:
``fives_all_fives(players=4,partnerships=false,hand_size=5)``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fives_engine import DOUBLE_SIX, Ruleset, Setup, find_game
from fives_engine.errors import FivesError, RulesetError

#: Every parameter with its default value, in OpenSpiel's parameter specification.
DEFAULTS: dict[str, Any] = {
    "players": 2,
    "partnerships": True,
    "hand_size": 0,
    "target": 0,
    "per_hand": False,
    "max_hands": 1000,
}

#: Raw points one side can gain in one hand, at most: every play scores at most the pips
#: of the whole set, and so does a settlement.
MAX_RAW_PER_HAND = (len(DOUBLE_SIX) + 1) * sum(t.pips for t in DOUBLE_SIX)


@dataclass(frozen=True)
class Table:
    game: str  # the engine's name: five-up, exact-61, all-fives
    players: int
    partnerships: bool
    hand_size: int
    target: int
    per_hand: bool
    max_hands: int

    @classmethod
    def of(cls, game: str, params: Mapping[str, Any]) -> Table:
        """The table of ``params`` (OpenSpiel's), with a ``ValueError`` naming the bad one."""
        unknown = sorted(set(params) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"{game}: unknown parameters {unknown}; known: {sorted(DEFAULTS)}")
        values = {**DEFAULTS, **params}
        if int(values["max_hands"]) < 1:
            raise ValueError(f"{game}: max_hands must be at least 1, got {values['max_hands']}")
        table = cls(
            game,
            int(values["players"]),
            bool(values["partnerships"]),
            int(values["hand_size"]),
            int(values["target"]),
            bool(values["per_hand"]),
            int(values["max_hands"]),
        )
        try:
            table.setup  # noqa: B018 - the engine checks the table here
        except FivesError as exc:
            raise ValueError(f"{game}: {exc}") from None
        return table

    @property
    def ruleset(self) -> Ruleset:
        return find_game(self.game)

    @property
    def setup(self) -> Setup:
        return _setup(self)

    @property
    def hands_at_most(self) -> int:
        return 1 if self.per_hand else self.max_hands

    @property
    def actions_per_hand(self) -> int:
        """Player actions in one hand, at most: every tile played, every boneyard tile
        drawn, and between two plays at most one pass by each other player."""
        boneyard = len(DOUBLE_SIX) - self.players * self.setup.deal_size(self.ruleset)
        plays = len(DOUBLE_SIX)
        return plays + boneyard + (self.players - 1) * plays


@functools.cache
def _setup(table: Table) -> Setup:
    ruleset = table.ruleset
    partners = table.partnerships and ruleset.partnerships(table.players) is not None
    return Setup.of(
        ruleset,
        table.players,
        partners,
        _deal_option(ruleset, table.players, table.hand_size),
        table.target or None,
    )


def _deal_option(ruleset: Ruleset, players: int, hand_size: int) -> str | None:
    """The engine's name of the deal giving ``hand_size`` tiles each (None: the game's)."""
    if hand_size == 0 or hand_size == ruleset.deal_size(players):
        return None
    options = {ruleset.deal_size(players, o): o for o in reversed(ruleset.deal_options)}
    if hand_size not in options:
        sizes = sorted({ruleset.deal_size(players), *options})
        raise RulesetError(
            f"{ruleset.title} with {players} players deals {' or '.join(map(str, sizes))}"
            f" tiles each, not {hand_size}"
        )
    return options[hand_size]
