"""Reading observation records from files: one JSON record, a JSON list of records, or
JSONL (one record per line). A file that cannot be read or a record that is not an
observation record (``spec/schemas/observation.schema.json``) is a :class:`LoadError`
whose text is one line naming the file, the line or record, and the field.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import Any

from fives_engine import (
    Draw,
    IllegalDealError,
    NotationError,
    PipsPlay,
    RulesetError,
    Setup,
    find_game,
    parse_action,
)
from fives_engine.errors import RecordError
from fives_engine.record import parse_json, read_text_file
from fives_tools.json_schema import Schema, said


class LoadError(ValueError):
    """Input the audit cannot read; the text is one line."""


@functools.cache
def observation_schema() -> Schema:
    path = Path(str(resources.files("fives_spec"))) / "schemas" / "observation.schema.json"
    return Schema(json.loads(path.read_text(encoding="utf-8")))


def _where(path: list[Any]) -> str:
    text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
    return text.lstrip(".") or "(top level)"


@functools.lru_cache(maxsize=1 << 16)
def parse_action_text(text: str) -> Any:
    """An action in the notation, or a play in the pips form; NotationError otherwise
    (memoised: the same few thousand texts recur in every record)."""
    try:
        return parse_action(text)
    except NotationError:
        return PipsPlay.parse(text)


def check_record(data: Any) -> dict[str, Any]:
    """``data`` as an observation record, or RecordError naming the field at fault."""
    errors = observation_schema().errors(data)
    if errors:
        error = errors[0]
        raise RecordError(f"field {_where(list(error.absolute_path))}: {said(error)}")
    try:
        find_game(data["game"])
    except RulesetError as exc:
        raise RecordError(f"field game: {exc}") from None
    try:
        _check_sides(data, table(data).sides)
    except IllegalDealError:
        pass  # a table the rules forbid: the audit reports it as a divergence
    except RulesetError as exc:
        raise RecordError(f"field setup: {exc}") from None
    for h, hand in enumerate(data["hands"]):
        has_boneyard = "boneyard" in hand["deal"]
        for a, entry in enumerate(hand["actions"]):
            where = f"hands[{h}].actions[{a}]"
            for key, texts in (
                ("action", [entry["action"]]),
                ("offered", entry.get("offered", [])),
            ):
                for i, text in enumerate(texts):
                    try:
                        parse_action_text(text)
                    except NotationError as exc:
                        at = f"{where}.{key}" + (f"[{i}]" if key == "offered" else "")
                        raise RecordError(f"field {at}: {exc}") from None
            drawn = isinstance(parse_action_text(entry["action"]), Draw)
            if drawn and "tile" not in entry and not has_boneyard:
                raise RecordError(
                    f"field {where}.tile: a draw names the tile it took when the deal has no"
                    " boneyard"
                )
    return dict(data)


def _check_sides(record: dict[str, Any], sides: int) -> None:
    """Every score list the audit replays has one score a side: the schema cannot say so
    (the number of sides comes from the table), and a longer or shorter list is a record
    the audit cannot judge, not a divergence. (``result.scores`` is judged: a wrong length
    there is a divergence on the match's result.)"""
    lists = [("setup.scores", record["setup"].get("scores"))]
    lists += [(f"hands[{h}].scores", hand.get("scores")) for h, hand in enumerate(record["hands"])]
    for where, scores in lists:
        if scores is not None and len(scores) != sides:
            raise RecordError(
                f"field {where}: {sides} sides need {sides} scores, got {len(scores)}"
            )


def _sides_seen(record: dict[str, Any]) -> int | None:
    lists = [record["setup"].get("scores"), (record.get("result") or {}).get("scores")]
    lists += [h.get("scores") for h in record["hands"]]
    return next((len(s) for s in lists if s), None)


def table(record: dict[str, Any]) -> Setup:
    """The table: what the record says, the rest the game's default (a field given as null
    is a field left out). RulesetError when the game
    has no such table at all, IllegalDealError when the rules forbid it (a divergence)."""
    ruleset = find_game(record["game"])
    raw = record["setup"]
    players = raw["players"]
    partnerships = raw.get("partnerships")
    if partnerships is None and players == 4 and ruleset.partnerships(4) is not None:
        sides = _sides_seen(record)
        partnerships = None if sides is None else sides == 2
    option = raw.get("deal_option")  # none (absent or null) is the usual deal, never
    # guessed from the hand size: 5 each to 3 All Fives players without an option is
    # a wrong deal (deal.hand-size), not the five-each deal it happens to fit
    return Setup.of(ruleset, players, partnerships, option, raw.get("target"))


def _records(data: Any) -> list[tuple[str, Any]]:
    if isinstance(data, list):
        return [(f"record {i}", item) for i, item in enumerate(data, 1)]
    return [("", data)]


def _lines(text: str) -> list[tuple[str, Any]]:
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                out.append((f"line {number}", parse_json(line)))
            except RecordError as exc:
                raise LoadError(f"line {number}: {exc}") from None
    return out


def read_text(text: str, jsonl: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The records of one file's text, each with where it is (``line 3``, ``record 2``)."""
    if jsonl:
        items = _lines(text)
    else:
        try:
            items = _records(parse_json(text))
        except RecordError as exc:
            if "Extra data" not in str(exc):
                raise LoadError(str(exc)) from None
            items = _lines(text)  # several JSON documents, one a line: JSONL
    out = []
    for where, item in items:
        try:
            out.append((where, check_record(item)))
        except RecordError as exc:
            raise LoadError(f"{where}: {exc}" if where else str(exc)) from None
    return out


def read_file(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """The records of the file at ``path``, labelled ``FILE``, ``FILE line 3`` or
    ``FILE record 2``; LoadError (one line, naming the file) when it cannot be read."""
    try:
        text = read_text_file(path)
    except OSError as exc:
        raise LoadError(f"{path}: cannot read: {exc.strerror}") from None
    except RecordError as exc:
        raise LoadError(f"{path}: {exc}") from None
    try:
        found = read_text(text, jsonl=path.suffix in (".jsonl", ".ndjson"))
    except LoadError as exc:
        raise LoadError(" ".join(f"{path}: {exc}".split())) from None
    if not found:
        raise LoadError(f"{path}: no record in the file")
    return [(f"{path} {where}".strip(), record) for where, record in found]
