"""Random playouts: whole hands with uniformly random legal actions, from seeded deals.

An *action* is one turn a player takes: for us a play, a draw or a pass (one
``apply_action``, chosen uniformly from ``legal_actions()``). Every hand starts from a
seeded deal and a neutral draw for the lead, so each round of a run plays the very same
hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from fives_engine import HandState, Play, Ruleset, Setup, find_game
from fives_engine.deal import draw_winner, random_deal


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


def play_hands(table: Table, hands: int, seed: int = 1) -> Count:
    ruleset = find_game(table.game)
    setup = Setup.of(ruleset, table.players, not table.alone if table.players == 4 else None)
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
