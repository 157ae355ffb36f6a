"""The mutation test audits a mutant's own games with the original engine
(``benchmarks/mutation/conformance_test.unmutated``): the audit replays a game with
``fives_engine``, so a mutant judging its own games would agree with itself and survive.

mutmut picks each call's code by the variable ``MUTANT_UNDER_TEST``; here a stand-in for
its trampoline bends the score of a play only while that variable names a mutant.
"""

from __future__ import annotations

import os

import pytest

from benchmarks.mutation.conformance_test import MUTANT_VARIABLE, own_games, unmutated
from fives_engine import Ruleset

BENT = "fives_engine.rules.xǁRulesetǁplay_raw__mutmut_0"


@pytest.fixture
def bent_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every play scores 5 more while the mutant is under test, as mutmut's trampoline
    would run it; the original otherwise."""
    original = Ruleset.play_raw

    def trampoline(total: int) -> int:
        raw = original(total)
        return raw + 5 if os.environ.get(MUTANT_VARIABLE) == BENT else raw

    monkeypatch.setattr(Ruleset, "play_raw", staticmethod(trampoline))
    monkeypatch.setenv(MUTANT_VARIABLE, BENT)


@pytest.mark.usefixtures("bent_scoring")
def test_a_mutant_s_own_games_are_judged_by_the_original_engine() -> None:
    games = own_games("all-fives", 2)
    assert games.withholds
    assert "score.play.multiple-of-five" in {d.rule for d in games.against}


@pytest.mark.parametrize("before", ["fives_engine.deal.x_random_deal__mutmut_1", None])
def test_the_mutant_under_test_is_given_back(
    before: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if before is None:
        monkeypatch.delenv(MUTANT_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(MUTANT_VARIABLE, before)
    with unmutated():
        assert os.environ[MUTANT_VARIABLE] == ""
    assert os.environ.get(MUTANT_VARIABLE) == before
