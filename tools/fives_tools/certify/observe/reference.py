"""The reference engine's own games as observation records, every optional field filled
in: what it offered at each turn, what each play scored, how each hand ended and the
settled scores. They audit clean by construction of the rules, so they are the
baseline the audit is tested against, and what a self-play reply looks like in full.
"""

from __future__ import annotations

import random
from typing import Any

from fives_engine import MatchState, Setup, find_game
from fives_engine.record import write_record


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
    match = MatchState.seeded(ruleset, Setup.of(ruleset, players, partnerships), seed)
    rng = random.Random(seed)
    notes: list[list[dict[str, Any]]] = []
    ends: list[dict[str, Any]] = []
    while not match.is_terminal and (hands is None or len(ends) < hands):
        hand = match.hand
        assert hand is not None
        if len(notes) < len(match.hands):
            notes.append([])
        legal = match.legal_actions()
        action = rng.choice(legal)
        events = match.apply_action(action)
        note: dict[str, Any] = {"offered": [str(a) for a in legal]}
        play = next((e for e in events if e.kind == "play"), None)
        if play is not None:
            note["score"] = play["raw"]
        notes[-1].append(note)
        if hand.is_terminal or match.is_terminal:
            end: dict[str, Any] = {"scores": list(match.scores)}
            if hand.is_terminal:
                end["ended"] = "out" if hand.went_out is not None else "block"
            ends.append(end)
    record = write_record(match, seed=seed)
    record["implementation"] = {"name": "fives reference engine", "version": "1"}
    record["hands"] = record["hands"][: len(notes)]  # not the next hand, dealt already
    for entry, played, hand_notes, end in zip(
        record["hands"], match.hands[: len(notes)], notes, ends, strict=True
    ):
        entry["deal"]["leader"] = played.leader
        for action, note in zip(entry["actions"], hand_notes, strict=True):
            action.update(note)
        entry.update(end)
    return record
