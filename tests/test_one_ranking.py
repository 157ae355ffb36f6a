"""One ranking of likely causes for every kind of evidence
(tools/fives_tools/certify/judge/ranking.py): the cases and the implementation's own
games are witnesses of the same ranking; one game counts as one witness, as one case does,
however often one fault recurs in it; and a certificate that judged both ranks and blames
over both."""

from __future__ import annotations

from test_causes import _result as case_result

from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.status import FAIL, IMPLEMENTATION_DEFINED, PASS
from fives_tools.certify.judge import misreadings
from fives_tools.certify.judge.causes import (
    blamed_rules,
    likely_causes,
    ranked_rules,
    witnesses,
)
from fives_tools.certify.judge.ranking import Witness, capped, rank
from fives_tools.certify.runner import Result


def _divergence(record: str, rule: str, *others: str, requirement: str = "must") -> Finding:
    return Finding(
        record=record,
        game="five-up",
        hand=1,
        action=1,
        checked="offered",
        rule=rule,
        what="probe",
        expected="x",
        got="y",
        prefix={},
        candidates=(rule, *others),
        requirement=requirement,
    )


def test_one_fault_recurring_in_one_game_counts_as_one_witness() -> None:
    """188 tiles not offered after one forced opening, in one game, against a rule broken
    once in each of three games: the three games explain more."""
    divs = [_divergence("game 1", "lead.any-tile") for _ in range(188)]
    divs += [_divergence(f"game {n}", "settle.deduct-each-hand") for n in (1, 2, 3)]
    ranking = rank(misreadings.witnesses(divs))
    assert [one.rule for one in ranking] == ["settle.deduct-each-hand", "lead.any-tile"]
    assert (ranking[0].support, ranking[1].support) == (3.0, 1.0)
    assert ranking[1].mass == 188.0  # the count is kept, for the reports
    # the instrument: counted per divergence, as before, the recurring fault came first
    uncapped = [Witness(capped([(d.rule, 1.0)])[1], scope="g") for d in divs]
    assert rank(uncapped)[0].rule == "lead.any-tile"


def test_a_divergence_several_rules_fit_shares_its_weight_and_the_rule_alone_wins() -> None:
    divs = [
        _divergence("game 1", "score.ends.double-outer-both-halves", "layout.double.crosswise"),
        _divergence("game 2", "score.ends.double-outer-both-halves"),
    ]
    ranking = rank(misreadings.witnesses(divs))
    assert [one.rule for one in ranking] == [
        "score.ends.double-outer-both-halves",
        "layout.double.crosswise",
    ]
    assert ranking[1].support == 0.5


def test_readings_rank_after_every_must_rule_however_many() -> None:
    divs = [
        _divergence(f"game {n}", "match.first-to-target", requirement=IMPLEMENTATION_DEFINED)
        for n in range(1, 6)
    ]
    divs.append(_divergence("game 1", "turn.must-play"))
    assert misreadings.likely_causes(divs) == ["turn.must-play", "match.first-to-target"]


def _case(n: int, primary: str, *others: str) -> Result:
    """A probe case of Five Up's play-score level (as tests/test_causes.py makes them):
    failing below 10, passing from 10."""
    return case_result(n, FAIL if n < 10 else PASS, primary, *others)


def test_own_games_that_break_a_rule_move_the_blame_of_a_case_that_implicates_it() -> None:
    """A failing case implicates its primary rule whole and another rule a little; alone it
    blames its primary. When the implementation's own games break the other rule in three
    games, the certificate's one ranking puts that rule first, and the case blames it."""
    results = [_case(1, "layout.spinner.first-double", "score.ends.unstarted-branch-zero")]
    assert blamed_rules(results) == {results[0].case.id: "layout.spinner.first-double"}
    games = misreadings.witnesses(
        [_divergence(f"game {n}", "score.ends.unstarted-branch-zero") for n in (1, 2, 3)]
    )
    assert ranked_rules(results, games)[0] == "score.ends.unstarted-branch-zero"
    assert blamed_rules(results, games) == {results[0].case.id: "score.ends.unstarted-branch-zero"}
    # the cases' own causes, with their evidence, are what they were
    assert likely_causes(results)[0].rule == "layout.spinner.first-double"


def test_passing_cases_clear_only_rules_a_failing_witness_of_their_scope_names() -> None:
    """A passing case of the level speaks for a rule a failing case of that level names,
    not for a rule only the own games break (a passing case does not show that the
    games' positions were met)."""
    results = [_case(1, "a", "b"), _case(11, "b", "c")]
    failing, passing = witnesses(results)
    games = misreadings.witnesses([_divergence("game 1", "c")])
    standing = {one.rule: one for one in rank([*failing, *games], passing)}
    assert (standing["b"].against, standing["b"].passing) == (1.0, 1)
    assert (standing["c"].against, standing["c"].passing) == (0.0, 0)
