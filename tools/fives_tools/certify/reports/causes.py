"""Likely causes: the rules that best explain a run's failures, most likely first.

A failing case says *some* rule it involves is broken, most likely its primary rule (the
one it exists to check), possibly one it merely touches. A passing case says the rules it
involves hold, at least as far as it looks. The ranking weighs the two, over every game of
the run at once (a rule has one ID in every game that states it, and an engine that bends
it usually bends it in each):

* **support** ``E``: each failing case adds 1 to its primary rule and ``TOUCH`` (1/4) to
  every other rule it touches. A rule that is the primary of many failures explains them
  best; touching counts a little, so that a rule without a primary case of its own can
  still be named, and a rule touched by every failure still stands out.
* **contrary evidence** ``A``: each *passing* case of a level (game and capability) where
  the rule is involved in some failure adds 1 if the rule is its primary, ``TOUCH`` if it
  merely touches it. Passing cases of other levels say nothing: a scoring bug does not
  make connection cases fail, so they cannot clear the rule.
* **what a level cannot see** (``BLIND``): a layout case compares only its level's fields,
  and some rules cannot change them (no scoring rule changes an attach point). Such a case
  neither accuses nor clears those rules; if its primary rule is one of them, the rules it
  touches share the blame.
* **score** ``E * E / (E + A)``: the support scaled by the share of the evidence that is
  against the rule holding. A rule whose own cases all fail keeps its whole support; a
  rule exercised by as many passing cases as failing ones keeps half of it.

Ties are broken by more failing cases as primary, then by rule ID, so the order is stable.
Errors count as failures: a crash on a case is evidence against what the case checks.
A case without a primary rule counts as touching all its rules.

The ranking is only as good as the cases: a rule that no case isolates (no case of its
own, or its cases always failing together with another rule's) cannot come first. The
suite's bent engines, each bending one rule, check that it does (tests/test_bent_engines.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from fives_tools.certify.cases import levels
from fives_tools.certify.runner import ERROR, FAIL, PASS, Result
from fives_tools.text import plural

#: The weight of a rule a case touches, against 1 for the case's primary rule.
TOUCH = 0.25

#: Rules a level cannot see, by ID prefix: a layout case of that level neither fails nor
#: passes because of them (attach points and connections do not depend on scoring; the
#: scoring ends and their total do not depend on the unit a score is kept in).
BLIND: dict[str, tuple[str, ...]] = {
    levels.SCORING_ENDS: ("score.unit.",),
    levels.ATTACH_POINTS: ("score.",),
    levels.CONNECTIONS: ("score.",),
}


@dataclass(frozen=True)
class Cause:
    """One rule that may explain the failures, with the evidence for and against it."""

    rule: str
    score: float
    failing_primary: int  # failing cases whose primary rule it is
    failing_touched: int  # failing cases that merely touch it
    passing: int  # passing cases of the same levels that involve it
    games: tuple[str, ...]

    def describe(self) -> str:
        return (
            f"{self.rule}: primary rule of {plural(self.failing_primary, 'failing case')},"
            f" touched by {self.failing_touched} more; {plural(self.passing, 'passing case')}"
            f" of the same levels {'involves' if self.passing == 1 else 'involve'} it"
            f" ({', '.join(self.games)})"
        )


def _weights(result: Result) -> dict[str, float]:
    """The weight of each rule a case's verdict bears on: 1 for its primary rule, ``TOUCH``
    for the others, none for the rules its level cannot see."""
    case = result.case
    blind = BLIND.get(case.capability, ())
    return {
        rule: 1.0 if rule == case.primary else TOUCH
        for rule in case.rules
        if not rule.startswith(blind)
    }


def likely_causes(results: Sequence[Result]) -> list[Cause]:
    """The rules involved in failing cases, most likely cause first (see the module)."""
    failing = [r for r in results if r.status in (FAIL, ERROR)]
    support: dict[str, float] = defaultdict(float)
    primary: dict[str, int] = defaultdict(int)
    touched: dict[str, int] = defaultdict(int)
    scope: dict[str, set[tuple[str, str]]] = defaultdict(set)
    games: dict[str, set[str]] = defaultdict(set)
    for result in failing:
        for rule, weight in _weights(result).items():
            support[rule] += weight
            if weight == 1.0:
                primary[rule] += 1
            else:
                touched[rule] += 1
            scope[rule].add((result.case.game, result.case.capability))
            games[rule].add(result.case.game)
    against: dict[str, float] = defaultdict(float)
    passing: dict[str, int] = defaultdict(int)
    for result in results:
        if result.status != PASS:
            continue
        level = (result.case.game, result.case.capability)
        for rule, weight in _weights(result).items():
            if level in scope.get(rule, ()):
                against[rule] += weight
                passing[rule] += 1
    causes = [
        Cause(
            rule,
            support[rule] * support[rule] / (support[rule] + against[rule]),
            primary[rule],
            touched[rule],
            passing[rule],
            tuple(sorted(games[rule])),
        )
        for rule in support
    ]
    return sorted(causes, key=lambda c: (-c.score, -c.failing_primary, c.rule))


def cause_lines(results: Sequence[Result], limit: int = 5) -> list[str]:
    """The likely causes block of a certificate: numbered, most likely first."""
    causes = likely_causes(results)[:limit]
    return [f"{i}. {cause.describe()}" for i, cause in enumerate(causes, 1)]


def causes_json(results: Sequence[Result]) -> list[dict[str, Any]]:
    """Every likely cause with its evidence, for the JSON report."""
    return [asdict(cause) for cause in likely_causes(results)]
