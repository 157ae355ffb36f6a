"""Observation records for the audit's tests: the minimal log documented in
spec/records.md, and a record rewritten the way an engine without place names logs it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from fives_engine import PipsPlay, Play, parse_action

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
