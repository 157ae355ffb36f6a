"""The observation certificate on the console, short enough to read on a real engine.

An implementation's own games can diverge thousands of times; listing every one buried
the answer (7,311 lines on a real engine). The console says what to fix first: the likely
causes, each with the divergences it alone explains and its first example; per game the
rules that FAIL or are readings, the others counted; then per rule its first example in
full (how its numbers arise, the rule's quote, the re-run command) with the rest counted
and where to find them; the verdict last, where scripts and people read it. ``fives audit
-v`` lists every rule and every divergence.
"""

from __future__ import annotations

from collections import Counter

from fives_tools.certify.findings.observation import Observation, plural
from fives_tools.certify.findings.status import (
    FAIL,
    NOT_OBSERVED,
    PASS,
    READING,
    TAKEN,
    label,
)
from fives_tools.certify.judge import shown
from fives_tools.certify.reports.audit import (
    NOTES,
    Files,
    cause_text,
    describe,
    everything,
    followers,
    group_counts,
    note_lines,
    rest_text,
    rule_rows,
    unshown,
)
from fives_tools.text import clean_lines

#: How many notes of each kind (plays not decided, replays stopped, records unread) the
#: short console lists; ``-v`` lists them all.
NOTES_SHOWN = 10


def _rules(obs: Observation, game: str, verbose: bool, json_path: str | None) -> list[str]:
    """The game's rule table: every rule with ``verbose``, else those that FAIL or are
    readings, the others counted by status."""
    rows = rule_rows(obs, game)
    listed = rows if verbose else [row for row in rows if row[1] in (FAIL, READING)]
    lines = [f"  {'rule':40} {'status':13} exercised"] if listed else []
    for rule, status, count, failed in listed:
        fails = f" ({failed} failed)" if failed else ""
        lines.append(f"  {rule:40} {label(status):13} {count}{fails}")
    if not verbose:
        others = Counter(status for _, status, _, _ in rows if status not in (FAIL, READING))
        counted = ", ".join(f"{others[s]} {s}" for s in (PASS, TAKEN, NOT_OBSERVED) if others[s])
        if counted:
            where = everything(json_path)
            lines.append(f"  other rules: {counted} (listed with -v; all {where})")
    return lines


def _divergences(obs: Observation, files: list[Files | None], json_path: str | None) -> list[str]:
    """Per rule its first example in full, its consequences counted with it, the rest
    counted and where they are."""
    lines = []
    for group in shown.groups(obs, 1):
        lines += ["", f"{group.rule}: {group_counts(group)}"]
        for number in group.shown:
            div, written = obs.divergences[number - 1], files[number - 1]
            lines += describe(number, div, written)
            lines += followers(obs, number, shown.PER_RULE)
        if group.rest:
            lines.append(f"  {rest_text(group, json_path)}")
    return lines


def console(
    obs: Observation,
    files: list[Files | None] | None = None,
    *,
    verbose: bool = False,
    json_path: str | None = None,
) -> str:
    """The certificate as printed; ``json_path``, the JSON report written, if any."""
    files = files or [None] * len(obs.divergences)
    games = ", ".join(sorted(obs.games)) or "no game"
    lines = [f"fives audit: {plural(obs.records, 'record')} of {games}"]
    found = shown.causes(obs)
    if found:
        lines += ["", "likely causes, most likely first:"]
        lines += [f"  {i}. {cause_text(obs, c)}" for i, c in enumerate(found, 1)]
    for game, tally in sorted(obs.games.items()):
        lines += [
            "",
            f"{game}: {plural(tally.records, 'record')}, {plural(tally.hands, 'hand')},"
            f" {plural(tally.actions, 'action')}",
            *_rules(obs, game, verbose, json_path),
            "  not shown by the records:",
            *(f"    {u}" for u in unshown(obs, game)),
        ]
    if verbose:
        for number, (div, written) in enumerate(zip(obs.divergences, files, strict=True), 1):
            lines += ["", *describe(number, div, written)]
    else:
        lines += _divergences(obs, files, json_path)
    for title, name in NOTES:
        notes = getattr(obs, name)
        if notes:
            listed = note_lines(notes, None if verbose else NOTES_SHOWN, json_path)
            lines += ["", title, *(f"  {line}" for line in listed)]
    lines += ["", obs.verdict()]
    return clean_lines(lines) + "\n"  # record text is untrusted
