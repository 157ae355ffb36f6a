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

from fives_tools.certify.observe import report as audit_report
from fives_tools.certify.observe.diagnose import likely_causes
from fives_tools.certify.observe.model import (
    FAIL,
    IMPLEMENTATION_DEFINED,
    READING,
    Divergence,
    Observation,
)
from fives_tools.certify.own_games import UNSEEN, OwnGames, first_per_rule
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
    return None if games is None else games.status(game, rule)


def shows(run: Run, game: str, rule: str) -> bool:
    """The rule has something to say in the own-games column (a rule no case of the
    declared levels checks still gets its row when the games exercised it)."""
    return column(run, game, rule) not in (None, UNSEEN)


def _where(div: Divergence) -> str:
    at = f", action {div.action}" if div.action is not None else ""
    return f"{div.record}, hand {div.hand}{at}"


def example(div: Divergence) -> str:
    """A divergence in one line, in the record's own terms."""
    return f"{_where(div)}: {div.what}; expected {div.expected}, recorded {div.got}"


def causes(run: Run) -> list[tuple[str, str]]:
    """(rule, text) for each rule the own games break, most likely first (the audit's
    ranking: the rule that alone explains most divergences), ``must`` rules before
    readings, each with its first divergence; nothing when the games diverge nowhere."""
    games = judged(run)
    if games is None:
        return []
    counted = [d for d in games.observation.divergences if d.counted]
    ranked = likely_causes([d.candidates or (d.rule,) for d in counted])
    out: list[tuple[bool, str, str]] = []
    for rule, alone, shared in ranked:
        mine = [d for d in counted if d.rule == rule]
        if not mine:
            continue  # a candidate the ranking gave none of the divergences to
        first = mine[0]
        reading = all(d.requirement == IMPLEMENTATION_DEFINED for d in mine)
        kind = f" (a reading of {first.interpretation}, not held against it)" if reading else ""
        sure = "" if alone == shared else f", {alone} explained by it alone"
        text = (
            f"{rule}: {plural(len(mine), 'divergence')} in its own games{sure}{kind}"
            f" ({', '.join(sorted({d.game for d in mine}))}). For example {example(first)}"
        )
        out.append((reading, rule, text))
    return [(rule, text) for _, rule, text in sorted(out, key=lambda found: found[0])]


def also(run: Run, rule: str) -> str:
    """What a likely cause of the cases adds when the own games break the rule too."""
    games = judged(run)
    if games is None:
        return ""
    mine = [d for d in games.observation.divergences if d.counted and d.rule == rule]
    return f"; its own games break it too ({plural(len(mine), 'divergence')})" if mine else ""


def block_lines(run: Run) -> list[str]:
    """The console's "Own games" block: the audit's verdict line, or why no game was
    judged; per rule its first divergence in full, with the rest counted."""
    games = run.own_games
    if games is None:
        return []
    lines = [games.line()]
    if not games.judged:
        return lines
    obs = games.observation
    for number, div, more in first_per_rule(obs):
        described = audit_report.describe(number, div, None)
        if div.requirement == IMPLEMENTATION_DEFINED:
            described[0] += f" (a reading of {div.interpretation}: not held against it)"
        lines += ["", *(f"  {line}" for line in described)]
        following = sum(d.consequence_of == number for d in obs.divergences)
        rest = []
        if more:
            rest.append(f"{plural(more, 'more divergence')} of this rule")
        if following:
            rest.append(f"{plural(following, 'consequence')} of it")
        if rest:
            lines.append(f"  and {' and '.join(rest)} (all in the JSON report, or fives audit)")
    for title, notes in (
        ("not given:", obs.unreadable),
        ("replays stopped early:", obs.stopped),
        ("could not decide (not judged):", obs.undecided),
    ):
        if notes:
            lines += ["", f"  {title}"]
            lines += [f"    {n.record}, hand {n.hand}: {n.text}" for n in notes[:5]]
            if len(notes) > 5:
                lines.append(f"    and {len(notes) - 5} more")
    return lines


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
        "audit": audit_report.to_json(_first_prefixes(games.observation))
        if games.judged
        else None,
    }


def _first_prefixes(obs: Observation) -> Observation:
    """``obs`` with the record prefix kept on the first divergence of each rule only."""
    firsts = {number for number, _, _ in first_per_rule(obs)}
    divergences = [
        d if number in firsts else replace(d, prefix={}, table_record=None)
        for number, d in enumerate(obs.divergences, 1)
    ]
    return replace(obs, divergences=divergences)


def junit_cases(run: Run, game: str) -> list[tuple[str, str, str]]:
    """(rule, status, message) per rule the game's own games exercised: a failure for
    FAIL, a skip for a reading (answered otherwise, not held against it), else a pass."""
    games = judged(run)
    if games is None or game not in games.observation.games:
        return []
    firsts = {
        (d.game, d.rule): d
        for d in reversed(games.observation.divergences)
        if d.counted and d.game == game
    }
    out = []
    for rule, status, exercised, _failed in audit_report.rule_rows(games.observation, game):
        if status not in (FAIL, READING) and not exercised:
            continue
        div = firsts.get((game, rule))
        out.append((rule, status, example(div) if div is not None else ""))
    return out


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
