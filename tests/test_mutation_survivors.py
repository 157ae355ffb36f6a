"""Mutants the mutation report once filed with a false reason are seen by a `must` case:
display points divided without flooring (`//` turned into `/`) and a target of 1 refused
(`target <= 0` turned into `<= 1`). Each is made here by hand and must fail a case."""

from __future__ import annotations

from typing import Any

import pytest

from fives_engine import rules, setup
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.runner import PASS, run_case

DISPLAY_CASE = "settlement/five-up-remainder-two-and-three"
TARGET_CASE = "turns/all-fives-target-does-not-end-a-hand"


def _statuses(fixture: str) -> list[str]:
    cases: list[Case] = [c for c in load_cases() if c.fixture_id == fixture]
    assert cases and all(c.level == "must" for c in cases)
    return [run_case(ReferenceAdapter(), c).status for c in cases]


@pytest.mark.parametrize("fixture", [DISPLAY_CASE, TARGET_CASE])
def test_the_unmutated_engine_passes(fixture: str) -> None:
    assert set(_statuses(fixture)) == {PASS}


def test_display_points_not_floored_fail_a_must_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """12 raw is 2 display points; 12 / 5 is 2.4 (and 7 / 5 is 1.4)."""

    def divided(self: rules.Ruleset, raw: int) -> Any:
        return raw / self.raw_per_display if self.score_unit == "display" else None

    monkeypatch.setattr(rules.Ruleset, "display", divided)
    assert PASS not in _statuses(DISPLAY_CASE)


def test_a_target_of_one_refused_fails_a_must_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """A target is a whole number above 0 (spec/protocol.md): 1 is a target."""
    original = setup.Setup.of

    def refusing_one(cls: type[setup.Setup], *args: Any, **kwargs: Any) -> setup.Setup:
        if kwargs.get("target") == 1 or (len(args) > 4 and args[4] == 1):
            raise rules.RulesetError("a target must be positive, got 1")
        return original(*args, **kwargs)

    monkeypatch.setattr(setup.Setup, "of", classmethod(refusing_one))
    assert PASS not in _statuses(TARGET_CASE)
