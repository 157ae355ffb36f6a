"""Deals shared by the engine's unit tests (the same deals as the turns fixtures)."""

from __future__ import annotations

from typing import Any

from fives_engine import Deal, MatchState, Setup, find_game, parse_action
from fives_engine.record import write_record
from fives_engine.tiles import parse_tiles


def deal(hands: list[str], boneyard: str, leader: int | None = 0) -> Deal:
    return Deal.of([parse_tiles(h.split()) for h in hands], parse_tiles(boneyard.split()), leader)


#: Four players, five each: the deal of fixtures/turns/four-players-*.yaml.
B4 = deal(
    [
        "[0|3] [1|1] [2|2] [2|5] [3|3]",
        "[0|5] [1|5] [2|4] [3|4] [3|6]",
        "[0|1] [0|2] [0|6] [2|6] [5|6]",
        "[0|0] [3|5] [4|5] [5|5] [6|6]",
    ],
    "[1|2] [1|6] [1|4] [1|3] [2|3] [0|4] [4|4] [4|6]",
)
B4_ACTIONS = [
    "[2|5]",
    "[2|4]@[2|5]:small-end",
    "[5|6]@[2|5]:big-end",
    "[4|5]@[2|4]:big-end",
    "draw",
    "draw",
    "[1|6]@[5|6]:big-end",
    "[1|5]@[1|6]:small-end",
    "draw",
    "draw",
    "draw",
    "draw",
    "draw",
    "draw",
    "pass",
    "[3|5]@[4|5]:big-end",
    "[0|3]@[3|5]:small-end",
    "[0|5]@[0|3]:small-end",
    "pass",
    "[5|5]@[0|5]:big-end",
]

#: Two players, five each: the deal of fixtures/turns/two-players-going-out.yaml.
H2 = deal(
    ["[0|6] [1|2] [3|4] [3|6] [5|5]", "[0|1] [1|3] [2|4] [3|3] [4|5]"],
    "[1|4] [0|0] [6|6] [1|1] [3|5] [0|2] [2|6] [0|3] [2|5] [2|2] [1|5] [1|6] [4|4] [0|5] [4|6]"
    " [5|6] [2|3] [0|4]",
)
H2_ACTIONS = [
    "[3|4]",
    "[4|5]@[3|4]:big-end",
    "[3|6]@[3|4]:small-end",
    "draw",
    "draw",
    "draw",
    "[6|6]@[3|6]:big-end",
    "[0|6]@[6|6]:straight-b",
    "[0|0]@[0|6]:small-end",
    "[5|5]@[4|5]:big-end",
    "[0|1]@[0|0]:straight-b",
    "[1|2]@[0|1]:big-end",
]


def h2_record() -> dict[str, Any]:
    """The record of a two-player Five Up match whose first hand is deal H2, played out."""
    ruleset = find_game("five-up")
    match = MatchState(ruleset, Setup.of(ruleset, 2))
    match.deal(H2)
    for text in H2_ACTIONS:
        match.apply_action(parse_action(text))
    return write_record(match)
