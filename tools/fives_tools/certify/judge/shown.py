"""Which divergences the observation certificate shows, the same in every report.

A broken rule diverges again and again in an implementation's own games: thousands of
divergences on a real engine, most saying what the first one says. Each report therefore
shows, per rule, its first few examples (the shortest record prefixes, which read first)
and counts the rest; the JSON report keeps them all. A divergence that follows from an
earlier one (a winner after a wrong score: ``Finding.consequence_of``) is shown with its
cause and counted there, never as a divergence of its own rule; a rule whose divergences
are all readings of an interpretation answered otherwise is a reading, never a failure.
``fives audit --prefixes`` writes files for the examples shown, and only for those: the
rest are one re-run command away.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Observation, length
from fives_tools.certify.findings.status import MUST
from fives_tools.certify.judge.misreadings import candidates, choose, likely_causes

#: How many divergences of each rule the Markdown and HTML reports show (the console one,
#: the JSON all of them): the first few show a broken rule.
PER_RULE = 3


@dataclass(frozen=True)
class RuleGroup:
    """The divergences of their own that one rule is kept for, numbered from 1 as in
    ``Observation.divergences``; ``shown`` are the examples, in order."""

    rule: str
    numbers: tuple[int, ...]
    shown: tuple[int, ...]
    consequences: int  # divergences that follow from these, counted with them
    reading: bool  # all implementation-defined: a reading answered otherwise, no failure

    @property
    def rest(self) -> int:
        """How many of the rule's divergences the report does not show."""
        return len(self.numbers) - len(self.shown)


def consequences(divergences: list[Finding]) -> dict[int, list[int]]:
    """The numbers of the divergences that follow from each cause, by the cause's number;
    a consequence of a consequence is counted with the first cause."""
    out: dict[int, list[int]] = {}
    for number, div in enumerate(divergences, 1):
        cause = div.consequence_of
        seen = {number}
        while cause is not None and 0 < cause <= len(divergences) and cause not in seen:
            seen.add(cause)
            if divergences[cause - 1].consequence_of is None:
                out.setdefault(cause, []).append(number)
                break
            cause = divergences[cause - 1].consequence_of
    return out


def ranking(obs: Observation) -> list[str]:
    """The likely causes of the observation's divergences, ranked once
    (:func:`fives_tools.certify.judge.misreadings.likely_causes`): every report form of one
    audit reads the same ranking, made again only when the divergences change."""
    key = (id(obs.divergences), len(obs.divergences))
    if obs.ranking is None or obs.ranking[:2] != key:
        obs.ranking = (*key, likely_causes(obs.divergences))
    return obs.ranking[2]


def rejudge(obs: Observation) -> None:
    """Give each divergence with several candidate rules the one that ranks first over
    the observation (:func:`ranking`), then count the failures per game and rule: only a
    ``must`` divergence of its own is one (a consequence of an earlier divergence, or a
    reading of an interpretation answered otherwise, is shown but counts for no rule).

    The ranking over every divergence orders the ``must`` rules as the ranking of the
    ``must`` divergences alone does (they rank before every rule only readings name), so
    the reports read the same one, kept with the divergences."""
    ranked = ranking(obs)
    obs.divergences = [
        replace(d, rule=choose(d.candidates, ranked)) if len(d.candidates) > 1 else d
        for d in obs.divergences
    ]
    obs.ranking = (id(obs.divergences), len(obs.divergences), ranked)
    for game, tally in obs.games.items():
        tally.failed = Counter(d.rule for d in obs.against if d.game == game)
        for rule, count in tally.failed.items():  # a failing step exercised its rule
            tally.exercised[rule] = max(tally.exercised[rule], count)


def groups(obs: Observation, per_rule: int = PER_RULE) -> list[RuleGroup]:
    """Every rule kept for a divergence of its own, the likeliest cause first (then in the
    order the rules first diverge), with its ``per_rule`` shortest examples and the count
    of consequences that go with it."""
    following = consequences(obs.divergences)
    numbered: dict[str, list[int]] = {}
    for number, div in enumerate(obs.divergences, 1):
        if div.counted:
            numbered.setdefault(div.rule, []).append(number)
    out = []
    for rule, numbers in numbered.items():
        divs = [obs.divergences[n - 1] for n in numbers]
        shortest = sorted(numbers, key=lambda n: _shortness(obs.divergences[n - 1], n))
        out.append(
            RuleGroup(
                rule=rule,
                numbers=tuple(numbers),
                shown=tuple(sorted(shortest[:per_rule])),
                consequences=sum(len(following.get(n, ())) for n in numbers),
                reading=all(d.requirement != MUST for d in divs),
            )
        )
    ranked = ranking(obs)
    return sorted(out, key=lambda group: ranked.index(group.rule))


def shown(obs: Observation, per_rule: int = PER_RULE) -> set[int]:
    """The numbers of the divergences the reports show as examples of their rules."""
    return {n for group in groups(obs, per_rule) for n in group.shown}


@dataclass(frozen=True)
class Cause:
    """A rule that may explain divergences, with how many it alone explains, how many it
    may, whether they are only readings, and the example the reports show first."""

    rule: str
    alone: int
    shared: int
    reading: bool
    example: int


def causes(obs: Observation) -> list[Cause]:
    """The rules behind the divergences of their own, in the one ranking of likely causes
    (:func:`fives_tools.certify.judge.misreadings.likely_causes`); consequences are
    explained by their causes."""
    counted = [(n, d) for n, d in enumerate(obs.divergences, 1) if d.counted]
    examples = {group.rule: group.shown[0] for group in groups(obs, 1)}
    out = []
    for rule in ranking(obs):
        naming = [(n, d) for n, d in counted if rule in candidates(d)]
        alone = sum(candidates(d) == (rule,) for _, d in naming)
        example = examples.get(rule, naming[0][0])
        reading = all(d.requirement != MUST for _, d in naming)
        out.append(Cause(rule, alone, len(naming), reading, example))
    return out


def _shortness(div: Finding, number: int) -> tuple[bool, int, int]:
    """The order the examples of a rule are shown in: those whose record prefix the audit
    kept (:meth:`.Observation.bound`), the shortest first."""
    return (not div.prefix, length(div), number)
