"""Likely causes: the rules that best explain a run's failures, most likely first.

A failing case says some rule it *implicates* is broken: one of its rules that decides a
field that differs (:mod:`.blame`: a right total with a wrong raw score implicates the
scoring rule, not the layout). A passing case says the rules it involves hold, at least as
far as it looks. The ranking weighs the two, over every game of the run at once (a rule
has one ID in every game that states it, and an engine that bends it usually bends it in
each):

* **support** ``E``: each failing case adds 1 to its primary rule (the one it exists to
  check) if its fields implicate it, and ``TOUCH`` (1/4) to every other rule they
  implicate; if they do not implicate its primary rule, the rules they do implicate share
  that 1 (a case whose score alone is wrong blames the scoring rule whole). A rule that
  many failures implicate, as their primary rule, explains them best. The rule a refusal
  of the case's deal names counts 1 as well (:func:`.blame.refused_deal`); a case whose
  own action was refused before its point gives its primary no whole share (``short``).
* **contrary evidence** ``A``: each *passing* case of a level (game and capability) where
  the rule is implicated in some failure adds 1 if the rule is its primary, ``TOUCH`` if it
  merely touches it. Passing cases of other levels say nothing: a scoring bug does not
  make connection cases fail, so they cannot clear the rule. A level neither accuses nor
  clears the rules it cannot see (:data:`.blame.BLIND`).
* **score** ``E * E / (E + A)``: the support scaled by the share of the evidence that is
  against the rule holding. A rule whose own cases all fail keeps its whole support; a
  rule exercised by as many passing cases as failing ones keeps half of it.

The cases are witnesses of the one ranking every kind of evidence shares
(:mod:`fives_tools.certify.judge.ranking`): a rule implicated by a failing ``must``
case always ranks above every rule implicated only by cases of a reading
(``implementation-defined``): a broken sentence of the sources comes before a documented
choice answered otherwise. Then ties are broken by more failing cases as primary, then by
more support, then by the rule the failing cases name first, so the order is stable.
Errors count as failures: a crash on a case is evidence against what the case checks.
When the run also judged the implementation's own games, each game is a witness too
(:func:`ranked_rules`).

Each failing case marks FAIL on one rule, the one it *blames*: the first in this ranking of
the rules it implicates and of the likely causes that decide its differing fields though
the case does not name them (a turn-flow case whose play events score wrong, under an
engine whose spinner counts its interior, blames the interior rule: its own rules are the
turn's). Its other rules show "affected", its primary rule too when its fields do not
implicate it.

The ranking is only as good as the cases: a rule that no case isolates (no case in which
it alone decides the answer) cannot come first. The suite's bent engines, each bending one
rule, check that it does, and that no other rule carries FAIL
(tests/test_bent_engines.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from fives_engine import find_game
from fives_tools.certify.findings.status import ERROR, FAIL, PASS
from fives_tools.certify.judge import misreadings
from fives_tools.certify.judge.blame import BLIND, Blame, implicated, refused_by, refused_deal
from fives_tools.certify.judge.ranking import Witness, rank
from fives_tools.certify.runner import Result, Run
from fives_tools.text import plural

#: The weight of a rule a case touches, against 1 for the case's primary rule.
TOUCH = 0.25


@dataclass(frozen=True)
class Cause:
    """One rule that may explain the failures, with the evidence for and against it."""

    rule: str
    score: float
    failing_primary: int  # failing cases whose primary rule it is, that implicate it
    failing_touched: int  # other failing cases that implicate it
    failing_must: int  # failing must cases that implicate it
    passing: int  # passing cases of the same levels that involve it
    games: tuple[str, ...]
    example: str  # a failing case that implicates it, and why, in the implementation's terms

    def describe(self) -> str:
        must = "" if self.failing_must else " (implementation-defined cases only)"
        return (
            f"{self.rule}: implicated by"
            f" {plural(self.failing_primary + self.failing_touched, 'failing case')}{must},"
            f" {self.failing_primary} of them as primary rule;"
            f" {plural(self.passing, 'passing case')} of the same levels"
            f" {'involves' if self.passing == 1 else 'involve'} it"
            f" ({', '.join(self.games)}). For example {self.example}"
        )


def _support(result: Result, blame: Blame) -> dict[str, float]:
    """What a failing case adds to each rule it implicates (see the module)."""
    primary = result.case.primary
    refused = refused_deal(result)  # the implementation's own word for the rule it applied
    if primary in blame.rules and not blame.short:
        whole = {primary, refused_by(result), refused}
        return {rule: 1.0 if rule in whole else TOUCH for rule in blame.rules}
    others = [rule for rule in blame.rules if rule != refused]
    shares = {rule: 1.0 / len(others) for rule in others}
    return {refused: 1.0, **shares} if refused is not None else shares


def _cleared(result: Result) -> dict[str, float]:
    """What a passing case says for each rule it involves: 1 for its primary rule,
    ``TOUCH`` for the others, none for the rules its level cannot see."""
    case = result.case
    blind = BLIND.get(case.capability, ())
    return {
        rule: 1.0 if rule == case.primary else TOUCH
        for rule in case.rules
        if not rule.startswith(blind)
    }


def blames(results: Sequence[Result]) -> dict[str, Blame]:
    """Every failing case's implicated rules, by case ID."""
    return {r.case.id: implicated(r) for r in results if r.status in (FAIL, ERROR)}


def witnesses(results: Sequence[Result]) -> tuple[list[Witness], list[Witness]]:
    """The failing and the passing cases as witnesses of the one ranking
    (:mod:`fives_tools.certify.judge.ranking`), each scoped to its game and level."""
    blamed = blames(results)
    failing, passing = [], []
    for result in results:
        case = result.case
        scope = (case.game, case.capability)
        if result.status in (FAIL, ERROR):
            weights = _support(result, blamed[case.id])
            failing.append(Witness(weights, case.level == "must", scope, frozenset({case.primary})))
        elif result.status == PASS:
            passing.append(Witness(_cleared(result), scope=scope))
    return failing, passing


def likely_causes(
    results: Sequence[Result],
    also: Sequence[Witness] = (),
    said: Mapping[str, str] | None = None,
) -> list[Cause]:
    """The rules implicated by failing cases and ``also`` the run's other witnesses (its
    own games, :func:`own_witnesses`), most likely cause first (see the module): the order
    every report gives. A rule only the other witnesses implicate is said by ``said``."""
    failing, passing = witnesses(results)
    games: dict[str, set[str]] = defaultdict(set)
    example: dict[str, str] = {}
    must: dict[str, bool] = {}
    blamed = blames(results)
    for result in results:
        if result.status not in (FAIL, ERROR):
            continue
        blame = blamed[result.case.id]
        is_must = result.case.level == "must"
        for rule in _support(result, blame):
            games[rule].add(result.case.game)
            if rule not in example or (is_must and not must[rule]):  # a must case's words
                example[rule] = f"{result.case.id}: {'; '.join(blame.why)}"
                must[rule] = is_must
    for witness in also:  # an own game's scope is ("own games", its game)
        if isinstance(witness.scope, tuple) and len(witness.scope) == 2:
            for rule in witness.weights:
                games[rule].add(str(witness.scope[1]))
    return [
        Cause(
            one.rule,
            one.score,
            one.primary,
            one.touched,
            one.must,
            one.passing,
            tuple(sorted(games[one.rule])),
            example.get(one.rule) or (said or {}).get(one.rule, ""),
        )
        for one in rank([*failing, *also], passing)
    ]


def ranked_rules(results: Sequence[Result], also: Sequence[Witness] = ()) -> list[str]:
    """The likely causes' rules, most likely first, over the cases and ``also`` the other
    witnesses of the run (its own games: :func:`own_witnesses`)."""
    failing, passing = witnesses(results)
    return [one.rule for one in rank([*failing, *also], passing)]


def blamed_rules(results: Sequence[Result], also: Sequence[Witness] = ()) -> dict[str, str]:
    """The rule each failing case marks FAIL, by case ID (see the module): the first in
    the ranking of every witness of the run of the rules the case implicates."""
    causes = ranked_rules(results, also)
    rank = {rule: i for i, rule in enumerate(causes)}
    out = {}
    for result in results:
        if result.status not in (FAIL, ERROR):
            continue
        blame = implicated(result)
        game = find_game(result.case.game).rules
        wider = [rule for rule in causes if rule in game and rule.startswith(blame.families)]
        out[result.case.id] = min(
            (*blame.rules, *wider), key=lambda rule: rank.get(rule, len(rank))
        )
    return out


def run_blamed(run: Run) -> dict[str, str]:
    """The rule each failing case of the run marks FAIL, ranked over every witness of the
    run: its cases and its own games (:func:`blamed_rules`)."""
    return blamed_rules(run.results, own_witnesses(run))


#: How many likely causes a certificate shows (the JSON report has them all).
SHOWN = 5


def own_witnesses(run: Run) -> list[Witness]:
    """The run's own games as witnesses of the one ranking, beside the cases: each game
    is one (:func:`.misreadings.witnesses`), as each case is; none when no game was judged."""
    games = run.own_games
    if games is None or not games.judged:
        return []
    return misreadings.witnesses(games.observation.divergences)


def cause_texts(results: Sequence[Result], limit: int = SHOWN) -> list[str]:
    """The likely causes a certificate shows, most likely first, each in words."""
    return [cause.describe() for cause in likely_causes(results)[:limit]]


def cause_lines(results: Sequence[Result], limit: int = SHOWN) -> list[str]:
    """The likely causes block of a certificate: numbered, most likely first."""
    return [f"{i}. {text}" for i, text in enumerate(cause_texts(results, limit), 1)]


def causes_json(
    results: Sequence[Result],
    also: Sequence[Witness] = (),
    said: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """Every likely cause with its evidence, for the JSON report (:func:`likely_causes`)."""
    return [asdict(cause) for cause in likely_causes(results, also, said)]
