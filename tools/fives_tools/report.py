"""The certificate on the console: a per-game, per-rule table and every failure in full."""

from __future__ import annotations

from collections import defaultdict
from typing import TextIO

from fives_engine import find_game, game_names
from fives_tools.runner import ERROR, FAIL, PASS, SKIP, Result, Run

STATUSES = (PASS, FAIL, ERROR, SKIP)


def rule_table(run: Run) -> dict[str, dict[str, dict[str, int]]]:
    """game -> rule -> status -> count, over the cases that check each rule."""
    table: dict[str, dict[str, dict[str, int]]] = defaultdict(
        lambda: defaultdict(lambda: dict.fromkeys(STATUSES, 0))
    )
    for result in run.results:
        for rule in result.case.rules:
            table[result.case.game][rule][result.status] += 1
    return table


def _verdict(counts: dict[str, int]) -> str:
    if counts[ERROR]:
        return "ERROR"
    if counts[FAIL]:
        return "FAIL"
    if counts[PASS]:
        return "pass"
    return "skipped"


def describe_failure(result: Result) -> str:
    case = result.case
    ruleset = find_game(case.game)
    lines = [f"{result.status.upper()} {case.id} ({case.level}): {case.title}"]
    for rule_id in case.rules:
        rule = ruleset.rules[rule_id]
        lines.append(f"  rule {rule_id}: {rule.statement} [{rule.cite}]")
    lines.append(f"  input: {case.request}")
    if result.message:
        lines.append(f"  {result.message}")
    for mismatch in result.mismatches:
        lines.append("  " + mismatch.describe().replace("\n", "\n  "))
    lines.append(f"  re-run: fives certify --case '{case.id}'")
    return "\n".join(lines)


def print_report(run: Run, out: TextIO) -> None:
    info = run.adapter
    out.write(f"\nCertificate for {info.name} ({info.language} {info.version})\n")
    table = rule_table(run)
    order = game_names()
    for game in sorted(table, key=lambda g: (order.index(g) if g in order else len(order), g)):
        ruleset = find_game(game)
        cases = [r for r in run.results if r.case.game == game]
        counts = {s: sum(1 for r in cases if r.status == s) for s in STATUSES}
        out.write(
            f"\n{ruleset.title} ({game}): " + ", ".join(f"{counts[s]} {s}" for s in STATUSES) + "\n"
        )
        width = max(len(rule) for rule in ruleset.rules)
        for rule_id in ruleset.rules:
            c = table[game].get(rule_id)
            if c is None:
                out.write(f"  {rule_id:<{width}}  (no case)\n")
                continue
            tally = " ".join(f"{c[s]} {s}" for s in STATUSES if c[s])
            out.write(f"  {rule_id:<{width}}  {_verdict(c):<7} {tally}\n")
    bad = [r for r in run.results if r.status in (FAIL, ERROR)]
    if bad:
        out.write("\nFailures\n")
        for result in bad:
            out.write(describe_failure(result) + "\n\n")
    total = len(run.results)
    out.write(
        f"\n{run.count(PASS)} passed, {run.count(FAIL)} failed, {run.count(ERROR)} errors, "
        f"{run.count(SKIP)} skipped of {total} cases: "
        + ("CERTIFIED\n" if run.ok and run.count(PASS) else "NOT CERTIFIED\n")
    )
