"""Random playouts: whole hands with uniformly random legal actions, from seeded deals.

An *action* is one turn a player takes: for us a play, a draw or a pass (one
``apply_action``, chosen uniformly from ``legal_actions()``). Every hand starts from a
seeded deal and a neutral draw for the lead, so each round of a run plays the very same
hands. The plain engine (``fives_engine``) and the fast path (``fives_fast``) deal alike
and list legal actions in the same order, so the same seed plays the very same hands
through both: their counts must be equal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from fives_engine import HandState, Play, Ruleset, Setup, find_game
from fives_engine.deal import draw_winner, random_deal
from fives_engine.layout import EVERY_DOUBLE
from fives_fast import FastHand, deal_ids
from fives_fast.tables import LEAD


@dataclass(frozen=True)
class Table:
    """A game and how many sit at it (four players are partners unless ``alone``)."""

    game: str
    players: int
    alone: bool = False

    @property
    def label(self) -> str:
        if self.players != 4:
            return f"{self.game}, {self.players} players"
        return f"{self.game}, 4 {'alone' if self.alone else 'partners'}"


TABLES = [
    *(Table(game, n) for game in ("five-up", "exact-61", "all-fives") for n in (2, 3, 4)),
    Table("all-fives", 4, alone=True),
]


@dataclass(frozen=True)
class Count:
    """What a batch of playouts did (the same for the same seed, round after round)."""

    hands: int
    actions: int
    plays: int


def seeded_hand(ruleset: Ruleset, setup: Setup, rng: random.Random) -> HandState:
    """A shuffled deal, led by whoever wins the neutral draw."""
    deal = random_deal(ruleset, setup, rng, None)
    return HandState(ruleset, deal, draw_winner(deal.draws, setup.players))


def _setup(table: Table) -> tuple[Ruleset, Setup]:
    ruleset = find_game(table.game)
    partners = not table.alone if table.players == 4 else None
    return ruleset, Setup.of(ruleset, table.players, partners)


def play_hands(table: Table, hands: int, seed: int = 1) -> Count:
    """Random playouts through the reference engine's ``HandState``."""
    ruleset, setup = _setup(table)
    rng = random.Random(seed)
    actions = plays = 0
    for _ in range(hands):
        hand = seeded_hand(ruleset, setup, rng)
        while not hand.is_terminal:
            action = rng.choice(hand.legal_actions())
            hand.apply_action(action)
            actions += 1
            plays += isinstance(action, Play)
    return Count(hands, actions, plays)


def play_hands_fast(table: Table, hands: int, seed: int = 1) -> Count:
    """The same playouts through the fast path's ``FastHand`` (integer action ids)."""
    ruleset, setup = _setup(table)
    every_double = ruleset.spinners == EVERY_DOUBLE
    size = setup.deal_size(ruleset)
    rng = random.Random(seed)
    choice = rng.choice
    actions = plays = 0
    for _ in range(hands):
        hand = FastHand(every_double, *deal_ids(setup.players, size, rng))
        while not hand.is_terminal:
            action = choice(hand.legal_actions())
            hand.apply_action(action)
            actions += 1
            plays += action >= LEAD
    return Count(hands, actions, plays)
