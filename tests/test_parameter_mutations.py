"""Every parameter of the game documents, moved to a neighbouring legal value, makes a
``must`` conformance case fail (issue 9 §2): the fixtures pin each parameter down.

The mutations are made on the loaded rulesets, in process; no game document is written.
"""

from __future__ import annotations

import pytest

from benchmarks.mutation.parameters import (
    EQUIVALENT,
    INTERPRETATION,
    UNMUTATED,
    ParameterMutation,
    killer,
    mutations,
    unmutated_parameters,
)
from fives_engine import find_game, game_names
from fives_tools.certify.cases import Case, load_cases

MUTATIONS = [m for game in game_names() for m in mutations(find_game(game))]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases()


@pytest.mark.parametrize("mutation", MUTATIONS, ids=str)
def test_a_must_case_catches_the_mutation(mutation: ParameterMutation, cases: list[Case]) -> None:
    caught = killer(mutation, cases)
    if mutation.key in EQUIVALENT:
        assert caught is None, f"{mutation} is listed as equivalent but {caught} catches it"
    elif mutation.key in INTERPRETATION:
        assert caught is None, f"{mutation} is listed as a reading but {caught} catches it"
        assert killer(mutation, cases, "implementation-defined") is not None, (
            f"{mutation}: not even an implementation-defined case catches it"
        )
    else:
        assert caught is not None, f"{mutation}: no must case fails; add a hand-worked fixture"


@pytest.mark.parametrize("game", game_names())
def test_every_parameter_is_mutated(game: str) -> None:
    assert unmutated_parameters(find_game(game)) <= set(UNMUTATED)


def test_every_listed_survivor_is_a_mutation() -> None:
    keys = {m.key for m in MUTATIONS}
    assert set(EQUIVALENT) <= keys and set(INTERPRETATION) <= keys
