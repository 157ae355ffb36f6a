"""Isolating cases: every `must` rule of a game has a `must` case in which it decides the
answer, at the lowest level that can show it (play-score for a scoring rule, not only a
bare total or a whole match), so that a certificate can blame it alone when it breaks.

The case's primary rule is the one it exists to decide; the bent engines
(tests/test_bent_engines.py) check that such cases, failing, blame their rule and no
other."""

from __future__ import annotations

from fives_engine import find_game, game_names
from fives_tools.certify.cases import Case, levels, load_cases
from fives_tools.certify.cases.coverage import requirement

#: The lowest levels that can show a rule, by rule ID prefix (the first that matches).
LOWEST: tuple[tuple[str, frozenset[str]], ...] = (
    ("score.last-play", frozenset({levels.SETTLEMENT})),
    ("score.negative", frozenset({levels.SETTLEMENT})),
    ("score.", frozenset({levels.PLAY_SCORE})),
    ("layout.", frozenset({levels.ATTACH_POINTS, levels.CONNECTIONS})),
    ("play.", frozenset({levels.ATTACH_POINTS, levels.CONNECTIONS})),
    ("equipment.", frozenset({levels.ATTACH_POINTS, levels.CONNECTIONS})),
    ("turn.", frozenset({levels.TURN_FLOW})),
    ("hand.", frozenset({levels.TURN_FLOW})),
    ("deal.", frozenset({levels.TURN_FLOW})),
    ("side.", frozenset({levels.TURN_FLOW, levels.SETTLEMENT})),
    ("lead.", frozenset({levels.TURN_FLOW, levels.MATCH_END})),  # the next hand's lead
    ("settle.", frozenset({levels.SETTLEMENT})),
    ("match.", frozenset({levels.SETTLEMENT, levels.MATCH_END})),
)


def lowest(rule_id: str) -> frozenset[str]:
    return next(found for prefix, found in LOWEST if rule_id.startswith(prefix))


def isolating(case: Case) -> bool:
    return case.level == "must" and case.capability in lowest(case.primary)


def test_every_rule_family_has_a_lowest_level() -> None:
    for game in game_names():
        for rule_id in find_game(game).rules:
            assert lowest(rule_id), rule_id


def test_every_must_rule_has_an_isolating_case() -> None:
    cases = [case for case in load_cases() if isolating(case)]
    missing = [
        (game, rule_id)
        for game in game_names()
        for rule_id in find_game(game).rules
        if requirement(game, rule_id) == "must"
        and not any(c.game == game and c.primary == rule_id for c in cases)
    ]
    assert not missing


def _double_joined_later(plays: list[str]) -> bool:
    """Whether a double joins the layout after the lead (``[1|1]@...``)."""
    tiles = [play.split("@")[0].strip("[]").split("|") for play in plays[1:]]
    return any(a == b for a, b in tiles)


def test_a_non_lead_spinner_has_a_play_score_case_of_the_interior_rule() -> None:
    """The case the issue found missing: a spinner that was not the lead, both straight
    sides filled, whose score the interior rule alone decides, in every game."""
    found = {
        case.game
        for case in load_cases()
        if isolating(case)
        and case.primary == "score.ends.double-interior-zero"
        and case.capability == levels.PLAY_SCORE
        and _double_joined_later(case.request["plays"])
        and set(case.rules)
        <= {
            "score.ends.double-interior-zero",
            "score.ends.outer-end",
            "score.play.multiple-of-five",
            "score.unit.display",
            "score.unit.raw",
        }
    }
    assert found == set(game_names())
