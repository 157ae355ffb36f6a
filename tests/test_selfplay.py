"""The selfplay request: the reference engine plays its own games and replies with an
observation record; the runner asks an implementation for N of them through the adapter
machinery, and a game the adapter fails to give costs that game only."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from bent_engines.catalog import ALL

from fives_engine import find_game, parse_action
from fives_engine.record import validate_record
from fives_tools.certify.adapters.fast import FastImplementation
from fives_tools.certify.adapters.interface import AdapterInfo, AdapterRefused
from fives_tools.certify.adapters.own_games import Table, ask
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceAdapter, handle
from fives_tools.certify.observe.audit import audit_records
from fives_tools.cli.records import random_match

ROOT = Path(__file__).resolve().parent.parent
MISBEHAVING = ROOT / "tests" / "misbehaving" / "adapter.py"
OBSERVED = ("offered", "score", "tile")


def selfplay(game: str, players: int, unit: str, seed: int) -> dict[str, Any]:
    reply = handle(
        {"type": "selfplay", "game": game, "players": players, "unit": unit, "seed": seed}
    )
    record: dict[str, Any] = reply["record"]
    return record


def as_game_record(record: dict[str, Any]) -> dict[str, Any]:
    """The record without what only an observation carries."""
    hands = [
        {
            "deal": hand["deal"],
            "actions": [{"seat": a["seat"], "action": a["action"]} for a in hand["actions"]],
            "events": hand["events"],
        }
        for hand in record["hands"]
    ]
    return {**record, "hands": hands}


@pytest.mark.parametrize("game", ["five-up", "exact-61", "all-fives"])
def test_a_match_is_played_to_its_win_and_every_step_is_what_the_engine_did(game: str) -> None:
    record = selfplay(game, 3, "match", 4)
    match = validate_record(as_game_record(record))
    assert match.is_terminal and record["result"]["winner"] == match.winner
    scores = list(record["setup"]["scores"])
    for hand, state in zip(record["hands"], match.hands, strict=True):
        assert hand["deal"]["leader"] == state.leader
        events = [e for e in hand["events"] if e["event"] in ("play", "draw", "pass")]
        for entry, event in zip(hand["actions"], events, strict=True):
            assert entry["action"] in entry["offered"]
            assert entry.get("score") == event.get("raw")
            assert entry.get("tile") == event.get("tile")
        for event in hand["events"]:
            if event["event"] == "score" and event["result"] == "applied":
                scores[event["side"]] += event["raw"]
        assert hand["scores"] == scores
    assert scores == record["result"]["scores"]


def test_the_offered_actions_are_every_legal_action() -> None:
    record = selfplay("all-fives", 2, "hand", 9)
    match = validate_record(as_game_record(record))
    hand = match.hands[0]
    replay = type(hand)(find_game("all-fives"), match.deals[0], hand.leader)
    for entry in record["hands"][0]["actions"]:
        assert entry["offered"] == [str(a) for a in replay.legal_actions()]
        replay.apply_action(parse_action(entry["action"]))
    assert record["hands"][0]["ended"] == ("out" if hand.went_out is not None else "block")


def test_a_hand_is_one_hand_and_the_same_seed_the_same_game() -> None:
    record = selfplay("five-up", 2, "hand", 5)
    assert len(record["hands"]) == 1 and record["result"]["winner"] is None
    assert selfplay("five-up", 2, "hand", 5) == record
    assert selfplay("five-up", 2, "hand", 6) != record


def test_fives_play_plays_the_same_match() -> None:
    record = selfplay("exact-61", 2, "match", 3)
    assert [h.actions for h in random_match("exact-61", 2, None, 3).hands] == [
        h.actions for h in validate_record(as_game_record(record)).hands
    ]


def test_a_table_the_rules_forbid_and_an_unknown_unit_are_refused() -> None:
    reply = handle(
        {"type": "selfplay", "game": "five-up", "players": 4, "partnerships": False, "seed": 1}
    )
    assert reply["error"]["kind"] == "illegal-deal"
    reply = handle({"type": "selfplay", "game": "five-up", "players": 2, "unit": "set"})
    assert reply["error"]["kind"] == "bad-request"


@pytest.mark.parametrize("bent_type", ALL, ids=lambda b: b.__name__)
def test_every_bent_engine_plays_its_own_games(bent_type: type) -> None:
    """They answer through the reference's handle with the engine bent, so they play
    their games under their bent rule, and say so in a record."""

    def first_game(info: AdapterInfo) -> list[Table]:
        return [Table(info.games[-1], 4, unit="hand")]

    asked = list(ask(PythonAdapter(bent_type(), bent_type.__name__), first_game, 1))
    assert [a.error for a in asked] == [""]
    assert asked[0].record is not None and asked[0].record["hands"]


def test_an_implementation_that_does_not_declare_selfplay_is_refused_before_any_game() -> None:
    with pytest.raises(AdapterRefused, match="does not declare selfplay"):
        list(ask(PythonAdapter(FastImplementation()), Table("five-up", 2), 1))
    with pytest.raises(AdapterRefused, match="does not declare 5 players"):
        list(ask(ReferenceAdapter(), Table("five-up", 5), 1))


def test_games_are_asked_with_seeds_from_the_first() -> None:
    asked = list(ask(ReferenceAdapter(), Table("exact-61", 2, unit="hand"), 3, seed=7))
    assert [a.seed for a in asked] == [7, 8, 9]
    assert [a.record and a.record["setup"]["seed"] for a in asked] == [7, 8, 9]


@pytest.mark.parametrize(
    ("mode", "diagnosis"),
    [
        ("crash", "the adapter exited (code 7)"),
        ("hang", "no answer within 1 s"),
        ("invalid-json", "invalid JSON on stdout"),
        ("stray-stdout", "stray output on stdout"),
        ("hostile-reply", "the implementation answered bad-request"),
    ],
)
def test_a_game_the_adapter_fails_to_give_is_an_error_and_the_run_goes_on(
    mode: str, diagnosis: str, tmp_path: Path
) -> None:
    program = [sys.executable, str(MISBEHAVING), mode, str(tmp_path / "state")]
    asked = list(ask(SubprocessAdapter(program, timeout=1.0), Table("five-up", 2, unit="hand"), 3))
    assert [bool(a.record) for a in asked] == [True, False, True]
    assert diagnosis in asked[1].error and "\x1b" not in asked[1].error


def test_a_record_of_another_table_is_an_error() -> None:
    class OtherTable:
        def start(self) -> dict[str, Any]:
            return ReferenceAdapter().impl.start()

        def run(self, request: dict[str, Any]) -> dict[str, Any]:
            return handle({**request, "players": 3})

        def stop(self) -> None:
            pass

    asked = list(ask(PythonAdapter(OtherTable()), Table("five-up", 2), 1))
    assert "asked for five-up with 2 players, it played five-up with 3 players" in asked[0].error


def test_the_documented_selfplay_reply_is_the_reference_engines_and_audits_clean() -> None:
    lines = (ROOT / "spec" / "protocol.md").read_text("utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith('request: {"type": "selfplay"'))
    request = json.loads(lines[at].removeprefix("request: "))
    reply = json.loads(lines[at + 1].removeprefix("reply: "))
    assert handle(request) == reply
    obs = audit_records([reply["record"]])
    assert obs.ok and obs.records == 1, obs.verdict()
    tally = obs.games["five-up"]
    for name in ("offered", "score", "ended", "scores", "result"):
        assert tally.present[name] == tally.possible[name] > 0, name
