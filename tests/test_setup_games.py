"""A setup is checked for one game: the match of another game refuses it, in the reference
engine and in the fast path alike, with the engine's ``ValueError`` quoting the setup.
All Fives lets four players play alone; Five Up and Exact 61 seat four as partners, so
an All Fives table of four alone played as Five Up was a match the rules do not have."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from itertools import permutations

import pytest

from fives_engine import FivesError, MatchState, Ruleset, RulesetError, Setup, find_game, game_names
from fives_engine.errors import IllegalDealError
from fives_fast import FastMatch

MATCHES: dict[str, Callable[[Ruleset, Setup], object]] = {
    "reference": lambda ruleset, setup: MatchState(ruleset, setup, rng=random.Random(1)),
    "fives_fast": lambda ruleset, setup: FastMatch(ruleset, setup, rng=random.Random(1)),
}


@pytest.mark.parametrize("engine", list(MATCHES))
@pytest.mark.parametrize(("checked_for", "played_as"), list(permutations(game_names(), 2)))
def test_a_setup_checked_for_one_game_is_refused_by_another(
    engine: str, checked_for: str, played_as: str
) -> None:
    setup = Setup.of(find_game(checked_for), 2)
    with pytest.raises(RulesetError) as refused:
        MATCHES[engine](find_game(played_as), setup)
    assert isinstance(refused.value, ValueError)
    assert repr(setup) in str(refused.value)
    assert f"checked for {checked_for}, not {played_as}" in str(refused.value)


@pytest.mark.parametrize("engine", list(MATCHES))
def test_four_all_fives_players_alone_are_no_five_up_table(engine: str) -> None:
    alone = Setup.of(find_game("all-fives"), 4, partnerships=False)
    with pytest.raises(RulesetError, match="checked for all-fives, not five-up"):
        MATCHES[engine](find_game("five-up"), alone)
    by_hand = dataclasses.replace(alone, game="")  # never checked: checked now
    with pytest.raises(IllegalDealError) as refused:
        MATCHES[engine](find_game("five-up"), by_hand)
    assert str(refused.value).startswith(repr(by_hand))
    assert refused.value.rule == "side.partnership"


@pytest.mark.parametrize("engine", list(MATCHES))
def test_a_setup_made_by_hand_for_seven_players_is_refused(engine: str) -> None:
    seven = Setup(players=7, partnerships=False, deal_option=None, target=61)
    with pytest.raises(FivesError, match=r"Setup\(players=7.*not 7"):
        MATCHES[engine](find_game("five-up"), seven)


@pytest.mark.parametrize("engine", list(MATCHES))
def test_a_setup_of_the_same_game_is_played(engine: str) -> None:
    for game in game_names():
        ruleset = find_game(game)
        MATCHES[engine](ruleset, Setup.of(ruleset, 3))
