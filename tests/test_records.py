"""Game records: written, read, replayed and validated; corrupt or illegal records are
rejected with the action number and the reason."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from deals import h2_record as _h2_record

from fives_engine import MatchState, RecordError, Setup, find_game
from fives_engine.record import (
    dumps_record,
    read_record,
    record_schema,
    replay_record,
    validate_record,
    write_record,
)

SPEC = Path(__file__).resolve().parent.parent / "spec"


def test_the_record_schema_is_a_valid_schema_and_documented() -> None:
    jsonschema.Draft202012Validator.check_schema(record_schema())
    assert "spec/schemas/record.schema.json" in (SPEC / "records.md").read_text("utf-8")


@pytest.mark.parametrize("game", ["five-up", "exact-61", "all-fives"])
def test_a_seeded_match_is_written_read_and_replayed_exactly(game: str) -> None:
    ruleset = find_game(game)
    match = MatchState.seeded(ruleset, Setup.of(ruleset, 4), 7)
    choose = random.Random(7)
    while not match.is_terminal:
        match.apply_action(choose.choice(match.legal_actions()))
    text = dumps_record(write_record(match, seed=7))
    replayed = validate_record(read_record(text))
    assert [e.to_json() for e in replayed.events] == [e.to_json() for e in match.events]
    assert replayed.scores == match.scores and replayed.winner == match.winner
    assert dumps_record(write_record(replayed, seed=7)) == text


def test_a_record_reads_like_the_hand() -> None:
    record = _h2_record()
    assert record["setup"] == {
        "players": 2,
        "partnerships": False,
        "deal_option": None,
        "target": 305,
        "scores": [0, 0],
    }
    hand = record["hands"][0]
    assert hand["deal"]["leader"] == 0 and hand["actions"][3] == {"seat": 1, "action": "draw"}
    assert hand["events"][0] == {"event": "hand", "number": 1, "leader": 0}
    assert record["result"] == {"scores": [15, -15], "winner": None}


def _rejected(record: Any) -> RecordError:
    with pytest.raises(RecordError) as caught:
        validate_record(record)
    return caught.value


def test_bad_json_and_schema_faults_are_named() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        read_record("{")
    record = _h2_record()
    record["hands"][0]["deal"]["hands"][1][2] = "[2|9]"
    with pytest.raises(RecordError, match=r"field hands\[0\]\.deal\.hands\[1\]\[2\]: '\[2\|9\]'"):
        read_record(json.dumps(record))


def test_an_illegal_action_is_rejected_with_its_number_and_rule() -> None:
    record = _h2_record()
    record["hands"][0]["actions"][4]["action"] = "pass"  # seat 1 must draw: the boneyard has tiles
    error = _rejected(record)
    assert error.action == 5 and "turn.pass-empty-boneyard" in error.reason
    assert str(error).startswith("action 5: seat 1 pass")


def test_an_action_by_the_wrong_seat_is_rejected() -> None:
    record = _h2_record()
    record["hands"][0]["actions"][2]["seat"] = 1
    error = _rejected(record)
    assert error.action == 3 and "turn.clockwise" in error.reason


def test_a_tampered_event_or_result_is_found() -> None:
    record = _h2_record()
    tampered = copy.deepcopy(record)
    tampered["hands"][0]["events"][8]["raw"] = 10  # [0|6] scored 5, not 10
    error = _rejected(tampered)
    assert error.action == 8 and "hand 1 event 9: recorded" in error.reason
    tampered = copy.deepcopy(record)
    tampered["result"]["scores"] = [15, -10]
    assert "result: recorded" in str(_rejected(tampered))
    missing = copy.deepcopy(record)
    del missing["hands"][0]["events"][-1]
    error = _rejected(missing)
    assert error.action == 12 and 'event 18: recorded "(nothing)"' in error.reason
    extra = copy.deepcopy(record)
    extra["hands"][0]["events"].append({"event": "pass", "seat": 1})
    assert "19 events recorded, the replay gives 18" in str(_rejected(extra))


def test_a_corrupt_deal_or_an_early_next_hand_is_rejected() -> None:
    record = _h2_record()
    bad = copy.deepcopy(record)
    bad["hands"][0]["deal"]["boneyard"][0] = "[0|0]"  # [0|0] twice, [1|4] missing
    assert "hand 1 deal:" in str(_rejected(bad)) and "equipment.double-six" in str(_rejected(bad))
    early = copy.deepcopy(record)
    early["hands"][0]["actions"] = early["hands"][0]["actions"][:5]
    early["hands"][0].pop("events")
    early["hands"].append({"deal": record["hands"][0]["deal"], "actions": []})
    error = _rejected(early)
    assert error.action == 5 and "hand 2 is dealt but hand 1 is not over" in error.reason


def test_replay_without_events_rebuilds_them() -> None:
    record = _h2_record()
    for hand in record["hands"]:
        hand.pop("events")
    match = replay_record(record)
    assert match.scores == [15, -15]
    assert write_record(match)["hands"][0]["events"] == _h2_record()["hands"][0]["events"]
