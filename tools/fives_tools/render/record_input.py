"""A game record at one move: the table after action N, as the engine's replay leaves it.

N counts the record's actions from 1 over the whole match, draws and passes included —
the numbering ``RecordError`` uses — so ``--move 1`` is the lead of hand 1 and the first
action of hand 2 follows the last action of hand 1. The table drawn is that of the hand
action N belongs to. The record is validated whole first (a corrupt record is refused even
if the fault lies after move N); then the record cut after action N is replayed by
``fives_engine.record``, so the rules are the engine's and nowhere else.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fives_engine import RecordError, find_game
from fives_engine.record import read_record_file, replay_record, validate_record
from fives_tools.render.inputs import InputError, Subject

#: What ``--move`` counts, for the help text and the error messages.
MOVE_MEANING = (
    "actions count from 1 over the whole match, every hand, draws and passes included,"
    " as in the record's error messages"
)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def read(path: str) -> dict[str, Any]:
    """Read, schema-check and validate the record at ``path`` (every action replayed)."""
    try:
        record = read_record_file(Path(path))
        validate_record(record)
    except FileNotFoundError:
        raise InputError(f"--record: no such file: {path}") from None
    except OSError as exc:
        raise InputError(f"--record: cannot read {path}: {exc.strerror}") from None
    except RecordError as exc:
        raise InputError(_one_line(f"--record {path}: {exc}")) from None
    return record


def locate(record: dict[str, Any], move: int) -> tuple[int, int]:
    """(hand, action within the hand), both from 1, of the match's action number ``move``."""
    seen = 0
    for hand, entry in enumerate(record["hands"], 1):
        count = len(entry["actions"])
        if move <= seen + count:
            return hand, move - seen
        seen += count
    raise IndexError(move)


def action_count(record: dict[str, Any]) -> int:
    return sum(len(hand["actions"]) for hand in record["hands"])


def cut(record: dict[str, Any], move: int) -> dict[str, Any]:
    """The record as it stood after action ``move``: later hands and actions left out."""
    hand, action = locate(record, move)
    hands = [dict(h) for h in record["hands"][:hand]]
    hands[-1]["actions"] = hands[-1]["actions"][:action]
    for h in hands:
        h.pop("events", None)  # the events of a cut hand are not all there yet
    return {**record, "hands": hands, "result": {"scores": [], "winner": None}}


def _number(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def from_record(path: str, move: str | int | None, game: str | None = None) -> Subject:
    """The table of the record at ``path`` after action ``move`` (default: the last)."""
    record = read(path)
    if game is not None and game != record["game"]:
        raise InputError(f"--game {game}: the record {path} is a match of {record['game']}")
    total = action_count(record)
    if total == 0:
        raise InputError(f"--record {path}: the record has no actions yet: nothing to draw")
    number = total if move is None else _number(str(move))
    if number is None or not 1 <= number <= total:
        raise InputError(
            f"--move {move}: the record {path} has {total} actions; expected a number from 1"
            f" to {total}: {MOVE_MEANING}"
        )
    move = number
    hand, action = locate(record, move)
    try:
        match = replay_record(cut(record, move))
    except RecordError as exc:  # cannot happen for a valid record; said clearly if it does
        raise InputError(_one_line(f"--record {path}: move {move}: {exc}")) from None
    name = f"{record['game']} record, after action {move} (hand {hand}, action {action})"
    return Subject(match.hands[-1].layout, find_game(record["game"]), name)
