"""The implementation's own games in the certificate: what every output (console, JSON,
JUnit, Markdown, HTML, badges, the comparison) shows of them, gathered here once.

* each game's rule table gains a ``games`` column: pass, FAIL, reading, or ``-`` where no
  checked step of its games exercised the rule (never a pass);
* the likely causes go on after the cases' with the rules its games break, each with its
  first divergence in the record's own terms;
* an "Own games" block gives the audit's verdict and, per rule, the first divergence of
  its own in full with how many more there are (the whole list is in the JSON report and
  in ``fives audit``): one fault is shown once, not once per step it recurs at;
* JUnit gets one test case per rule the games exercised.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.findings.status import FAIL, READING, label
from fives_tools.certify.judge import shown
from fives_tools.certify.own_games import UNSEEN, OwnGames
from fives_tools.certify.reports import audit as audit_report
from fives_tools.certify.reports.audit_junit import rule_cases
from fives_tools.certify.runner import Run
from fives_tools.text import plural

#: The rule table's column of the own games, and what it shows where levels are named.
COLUMN = "games"
ABOUT = (
    "the implementation's own games, audited step by step (pass, FAIL, reading; - where"
    " no checked step exercised the rule)"
)


def judged(run: Run) -> OwnGames | None:
    """The run's own games when some were judged (None: not looked for, or none judged)."""
    games = run.own_games
    return games if games is not None and games.judged else None


def column(run: Run, game: str, rule: str) -> str | None:
    """The rule's own-games word in ``game``; None when the run judged no own game."""
    games = judged(run)
    return None if games is None else label(games.status(game, rule))


def shows(run: Run, game: str, rule: str) -> bool:
    """The rule has something to say in the own-games column (a rule no case of the
    declared levels checks still gets its row when the games exercised it)."""
    return column(run, game, rule) not in (None, UNSEEN)


def example(div: Finding) -> str:
    """A divergence in one line, in the record's own terms."""
    return f"{audit_report.where(div)}: {div.what}; expected {div.expected}, recorded {div.got}"


def causes(run: Run) -> list[tuple[str, str]]:
    """(rule, text) for each rule the own games break, as the audit ranks them
    (:func:`.shown.causes`: the rule that alone explains most divergences first),
    ``must`` rules before readings, each with its first example; nothing when the games
    diverge nowhere."""
    games = judged(run)
    if games is None:
        return []
    obs = games.observation
    groups = {group.rule: group for group in shown.groups(obs, 1)}
    out: list[tuple[bool, str, str]] = []
    for cause in shown.causes(obs):
        group = groups.get(cause.rule)
        if group is None:
            continue  # a candidate the ranking kept none of the divergences for
        first = obs.divergences[cause.example - 1]
        kind = (
            f" (a reading of {first.interpretation}, not held against it)" if cause.reading else ""
        )
        sure = "" if cause.alone == cause.shared else f", {cause.alone} explained by it alone"
        text = (
            f"{cause.rule}: {audit_report.group_counts(group)} in its own games{sure}{kind}"
            f" ({', '.join(_games_of(obs, group.numbers))}). For example {example(first)}"
        )
        out.append((cause.reading, cause.rule, text))
    return [(rule, text) for _, rule, text in sorted(out, key=lambda found: found[0])]


def _games_of(obs: Observation, numbers: tuple[int, ...]) -> list[str]:
    return sorted({obs.divergences[n - 1].game for n in numbers})


def also(run: Run, rule: str) -> str:
    """What a likely cause of the cases adds when the own games break the rule too."""
    games = judged(run)
    if games is None:
        return ""
    mine = [d for d in games.observation.divergences if d.counted and d.rule == rule]
    return f"; its own games break it too ({plural(len(mine), 'divergence')})" if mine else ""


def block_lines(run: Run) -> list[str]:
    """The console's "Own games" block: the audit's verdict line, or why no game was
    judged; per rule its first divergence in full (as ``fives audit`` shows it), its
    consequences and the rest counted."""
    games = run.own_games
    if games is None:
        return []
    lines = [games.line()]
    if not games.judged:
        return lines
    obs = games.observation
    for group in shown.groups(obs, 1):
        lines += ["", f"  {group.rule}: {audit_report.group_counts(group)}"]
        for number in group.shown:
            lines += [
                f"  {line}"
                for line in audit_report.describe(number, obs.divergences[number - 1], None)
            ]
            lines += [f"  {line}" for line in audit_report.followers(obs, number, shown.PER_RULE)]
        if group.rest:
            lines.append(
                f"    and {group.rest} more of this rule (all in the JSON report, each with its"
                " re-run command; or fives audit)"
            )
    if games.unjudged:
        lines += ["", "  not judged by its own games:"]
        lines += [f"    {game}: {rule}: {why}" for game, rule, why in games.unjudged]
    for title, name in audit_report.NOTES:
        notes = getattr(obs, name)
        if notes:
            lines += ["", f"  {title}"]
            lines += [f"    {line}" for line in audit_report.note_lines(notes, NOTES_SHOWN)]
    return lines


#: How many notes of each kind (plays not decided, replays stopped, games not given) the
#: certificate lists; the JSON report has them all.
NOTES_SHOWN = 5


def to_json(run: Run) -> dict[str, Any] | None:
    """The own games in the JSON report: where they came from, why none was judged, and
    the audit's report (``fives audit --json``'s), every divergence in it but only the
    first of each rule with the record prefix that shows it: a prefix is the record up to
    that step, and thousands of them made a report of gigabytes. The others' re-run
    command gives theirs."""
    games = run.own_games
    if games is None:
        return None
    return {
        "source": games.source,
        "skipped": games.skipped or None,
        "withholds": games.withholds,
        "reasons": games.reasons(),
        "unjudged": [{"game": g, "rule": r, "why": w} for g, r, w in games.unjudged],
        "audit": audit_report.to_json(_first_prefixes(games.observation)) if games.judged else None,
    }


def _first_prefixes(obs: Observation) -> Observation:
    """``obs`` with the record prefix kept on the first divergence of each rule only."""
    firsts = shown.shown(obs, 1)
    divergences = [
        d if number in firsts else replace(d, prefix={}, table_record=None)
        for number, d in enumerate(obs.divergences, 1)
    ]
    return replace(obs, divergences=divergences)


def junit_cases(run: Run, game: str) -> list[tuple[str, str, str]]:
    """(rule, status, message) per rule the game's own games exercised: a failure for
    FAIL, a skip for a reading (answered otherwise, not held against it), else a pass
    (the audit's own JUnit cases, :func:`.audit_junit.rule_cases`)."""
    games = judged(run)
    if games is None or game not in games.observation.games:
        return []
    divergences = games.observation.divergences
    return [
        (rule, status, example(divergences[first - 1]) if first is not None else "")
        for rule, status, first in rule_cases(games.observation, game)
    ]


__all__ = [
    "ABOUT",
    "COLUMN",
    "FAIL",
    "READING",
    "also",
    "block_lines",
    "causes",
    "column",
    "judged",
    "junit_cases",
    "to_json",
]
