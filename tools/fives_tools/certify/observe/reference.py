"""The reference engine's own games as observation records, every optional field filled
in: what it offered at each turn, what each play scored, how each hand ended and the
settled scores. They audit clean by construction of the rules, so they are the
baseline the audit is tested against, and what a self-play reply looks like in full.
"""

from __future__ import annotations

import random
from typing import Any

from fives_engine import MatchState, Setup, find_game


def observed_hand(match: MatchState, rng: random.Random) -> dict[str, Any]:
    """Play the match's current hand (dealt, not begun) to its end, or to the end of the
    match, with uniformly random legal actions; the hand as an observation record has it."""
    hand = match.hand
    assert hand is not None and not hand.actions
    deal = match.deals[-1].to_json()
    deal["leader"] = hand.leader
    actions = []
    while not (hand.is_terminal or match.is_terminal):
        legal = match.legal_actions()
        action = rng.choice(legal)
        seat = match.current_player
        events = match.apply_action(action)
        entry: dict[str, Any] = {
            "seat": seat,
            "action": str(action),
            "offered": [str(a) for a in legal],
        }
        draw = next((e for e in events if e.kind == "draw"), None)
        if draw is not None:
            entry["tile"] = draw["tile"]
        play = next((e for e in events if e.kind == "play"), None)
        if play is not None:
            entry["score"] = play["raw"]
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
    setup = Setup.of(ruleset, players, partnerships)
    match = MatchState.seeded(ruleset, setup, seed)
    rng = random.Random(seed)
    played: list[dict[str, Any]] = []
    while not match.is_terminal and (hands is None or len(played) < hands):
        played.append(observed_hand(match, rng))
    return {
        "format": "fives-record",
        "version": 1,
        "game": game,
        "setup": {
            "players": players,
            "partnerships": setup.partnerships,
            "deal_option": None,
            "target": setup.target,
            "scores": [0] * setup.sides,
            "seed": seed,
        },
        "implementation": {"name": "fives reference engine", "version": "1"},
        "hands": played,
        "result": {"scores": list(match.scores), "winner": match.winner},
    }
