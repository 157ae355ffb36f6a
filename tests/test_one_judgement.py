"""One judgement for every kind of evidence: the same difference between a reply and its
expectation implicates the same rules whether a hand-written case found it (``fives
certify``, tools/fives_tools/certify/judge/blame.py) or the reference engine did
(``fives fuzz``, tools/fives_tools/certify/fuzz/classes.py); both read the rules of a
differing field from one table (tools/fives_tools/certify/findings/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fives_engine import find_game
from fives_tools.certify.cases import Case, levels
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.findings.status import FAIL
from fives_tools.certify.fuzz.classes import Disagreement
from fives_tools.certify.judge.blame import implicated
from fives_tools.certify.judge.fields import FIELD_RULES
from fives_tools.certify.runner import Result

#: The request kind and level where each field is compared.
WHERE = {
    **{f: ("layout", level) for level, fs in levels.LAYOUT_FIELDS.items() for f in fs},
    **dict.fromkeys(
        ("current_player", "legal_actions", "boneyard", "hands", "ended", "plays", "events"),
        ("turns", levels.TURN_FLOW),
    ),
    **dict.fromkeys(("nodes", "divide"), ("perft", levels.TURN_FLOW)),
    **dict.fromkeys(
        (
            "scores",
            "display_scores",
            "winner",
            "match_over",
            "hands_played",
            "leaders",
            "block_winner",
        ),
        ("match", levels.MATCH_END),
    ),
}

#: One difference of each field: (expected, given).
FIELDS: dict[str, tuple[Any, Any]] = {
    "score": ({"raw": 10, "display": 2}, {"raw": 5, "display": 1}),
    "total": (10, 12),
    "scoring_ends": (["[2|2]: 4", "[3|4]: 3"], ["[2|2]: 2", "[3|4]: 3"]),
    "attach_points": (["[2|2] (straight side A, 2)"], ["[2|2] (branch A, 2)"]),
    "legal_plays": (["[2|5]@[2|2]:straight-a"], ["[2|5]@[2|2]:straight-b"]),
    "error": (
        {"kind": "illegal-play", "rule": "play.match-attach-point"},
        {"kind": "illegal-play", "rule": "layout.side-a-first"},
    ),
    "tiles": (["[2|2]", "[2|5]"], ["[2|2]"]),
    "spinners": (["[2|2]"], []),
    "connections": (
        ["[1|4] (big end) – [4|4] (straight side A)"],
        ["[1|4] (big end) – [4|4] (straight side B)"],
    ),
    "current_player": (3, 2),
    "legal_actions": (["[3|5]@[4|5]:big-end"], ["draw"]),
    "boneyard": ([], ["[4|6]"]),
    "hands": ([["[0|1]"], ["[3|5]"]], [["[0|1]", "[4|6]"], ["[3|5]"]]),
    "ended": (False, True),
    "plays": (["[2|5]", "[2|4]@[2|5]:small-end"], ["[2|5]"]),
    "nodes": (28, 27),
    "divide": ({"[2|5]": 4}, {"[2|5]": 3}),
    "scores": ([130, 70], [125, 70]),
    "display_scores": ([26, 14], [25, 14]),
    "winner": (0, None),
    "match_over": (True, False),
    "hands_played": (2, 1),
    "leaders": ([0, 1], [0, 0]),
    "block_winner": (0, None),
}

PLAY = {"event": "play", "seat": 0, "play": "[2|5]", "total": 7, "raw": 0}
REPLY = {"event": "play", "seat": 1, "play": "[2|4]@[2|5]:small-end", "total": 9, "raw": 0}
DRAW = {"event": "draw", "seat": 2, "tile": "[1|4]"}
PASS = {"event": "pass", "seat": 2}
DEDUCTION = {
    "event": "score",
    "cause": "deduction",
    "seat": 0,
    "side": 0,
    "pips": 3,
    "rounded": 5,
    "raw": -5,
    "display": -1,
    "result": "applied",
}
SCORED = {**REPLY, "total": 10, "raw": 10}
SCORE = {"event": "score", "cause": "play", "seat": 1, "side": 1, "raw": 10, "result": "applied"}
TIE = {"event": "tie", "sides": [0, 1], "raw": 305, "display": 61}
WIN = {"event": "win", "side": 0}

#: Representative differences of events: (expected, given).
EVENTS: dict[str, tuple[list[Any], list[Any]]] = {
    "a draw missing between two plays": ([PLAY, DRAW, REPLY], [PLAY, REPLY]),
    "a draw instead of a pass": ([PLAY, PASS], [PLAY, DRAW]),
    "a play's raw score of a right total": ([SCORED], [{**SCORED, "raw": 5}]),
    "a deduction rounded otherwise": (
        [PLAY, DEDUCTION],
        [PLAY, {**DEDUCTION, "rounded": 0, "raw": 0, "display": 0}],
    ),
    "a score discarded, not applied": ([SCORE], [{**SCORE, "result": "discarded"}]),
    "a tie missing": ([PLAY, TIE], [PLAY]),
    "a win too early": ([PLAY, REPLY, WIN], [PLAY, WIN, REPLY]),
}


def _certify(game: str, mismatch: Mismatch) -> tuple[str, ...]:
    """The rules certify blames for ``mismatch``, found by a case that lists every rule of
    the game and states no fact beyond the differing field (fuzz's reference reply)."""
    kind, level = WHERE[mismatch.field]
    case = Case(
        id=f"{game}/probe#{level}",
        game=game,
        fixture_id="probe",
        title="probe",
        kind=kind,
        level="must",
        rules=tuple(find_game(game).rules),
        sources=(),
        request={"type": kind, "game": game},
        expect={mismatch.field: mismatch.expected},
        path=Path("probe.yaml"),
        capability=level,
        facts={mismatch.field: mismatch.expected},
    )
    reply = {mismatch.field: mismatch.got}
    return implicated(Result(case, FAIL, [mismatch], reply=reply)).rules


def _fuzz(game: str, mismatch: Mismatch) -> tuple[str, ...]:
    """The rules involved in fuzz's class of the same difference."""
    kind, _ = WHERE[mismatch.field]
    request = {"type": kind, "game": game}
    expect, reply = {mismatch.field: mismatch.expected}, {mismatch.field: mismatch.got}
    return Disagreement(0, 0, "probe", request, expect, reply, [mismatch], expect).rules


def test_every_field_of_the_table_has_a_difference_here() -> None:
    assert set(FIELD_RULES) <= set(FIELDS), sorted(set(FIELD_RULES) - set(FIELDS))


@pytest.mark.parametrize("game", ["five-up", "exact-61", "all-fives"])
@pytest.mark.parametrize("field", sorted(FIELDS))
def test_certify_and_fuzz_blame_a_field_on_the_same_rules(field: str, game: str) -> None:
    mismatch = Mismatch(field, *FIELDS[field])
    certify = _certify(game, mismatch)
    assert certify and certify != tuple(find_game(game).rules), "nothing narrowed"
    assert set(certify) == set(_fuzz(game, mismatch))


@pytest.mark.parametrize("game", ["five-up", "exact-61", "all-fives"])
@pytest.mark.parametrize("difference", sorted(EVENTS))
def test_certify_and_fuzz_blame_differing_events_on_the_same_rules(
    difference: str, game: str
) -> None:
    mismatch = Mismatch("events", *EVENTS[difference])
    certify = _certify(game, mismatch)
    assert certify and certify != tuple(find_game(game).rules), "nothing narrowed"
    assert set(certify) == set(_fuzz(game, mismatch))


# -- the audit: the same wrong offered list, judged by the same table ---------------------
def _offered_wrong(game: str, legal: list[str], offered: list[str]) -> tuple[str, ...]:
    """The candidates the audit names for a step of the reference engine's own game where
    the seat's legal actions are ``legal`` and the record offers ``offered`` instead."""
    from observed import observed_match

    from fives_tools.certify.observe import audit_records

    for seed in range(1, 40):
        record = observed_match(game, seed=seed, hands=1)
        for entry in record["hands"][0]["actions"]:
            if entry.get("offered") == legal:
                entry["offered"] = offered
                obs = audit_records([record])
                (div,) = [d for d in obs.divergences if d.checked == "offered"]
                return div.candidates
    raise AssertionError(f"no step offers exactly {legal} in 40 games")


#: Offered lists that differ from the legal actions of a seat that must draw.
OFFERED: dict[str, tuple[list[str], list[str]]] = {
    "a legal draw not offered, nothing instead": (["draw"], []),
    "a pass offered instead of the draw": (["draw"], ["pass"]),
}


@pytest.mark.parametrize("game", ["five-up", "all-fives"])
@pytest.mark.parametrize("difference", sorted(OFFERED))
def test_certify_fuzz_and_the_audit_blame_an_offered_list_on_the_same_rules(
    difference: str, game: str
) -> None:
    """A legal draw not offered was blamed on one rule by the audit and on four by certify
    and fuzz; the three doors now read one function (judge.fields.offered_rules). The audit
    may name where a case cannot (the reference's refusal of an extra action in the
    position), so its candidates are held to the same set where nothing is extra, and to
    a subset of certify's families' rules otherwise."""
    legal, offered = OFFERED[difference]
    mismatch = Mismatch("legal_actions", legal, offered)
    certify, fuzz = set(_certify(game, mismatch)), set(_fuzz(game, mismatch))
    audit = set(_offered_wrong(game, legal, offered))
    assert certify == fuzz
    assert "turn.draw-until-playable" in certify & audit
    if not offered:
        assert audit == certify
    else:
        assert audit <= certify, audit - certify
