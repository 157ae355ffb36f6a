"""Game records: a whole match as JSON (setup, then per hand the deal, the actions and the
events), the PGN of these games. ``spec/records.md`` documents the format and
``spec/schemas/record.schema.json`` is its schema.

A record is written from a match, read (parsed and schema-checked), replayed (every action
applied again under the rules) and validated (the replay must reproduce every recorded
event and the result). A corrupt or illegal record raises :class:`RecordError` with the
number of the offending action (counted from 1 over the whole match) and the reason.
"""

from __future__ import annotations

import codecs
import functools
import json
import math
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from fives_engine.actions import parse_action
from fives_engine.deal import Deal
from fives_engine.errors import FivesError, RecordError
from fives_engine.events import Event
from fives_engine.match import MatchState
from fives_engine.rules import find_game
from fives_engine.setup import Setup

FORMAT = "fives-record"
VERSION = 1


@functools.cache
def record_schema() -> dict[str, Any]:
    path = Path(str(resources.files("fives_spec"))) / "schemas" / "record.schema.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _hand_events(match: MatchState) -> list[list[Event]]:
    """The match's events cut at each ``hand`` event: one list per hand."""
    out: list[list[Event]] = []
    for event in match.events:
        if event.kind == "hand":
            out.append([])
        if out:
            out[-1].append(event)
    return out


def write_record(match: MatchState, seed: int | None = None) -> dict[str, Any]:
    """The record of ``match`` so far (finished or not)."""
    setup: dict[str, Any] = {
        "players": match.setup.players,
        "partnerships": match.setup.partnerships,
        "deal_option": match.setup.deal_option,
        "target": match.setup.target,
        "scores": list(match.initial_scores),
    }
    if seed is not None:
        setup["seed"] = seed
    hands = [
        {
            "deal": deal.to_json(),
            "actions": [{"seat": seat, "action": str(action)} for seat, action in hand.actions],
            "events": [e.to_json() for e in events],
        }
        for deal, hand, events in zip(match.deals, match.hands, _hand_events(match), strict=True)
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": match.ruleset.name,
        "setup": setup,
        "hands": hands,
        "result": {"scores": list(match.scores), "winner": match.winner},
    }


def dumps_record(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


#: bounds on what a record file may hold; a real match is far inside them
MAX_BYTES = 16 << 20
MAX_DEPTH = 64
MAX_DIGITS = 100


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RecordError(f"an integer of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"a number out of range: {text[:40]}")
    return value


def _constant(text: str) -> Any:
    raise RecordError(f"{text} is not JSON")


def _depth(data: Any) -> int:
    """How deeply ``data`` nests lists and objects (without recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            stack.extend(
                (v, depth + 1) for v in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


def parse_json(text: str) -> Any:
    """Parse JSON within the bounds a record keeps (digits, depth, finite numbers); a
    record reader in the harness parses its files the same way."""
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_number, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    except RecursionError:
        raise RecordError(f"nested deeper than {MAX_DEPTH} levels") from None
    if _depth(data) > MAX_DEPTH:
        raise RecordError(f"nested deeper than {MAX_DEPTH} levels")
    return data


def read_record(text: str) -> dict[str, Any]:
    """Parse a record and check it against its schema (not yet against the rules)."""
    data = parse_json(text)
    check_schema(data)
    return dict(data)


def read_text_file(path: Path) -> str:
    """The text of a record file, at most ``MAX_BYTES``; OSError when it cannot be read,
    RecordError when it is too large or not UTF-8."""
    with path.open("rb") as stream:
        data = stream.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise RecordError(f"larger than {MAX_BYTES} bytes")
    data = data.removeprefix(codecs.BOM_UTF8)  # a byte-order mark, as Windows editors save
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise RecordError(f"line {line}: not UTF-8 text (a record is JSON)") from None


def read_record_file(path: Path) -> dict[str, Any]:
    """Read and parse the record file at ``path``; OSError when it cannot be read."""
    return read_record(read_text_file(path))


def check_schema(data: Any) -> None:
    validator = jsonschema.Draft202012Validator(record_schema())
    error = next(
        iter(sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))), None
    )
    if error is not None:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        raise RecordError(f"field {where.lstrip('.') or '(top level)'}: {error.message}")


def replay_record(record: dict[str, Any], compare: bool = False) -> MatchState:
    """Play the record's actions again under the rules and return the match.

    With ``compare``, the recorded events and result must be what the replay gives.
    """
    check_schema(record)
    try:
        ruleset = find_game(record["game"])
        raw = record["setup"]
        setup = Setup.of(
            ruleset, raw["players"], raw["partnerships"], raw.get("deal_option"), raw["target"]
        )
        match = MatchState(ruleset, setup, raw.get("scores"))
    except FivesError as exc:
        raise RecordError(f"setup: {exc}") from None
    number = 0
    for index, hand in enumerate(record["hands"], 1):
        if not match.needs_deal:
            state = "the match is over" if match.is_terminal else f"hand {index - 1} is not over"
            raise RecordError(f"hand {index} is dealt but {state}", number or None)
        try:
            match.deal(Deal.from_json(hand["deal"]))
        except FivesError as exc:
            raise RecordError(f"hand {index} deal: {exc}") from None
        recorded = hand.get("events") if compare else None
        seen = 1  # the hand's own `hand` event
        if recorded is not None:
            _same(recorded, 0, match.events[-1], index, None)
        for entry in hand["actions"]:
            number += 1
            try:
                caused = match.apply_action(parse_action(entry["action"]), entry["seat"])
            except FivesError as exc:
                raise RecordError(str(exc), number) from None
            if recorded is not None:
                for event in caused:
                    _same(recorded, seen, event, index, number)
                    seen += 1
        if recorded is not None and len(recorded) != seen:
            raise RecordError(
                f"hand {index}: {len(recorded)} events recorded, the replay gives {seen}",
                number or None,
            )
    if compare:
        result = {"scores": list(match.scores), "winner": match.winner}
        if record["result"] != result:
            raise RecordError(f"result: recorded {record['result']}, the replay gives {result}")
    return match


def _same(recorded: list[Any], at: int, event: Event, hand: int, action: int | None) -> None:
    got = event.to_json()
    want = recorded[at] if at < len(recorded) else "(nothing)"
    if want != got:
        raise RecordError(
            f"hand {hand} event {at + 1}: recorded {json.dumps(want, ensure_ascii=False)},"
            f" the replay gives {json.dumps(got, ensure_ascii=False)}",
            action,
        )


def validate_record(record: dict[str, Any]) -> MatchState:
    """Replay and check that every recorded event and the result are reproduced."""
    return replay_record(record, compare=True)
