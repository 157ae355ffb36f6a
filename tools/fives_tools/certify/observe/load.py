"""Checking observation records (``spec/schemas/observation.schema.json``) and the table
each is played at: a record that is not one is a :class:`LoadError` whose text is one
line naming the file, the line or record, and the field. Files are read as a stream by
:mod:`.stream`.
"""

from __future__ import annotations

import dataclasses
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
    Ruleset,
    RulesetError,
    Setup,
    find_game,
    parse_action,
)
from fives_engine.errors import RecordError
from fives_tools.json_schema import Schema, said

#: What an entry of ``hands[].actions`` must be (the schema's ``anyOf`` says it no clearer).
ENTRY_FORMS = (
    "expected an action (seat and action), a house move (seat and house) or where the"
    " implementation stopped (stopped), one of them"
)


class LoadError(ValueError):
    """Input the audit cannot read; the text is one line. ``reason``: the text without the
    place (the file, its line), for a list whose entries name the place already."""

    def __init__(self, text: str, reason: str | None = None) -> None:
        super().__init__(text)
        self.reason = text if reason is None else reason


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
        entry = error.schema is observation_schema().schema["$defs"]["action"]
        told = ENTRY_FORMS if entry and error.validator == "anyOf" else said(error)
        raise RecordError(f"field {_where(list(error.absolute_path))}: {told}")
    check_rules(data)
    return dict(data)


def check_rules(data: dict[str, Any]) -> None:
    """What the schema cannot say of a record it takes (``data``): the game is one of
    ours, every score list has one score a side, every action is in the notation or the
    pips form, a draw names its tile when the deal has no boneyard; RecordError if not."""
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
            text = entry.get("action")
            if text is None or "seat" not in entry or "house" in entry or "stopped" in entry:
                if not formed(entry):  # (an action with its seat alone needs no more)
                    raise RecordError(f"field hands[{h}].actions[{a}]: {ENTRY_FORMS}")
                if text is None:
                    continue  # a house move, or where the implementation stopped
            drawn = _DRAWS.get(text)
            if drawn is None:
                drawn = _is_draw(text, f"hands[{h}].actions[{a}].action")
            offered = entry.get("offered")
            if offered and not _DRAWS.keys() >= set(offered):
                for i, each in enumerate(offered):
                    _is_draw(each, f"hands[{h}].actions[{a}].offered[{i}]")
            if drawn and "tile" not in entry and not has_boneyard:
                raise RecordError(
                    f"field hands[{h}].actions[{a}].tile: a draw names the tile it took when"
                    " the deal has no boneyard"
                )


def formed(entry: dict[str, Any]) -> bool:
    """Whether an entry of ``hands[].actions`` has one of its three forms (an action, a
    house move, where it stopped), each without the others' keys: the schema's ``anyOf``,
    which a decoder of typed fields cannot say."""
    if "action" in entry:
        return "seat" in entry and "house" not in entry and "stopped" not in entry
    if "house" in entry:
        return "seat" in entry and "stopped" not in entry
    return "stopped" in entry


#: action text -> whether it is a draw, for the texts found in the notation or the pips
#: form (a few thousand recur in every record); at most ``_DRAWS_MAX`` are kept, so that
#: a log of ever new texts does not grow it without end
_DRAWS: dict[str, bool] = {}
_DRAWS_MAX = 1 << 16


def _is_draw(text: str, where: str) -> bool:
    """Whether ``text`` (an action at ``where``) is a draw; RecordError when it is no
    action in the notation or the pips form."""
    try:
        drawn = isinstance(parse_action_text(text), Draw)
    except NotationError as exc:
        raise RecordError(f"field {where}: {exc}") from None
    if len(_DRAWS) < _DRAWS_MAX:
        _DRAWS[text] = drawn
    return drawn


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


def cumulative(record: dict[str, Any], sides: int) -> dict[str, Any]:
    """``record`` with ``hands[].scores`` as the match's scores: an engine that resets its
    scores each hand (``setup.hand_scores: per-hand``) gives what each hand alone added,
    summed here from ``setup.scores``. After a hand that reports none, the match's scores
    are not known: later hands' are dropped (not observed), never guessed."""
    if record["setup"].get("hand_scores") != "per-hand":
        return record
    running: list[int] | None = list(record["setup"].get("scores") or [0] * sides)
    hands = []
    for hand in record["hands"]:
        gained = hand.get("scores")
        if running is None or gained is None:
            running = None
            hands.append({k: v for k, v in hand.items() if k != "scores"})
            continue
        running = [a + b for a, b in zip(running, gained, strict=True)]
        hands.append({**hand, "scores": running})
    setup = {k: v for k, v in record["setup"].items() if k != "hand_scores"}
    return {**record, "setup": setup, "hands": hands}


def own_deal(record: dict[str, Any], ruleset: Ruleset, setup: Setup) -> Ruleset | None:
    """The game as the implementation deals it, when it deals a size no deal of the game
    gives at this table (``setup.hand_size``, or else the first hand's size when no deal
    option is written): the game's rules with that deal, so that the difference is named
    once and the hands are judged as dealt. None when it deals as the rules do."""
    size = record["setup"].get("hand_size")
    if size is None and record["setup"].get("deal_option") is None and record["hands"]:
        size = len(record["hands"][0]["deal"]["hands"][0])
    if not size or size == setup.deal_size(ruleset):  # none dealt is no setup: a bad deal
        return None
    deal = {**ruleset.parameters["deal"], setup.players: size}
    return dataclasses.replace(ruleset, parameters={**ruleset.parameters, "deal": deal})
