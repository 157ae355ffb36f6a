"""One ranking of likely causes, for every kind of evidence.

A *witness* is one input an implementation was judged on: a case of the suite, or one of
its own games audited step by step. A failing witness speaks against the rules it
implicates, each with a weight; a passing one speaks for the rules it involves. The
ranking weighs the two the same way whatever the witness is:

* **support** ``E``: the sum of the weights failing witnesses give the rule. A witness
  gives a rule at most 1, so one fault that recurs at every step of a game (188 tiles
  not offered after one forced opening) counts once per game, as a case counts once;
* **contrary evidence** ``A``: the sum of the weights passing witnesses of the same
  *scope* give it (a case's scope is its game and level; a passing case of another level
  says nothing of a rule it cannot see fail);
* **score** ``E * E / (E + A)``: the support scaled by the share of the evidence that is
  against the rule holding.

A rule some ``must`` witness implicates ranks above every rule only readings of an
interpretation implicate; then the higher score, the more witnesses that name it as
*their* rule (a case's primary rule, the one it exists to check; a game's rules that alone
explain one of its divergences), the more findings behind the support
(``mass``: the divergences before the cap of 1 per game), and then the rule named first
(a finding lists the rules that fit it in a fixed order, the likeliest first), so the
order is stable. How each kind of evidence weighs its rules is its own
(:mod:`fives_tools.certify.judge.causes` for the cases,
:mod:`fives_tools.certify.judge.misreadings` for the own games); the ranking is this one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Witness:
    """One input's word on the rules: a weight per rule (at most 1 each), whether it is a
    ``must`` witness, its scope, and the rules it names as its own (see the module)."""

    weights: Mapping[str, float]
    must: bool = True
    scope: Hashable = None
    primary: frozenset[str] = frozenset()
    #: the findings behind each weight before the cap (divergences of one game); the
    #: weights themselves when not given
    mass: Mapping[str, float] | None = None


@dataclass
class Standing:
    """Where one rule stands against the evidence."""

    rule: str
    support: float = 0.0
    against: float = 0.0
    primary: int = 0  # failing witnesses that name it as their own
    touched: int = 0  # other failing witnesses that implicate it
    must: int = 0  # failing must witnesses that implicate it
    passing: int = 0  # passing witnesses of its scopes that involve it
    mass: float = 0.0
    first: int = 0  # where a failing witness first named it, in the order they are given
    scopes: set[Hashable] = field(default_factory=set)

    @property
    def score(self) -> float:
        return self.support * self.support / (self.support + self.against)


def rank(failing: Iterable[Witness], passing: Iterable[Witness] = ()) -> list[Standing]:
    """Every rule a failing witness implicates, the likeliest cause first (see the module)."""
    standing: dict[str, Standing] = {}
    for witness in failing:
        mass = witness.mass if witness.mass is not None else witness.weights
        for rule, weight in witness.weights.items():
            one = standing.setdefault(rule, Standing(rule, first=len(standing)))
            one.support += min(weight, 1.0)
            one.mass += mass.get(rule, weight)
            if rule in witness.primary:
                one.primary += 1
            else:
                one.touched += 1
            one.must += witness.must
            one.scopes.add(witness.scope)
    for witness in passing:
        for rule, weight in witness.weights.items():
            cleared = standing.get(rule)
            if cleared is not None and witness.scope in cleared.scopes:
                cleared.against += weight
                cleared.passing += 1
    return sorted(standing.values(), key=_order)


def _order(one: Standing) -> tuple[bool, float, int, float, int]:
    return (not one.must, -one.score, -one.primary, -one.mass, one.first)


def capped(shares: Iterable[tuple[str, float]]) -> tuple[dict[str, float], dict[str, float]]:
    """The weights and the mass of one witness made of many findings (one game's
    divergences): each finding's shares summed per rule, the weight capped at 1."""
    mass: dict[str, float] = defaultdict(float)
    for rule, share in shares:
        mass[rule] += share
    return {rule: min(total, 1.0) for rule, total in mass.items()}, dict(mass)
