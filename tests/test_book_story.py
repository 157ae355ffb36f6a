"""The hand a book's Learn to play tells in words: told whatever ends it (going out, a
block, a score thrown away in Exact 61), with the numbers the fixture expects and no seat
numbers, from the scores the hand starts at."""

from __future__ import annotations

import pytest

from fives_tools.book.parts import Para, Span, Steps
from fives_tools.book.story import hand_told
from fives_tools.certify.cases import Case, load_cases

NAMES = ["Ann", "Ben", "Cal", "Dee"]
TOLD = [
    "match/five-up-two-players-block",
    "match/all-fives-two-players-block",
    "match/exact-61-two-players-block",
    "match/exact-61-four-players-block",
    "match/exact-61-overshoot-discarded",
    "match/exact-61-three-players-hand",
    "match/exact-61-scoring-last-play-joins-going-out",
]


def _case(ref: str) -> Case:
    return next(c for c in load_cases() if c.fixture_id == ref)


@pytest.mark.parametrize("ref", TOLD)
def test_a_hand_is_told_in_words_whatever_ends_it(ref: str) -> None:
    case = _case(ref)
    words = " ".join(
        "".join(s.text for s in cell if isinstance(s, Span))
        for part in hand_told(case, NAMES)
        for cell in (
            part.items if isinstance(part, Steps) else [(Span(part.text),)]
            if isinstance(part, Para) else []
        )
    )
    assert "seat" not in words
    hand = case.request["hands"][0]
    if "pass" in hand["actions"]:
        assert "passes" in words
    assert ("the hand is blocked" in words) == ("block" in ref)
    if case.request.get("scores"):
        assert "The scores stand at" in words
    if case.expect.get("winner") is not None and case.expect.get("hands_played", 1) == 1:
        assert "The match is won by" in words
    events = case.expect.get("events", [])
    first = events[: next((i for i, e in enumerate(events[1:], 1) if e["event"] == "hand"), None)]
    for event in (e for e in first if e["event"] == "score" and e["cause"] != "play"):
        who = NAMES[event["seat"]]
        if event["cause"] == "deduction":
            assert f"{who}'s {event['pips']} pips round to {event['rounded']}" in words
        else:
            assert f"{who}" in words and f"{abs(event['raw'])} raw" in words
        if event.get("play"):  # Exact 61's last play, scored with going out
            assert f"{event['play']} raw, counted with going out" in words
            assert f"with the last play's {event['play']}" in words
        assert (event["result"] == "discarded") <= ("none of it counts" in words)
    for event in (e for e in first if e["event"] == "score" and e["cause"] == "play"):
        if event["result"] == "discarded":
            assert f"would score {event['raw']} raw, but it would pass the target" in words
