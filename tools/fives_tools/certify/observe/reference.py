"""The reference engine's own games as observation records, every optional field filled
in: what it offered at each turn, what each play scored, how each hand ended and the
settled scores. They audit clean by construction of the rules, so they are the
baseline the audit is tested against, and what a self-play reply looks like in full.
They are the games a ``selfplay`` request is answered with (``adapters.selfplay``).
"""

from __future__ import annotations

import random
from typing import Any

from fives_engine import MatchState, Setup, find_game
from fives_tools.certify.adapters import selfplay


def observed_hand(match: MatchState, rng: random.Random) -> dict[str, Any]:
    """Play the match's current hand (dealt, not begun) to its end, or to the end of the
    match, with uniformly random legal actions; the hand as an observation record has it."""
    hand = match.hand
    assert hand is not None and not hand.actions
    deal = match.deals[-1].to_json()
    deal["leader"] = hand.leader
    actions = []
    while not (hand.is_terminal or match.is_terminal):
        seat = match.current_player
        seen = selfplay.act(match, rng)
        assert seen is not None, "a hand in play always offers an action"
        entry: dict[str, Any] = {"seat": seat, "action": str(hand.actions[-1][1])}
        seen.annotate(entry)
        actions.append(entry)
    out: dict[str, Any] = {"deal": deal, "actions": actions}
    if hand.is_terminal:
        out["ended"] = "out" if hand.went_out is not None else "block"
    out["scores"] = list(match.scores)
    return out


def observed_match(
    game: str,
    players: int = 2,
    partnerships: bool | None = None,
    seed: int = 1,
    hands: int | None = None,
) -> dict[str, Any]:
    """A match of uniformly random legal actions (``hands`` hands at most), recorded with
    every optional field; the same seed, the same record."""
    ruleset = find_game(game)
    played = selfplay.play(
        ruleset, Setup.of(ruleset, players, partnerships), seed, most=None, hands=hands
    )
    record = selfplay.observation(played, seed)
    record["implementation"] = {"name": "fives reference engine", "version": "1"}
    return record
