"""One checker of records: `fives audit` judges a full record's events too, as `fives
record` does, in every hand whose other fields agree with the rules; what differs there no
other field shows (a score event of 0, a deduction of 0 left out). The same difference is
blamed on the same rules as certify and fuzz blame it (findings/events.py), and a hand
that already diverged is not counted twice."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from fives_engine import Setup, find_game
from fives_engine.record import write_record
from fives_tools.certify.adapters import selfplay
from fives_tools.certify.observe import audit_records
from fives_tools.cli import main


def _record(game: str, players: int, seed: int, partners: bool | None = None) -> dict[str, Any]:
    """A whole random match's full record, events included (as `fives play` writes it)."""
    ruleset = find_game(game)
    match = selfplay.play(ruleset, Setup.of(ruleset, players, partners), seed, most=None).match
    return write_record(match, seed=seed)


@pytest.mark.parametrize(
    ("game", "players", "partners"),
    [("five-up", 2, None), ("five-up", 4, True), ("exact-61", 3, None), ("all-fives", 4, True)],
)
def test_the_reference_engines_full_records_audit_clean(
    game: str, players: int, partners: bool | None
) -> None:
    """The events are judged in every hand of a true record, and none is held against it."""
    records = [_record(game, players, seed, partners) for seed in (1, 2)]
    obs = audit_records(records)
    assert obs.ok and not obs.divergences, obs.verdict()
    assert obs.tally(game).present["events"] == sum(len(r["hands"]) for r in records)


def _first_zero_play(record: dict[str, Any]) -> tuple[int, int]:
    """The hand and the position of the first play event that scores nothing."""
    for h, hand in enumerate(record["hands"]):
        for i, event in enumerate(hand["events"]):
            if event["event"] == "play" and event["raw"] == 0:
                return h, i
    raise AssertionError("no play scores nothing")


def test_a_score_event_of_zero_is_one_divergence_of_the_scoring_rule(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record("five-up", 2, 3)
    h, i = _first_zero_play(record)
    play = record["hands"][h]["events"][i]
    record["hands"][h]["events"].insert(
        i + 1,
        {
            "event": "score",
            "cause": "play",
            "seat": play["seat"],
            "side": play["seat"],
            "raw": 0,
            "display": 0,
            "result": "applied",
        },
    )
    obs = audit_records([record])
    assert [(d.hand, d.checked, d.rule) for d in obs.divergences] == [
        (h + 1, "events", "score.play.multiple-of-five")
    ]
    assert "extra score:play event of 0 points" in obs.divergences[0].what
    # fives record says the same, in the same words: one checker
    path = tmp_path / "zero.json"
    path.write_text(json.dumps(record), "utf-8")
    capsys.readouterr()
    assert main(["record", str(path)]) == 1
    assert "(events): score.play.multiple-of-five" in capsys.readouterr().err  # one checker
    assert main(["audit", str(path)]) == 1
    capsys.readouterr()


def test_a_play_event_that_scores_a_total_the_rules_do_not_blames_the_raw_score() -> None:
    record = _record("five-up", 2, 3)
    h, i = _first_zero_play(record)
    record["hands"][h]["events"][i]["raw"] = 5
    obs = audit_records([record])
    assert [(d.checked, d.rule) for d in obs.divergences] == [
        ("events", "score.play.multiple-of-five")
    ]


def test_a_hand_that_diverged_elsewhere_does_not_count_its_events_again() -> None:
    """The score the action reports and its score event say the same wrong thing: one
    divergence, of the action's score."""
    record = _record("five-up", 2, 3)
    h, i = _first_zero_play(record)
    hand = record["hands"][h]
    event = hand["events"][i]
    action = next(a for a in hand["actions"] if a["action"] == event["play"])
    action["score"] = 5
    event["raw"] = 5
    obs = audit_records([copy.deepcopy(record)])
    assert [d.checked for d in obs.divergences] == ["score"]
