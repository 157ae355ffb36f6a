"""The certificate on the console: per game, a rule-by-level table, then every failure
with its citation, input, diff and a command that re-runs just that case."""

from __future__ import annotations

import io
import json
from collections import defaultdict
from typing import TextIO

from fives_engine import find_game, game_names
from fives_tools import levels
from fives_tools.runner import ERROR, FAIL, PASS, SKIP, STATUSES, Result, Run
from fives_tools.text import clean

SHORT = {
    levels.PLAY_SCORE: "score",
    levels.SCORING_ENDS: "ends",
    levels.ATTACH_POINTS: "attach",
    levels.CONNECTIONS: "conn",
    levels.TURN_FLOW: "turns",
    levels.SETTLEMENT: "settle",
    levels.MATCH_END: "match",
}

Cell = dict[str, int]


def table(run: Run) -> dict[str, dict[str, dict[str, Cell]]]:
    """game -> rule -> level -> status -> count."""
    out: dict[str, dict[str, dict[str, Cell]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(lambda: dict.fromkeys(STATUSES, 0)))
    )
    for result in run.results:
        for rule in result.case.rules:
            out[result.case.game][rule][result.case.capability][result.status] += 1
    return out


def verdict(cell: Cell | None) -> str:
    if not cell:
        return "-"
    if cell[ERROR]:
        return "ERROR"
    if cell[FAIL]:
        return "FAIL"
    if cell[PASS]:
        return "pass"
    return "skip"


def games_of(run: Run) -> list[str]:
    present = {r.case.game for r in run.results}
    return [g for g in game_names() if g in present] + sorted(present - set(game_names()))


def status_line(results: list[Result]) -> str:
    return ", ".join(f"{sum(1 for r in results if r.status == s)} {s}" for s in STATUSES)


def rerun_command(prefix: str, case_id: str) -> str:
    return f"{prefix} --case '{case_id}'"


def describe_failure(result: Result, rerun_prefix: str = "fives certify") -> str:
    case = result.case
    ruleset = find_game(case.game)
    known = " (known failure)" if result.known else ""
    lines = [f"{result.status.upper()}{known} {case.id} [{case.level}]: {case.title}"]
    for rule_id in case.rules:
        rule = ruleset.rules[rule_id]
        lines.append(f"  rule {rule_id}: {rule.statement}")
        lines.append(f"       source: {rule.cite}")
    lines.append(f"  input: {json.dumps(case.request, ensure_ascii=False)}")
    if result.message:
        lines.append(f"  {result.message}")
    for mismatch in result.mismatches:
        lines.append("  " + mismatch.describe().replace("\n", "\n  "))
    divide = (result.reply or {}).get("divide")
    if result.mismatches and isinstance(divide, dict) and "divide" not in case.expect:
        lines.append("  your count by first action (divide):")
        lines.extend(f"    {action}: {count}" for action, count in divide.items())
    lines.append(f"  re-run: {rerun_command(rerun_prefix, case.id)}")
    return "\n".join(lines)


def print_report(run: Run, out: TextIO, rerun_prefix: str = "fives certify") -> None:
    """Write the certificate to ``out``, every line made safe to show (:func:`clean`)."""
    buffer = io.StringIO()
    _write_report(run, buffer, rerun_prefix)
    out.write(clean(buffer.getvalue(), lines=True))


def _write_report(run: Run, out: TextIO, rerun_prefix: str) -> None:
    info = run.adapter
    out.write(
        f"\nCertificate for {info.name} ({info.language} {info.version}),"
        f" protocol {info.protocol}\n"
    )
    out.write("Declared levels: " + (", ".join(info.levels) or "(none)") + "\n")
    grid = table(run)
    cols = list(levels.LEVELS)
    for game in games_of(run):
        ruleset = find_game(game)
        results = [r for r in run.results if r.case.game == game]
        out.write(f"\n{ruleset.title} ({game}): {status_line(results)}\n")
        for level in cols:
            in_level = [r for r in results if r.case.capability == level]
            if in_level:
                out.write(f"  {level:<14} {status_line(in_level)}\n")
        width = max(len(rule) for rule in ruleset.rules)
        out.write(f"  {'rule':<{width}}  " + " ".join(f"{SHORT[c]:<6}" for c in cols) + "\n")
        for rule_id in ruleset.rules:
            cells = grid[game].get(rule_id, {})
            row = " ".join(f"{verdict(cells.get(c)):<6}" for c in cols)
            out.write(f"  {rule_id:<{width}}  {row}".rstrip() + "\n")
    bad = [r for r in run.results if r.status in (FAIL, ERROR)]
    if bad:
        out.write("\nFailures\n\n")
        for result in bad:
            out.write(describe_failure(result, rerun_prefix) + "\n\n")
    for case_id in run.fixed:
        out.write(f"now passing, remove from the known failures: {case_id}\n")
    out.write(
        f"\n{run.count(PASS)} passed, {run.count(FAIL)} failed, {run.count(ERROR)} errors,"
        f" {run.count(SKIP)} skipped of {len(run.results)} cases: "
        + ("CERTIFIED" if run.ok and run.count(PASS) else "NOT CERTIFIED")
        + "\n"
    )
