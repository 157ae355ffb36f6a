"""The record decoder (:mod:`.observe.decode`) and the published schema
(``spec/schemas/observation.schema.json``) accept and refuse the same records: valid ones
(the documented logs, the reference engine's own games with every optional field, a
third-party engine's log), every kind of broken one the other tests know, and generated
ones. Whatever the decoder decides, a log's line reads as it did before it: the same
record, or the same refusal naming the field and what was expected."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from observed import minimal_example, observed_match, readme_example, to_pips_form
from test_json_schema import _broken, _paths, _replace

from fives_engine import Setup, find_game
from fives_engine.errors import RecordError
from fives_engine.record import MAX_DEPTH, parse_json
from fives_tools.certify.adapters import selfplay
from fives_tools.certify.observe.decode import accepts, read_record
from fives_tools.certify.observe.load import check_record, observation_schema

ROOT = Path(__file__).resolve().parent.parent
THIRD_PARTY = ROOT / "docs" / "comparisons" / "all-fives-domino-games.jsonl"


def _valid(most: int = 400) -> list[dict[str, Any]]:
    """Records the schema takes: documented, self-played at every table (``most`` actions
    each), a peer's log."""
    out = [minimal_example(), readme_example()]
    for n, (game, players) in enumerate(
        (g, p) for g in ("five-up", "exact-61", "all-fives") for p in find_game(g).players
    ):
        ruleset = find_game(game)
        game_played = selfplay.play(ruleset, Setup.of(ruleset, players, None), n, most=most)
        out.append(selfplay.observation(game_played, n))
    out.append(to_pips_form(out[-1]))
    out.append(observed_match("all-fives", 4, seed=3, hands=3))
    lines = THIRD_PARTY.read_text("utf-8").splitlines()
    out += [json.loads(line) for line in lines[:3]]
    return out


def _say(text: str) -> Any:
    """What the reading before the decoder made of a line: the record, or its refusal."""
    try:
        return check_record(parse_json(text))
    except RecordError as exc:
        return f"refused: {exc}"


def _read(text: str) -> Any:
    try:
        return read_record(text)
    except RecordError as exc:
        return f"refused: {exc}"


def _schema_takes(doc: Any) -> bool:
    return not observation_schema().errors(doc)


def _hold(doc: Any) -> bool:
    """The decoder's verdict on ``doc`` is the schema's, and its line reads as before."""
    text = json.dumps(doc)
    taken = _schema_takes(doc)
    assert accepts(text) is taken, (taken, text[:300])
    assert _read(text) == _say(text), text[:300]
    return taken


def _entry_forms() -> list[dict[str, Any]]:
    """Every entry made of seat, action, house and stopped, as the schema's test makes them."""
    values = {"seat": 1, "action": "draw", "house": "a double face down", "stopped": "crash"}
    out = []
    for mask in range(16):
        entry = {k: v for i, (k, v) in enumerate(values.items()) if mask >> i & 1}
        out += [entry, {**entry, "message": "gone"}, {**entry, "offered": ["draw"], "score": 0}]
    return out


def test_valid_records_are_taken_by_both() -> None:
    valid = _valid()
    assert len(valid) > 10
    for record in valid:
        assert _hold(record)


def test_every_broken_variant_gets_the_same_verdict() -> None:
    refused = 0
    for record in _valid(most=40)[:6]:
        for variant in _broken(record):
            refused += not _hold(variant)
    assert refused > 300  # the variants do break the schema, so agreeing means something


def test_every_form_of_an_entry_gets_the_same_verdict() -> None:
    taken = 0
    for entry in _entry_forms():
        record = minimal_example()
        record["hands"][0]["actions"][2] = entry
        taken += _hold(record)
    assert taken == 12  # an action, a house move, stopped alone or with a seat: 3 ways each


def _known_faults() -> list[dict[str, Any]]:
    """Each kind of broken record the refusal tests feed the audit, on the minimal log."""
    faults: list[tuple[tuple[Any, ...], Any]] = [
        (("setup", "players"), 5),
        (("setup", "deal_option"), "nine-each"),
        (("game",), "six-up"),
        (("hands", 0, "deal", "hands", 1, 2), "[2|9]"),
        (("hands", 0, "deal", "draws"), [["[9|9]", None]]),
        (("hands", 0, "actions", 1, "offered"), ["[1|4]"] * 201),
        (("hands", 0, "actions", 1, "action"), "x" * 65),
        (("hands", 0, "actions", 1, "action"), "[1|9]@[1|1]:1"),
        (("hands", 0, "actions", 1, "score"), 10**120),
        (("hands", 0, "actions", 1, "score"), 2.0),
        (("hands", 0, "actions", 1, "seat"), True),
        (("hands", 0, "scores"), [0, 0, 0]),
        (("hands", 0, "events"), [{"event": "x", "deep": _nested(MAX_DEPTH)}]),
        (("hands", 0, "events"), [{"event": "x", "deep": _nested(3)}]),
        (("implementation",), {"name": "x", "version": 2}),
        (("implementation",), {"name": "x", "build": {"at": [1, {"y": None}]}}),
        (("version",), True),
        (("result",), {"winner": -1}),
    ]
    out = [_replace(minimal_example(), path, value) for path, value in faults]
    undrawn = _valid(most=60)[2]
    undrawn["hands"][0]["deal"].pop("boneyard")
    for entry in undrawn["hands"][0]["actions"]:
        entry.pop("tile", None)
    out.append(undrawn)  # a draw without its tile and no boneyard
    return out


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def test_every_known_fault_reads_as_before() -> None:
    """Each reads as before, whichever decides; where the schema refuses, the decoder does."""
    for record in _known_faults():
        text = json.dumps(record)
        assert _read(text) == _say(text), text[:300]
        assert not accepts(text) or _schema_takes(record), text[:300]


@pytest.mark.parametrize(
    "text",
    [
        "not a record", "[1, 2", '{"format": "fives-record"} x', "1e999", "NaN", "[]",
        '"\\ud800"', "[" * 70 + "]" * 70, "[" * 5000 + "]" * 5000, "1" * 150, "null",
    ],
)  # fmt: skip
def test_a_line_that_is_no_record_is_refused_as_before(text: str) -> None:
    assert not accepts(text)
    assert _read(text) == _say(text)
    assert isinstance(_say(text), str)


#: JSON values a generated record puts in place of one of its nodes
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["[1|4]", "draw", "pass", "[1|1]@[1|4]:small-end", "", "five-up"])
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_generated_records_are_never_taken_by_the_decoder_alone(data: st.DataObject) -> None:
    """A record the decoder takes, the schema takes, and a line reads as before: the
    decoder may be stricter where the schema's answer is rare (then the schema decides)."""
    record = copy.deepcopy(data.draw(st.sampled_from(_BASES)))
    for _ in range(data.draw(st.integers(1, 2))):
        if isinstance(record, dict | list):  # a node of what the last edit left
            path = data.draw(st.sampled_from(list(_paths(record))))
            record = _replace(record, path, data.draw(VALUES))
    text = json.dumps(record)
    if accepts(text):
        assert _schema_takes(record)
    assert _read(text) == _say(text)


_BASES = [minimal_example(), readme_example()]
