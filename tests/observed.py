"""Observation records for the audit's tests: the minimal log documented in
spec/records.md, a record rewritten the way an engine without place names logs it, and
the reference engine's own games with every optional field filled in (what it offered at
each turn, what each play scored, how each hand ended, the settled scores). Those audit
clean by construction of the rules: the baseline the audit is tested against."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

from fives_engine import MatchState, PipsPlay, Play, Setup, parse_action, rules
from fives_tools.certify.adapters import selfplay

RECORDS_MD = Path(__file__).resolve().parent.parent / "spec" / "records.md"


#: The legal plays of seat 1 at action 8 of the minimal log, in the pips form.
LEGAL_AT_8 = [
    "[0|1]@[1|1]:1",
    "[1|3]@[1|1]:1",
    "[1|5]@[1|1]:1",
    "[1|6]@[1|1]:1",
    "[2|4]@[1|4]:4",
    "[4|5]@[1|4]:4",
]


def minimal_example() -> dict[str, Any]:
    """The minimal log of spec/records.md, as documented."""
    text = RECORDS_MD.read_text("utf-8").split("## Observation records", 1)[1]
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    record: dict[str, Any] = json.loads(block)
    return record


def to_pips_form(record: dict[str, Any]) -> dict[str, Any]:
    """The record as an engine without place names and without a boneyard logs it."""
    out = copy.deepcopy(record)

    def pips(text: str) -> str:
        action = parse_action(text)
        return str(PipsPlay.of(action)) if isinstance(action, Play) else text

    for hand in out["hands"]:
        hand["deal"].pop("boneyard", None)
        for action in hand["actions"]:
            action["action"] = pips(action["action"])
            if "offered" in action:
                action["offered"] = [pips(t) for t in action["offered"]]
    return out


def readme_example() -> dict[str, Any]:
    """The log shown in README.md, "Your engine's own games"."""
    readme = RECORDS_MD.parent.parent / "README.md"
    text = readme.read_text("utf-8").split("### Your engine's own games", 1)[1]
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    record: dict[str, Any] = json.loads(block)
    return record



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
    ruleset = rules.find_game(game)  # looked up when called: a test may serve other parameters
    played = selfplay.play(
        ruleset, Setup.of(ruleset, players, partnerships), seed, most=None, hands=hands
    )
    record = selfplay.observation(played, seed)
    record["implementation"] = {"name": "fives reference engine", "version": "1"}
    return record
