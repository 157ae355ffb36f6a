"""The certificate on the console: per game, a rule-by-level table, then every failure
with its citation, input, diff and a command that re-runs just that case, and the likely
causes of the failures.

A failing case marks FAIL (or ERROR) only on the rule it blames: of the rules its differing
fields implicate, the most likely cause of the run's failures (:mod:`.causes`); the other
rules it involves show "affected", its primary rule too when its fields do not implicate
it, so that one broken rule does not light up every rule its cases happen to involve.
The likely causes open the certificate: they say what to fix."""

from __future__ import annotations

import io
import json
from collections import defaultdict
from typing import TextIO

from fives_engine import find_game, game_names
from fives_tools import rerun
from fives_tools.certify import places as forms
from fives_tools.certify.cases import levels
from fives_tools.certify.cases.fixture_file import expected_at
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.findings.status import ERROR, FAIL, PASS, SKIP, STATUSES
from fives_tools.certify.judge.blame import implicated
from fives_tools.certify.judge.causes import (
    SHOWN,
    likely_causes,
    own_witnesses,
    ranked_rules,
    run_blamed,
)
from fives_tools.certify.judge.coverage import coverage
from fives_tools.certify.judge.verdict import CERTIFIED, PARTIAL, Verdict, decide
from fives_tools.certify.reports import fuzzed, own_games
from fives_tools.certify.reports.readings import HEADING as READINGS_HEADING
from fives_tools.certify.reports.readings import held_against_line, reading_lines
from fives_tools.certify.reports.refusals import refusal_line
from fives_tools.certify.runner import Result, Run
from fives_tools.text import clean, plural

#: A rule touched by a failing case that blames another one.
AFFECTED = "affected"

#: The heading of the likely causes, which open every certificate.
CAUSES_HEADING = "Likely causes (rules that best explain the failures, most likely first)"

SHORT = {
    levels.PLAY_SCORE: "score",
    levels.SCORE_TABLE: "table",
    levels.SCORING_ENDS: "ends",
    levels.ATTACH_POINTS: "attach",
    levels.CONNECTIONS: "conn",
    levels.TURN_FLOW: "turns",
    levels.SETTLEMENT: "settle",
    levels.MATCH_END: "match",
}

Cell = dict[str, int]


def legend(cols: list[str], games_column: bool) -> str:
    """What the matrices' short column heads stand for, said once before them."""
    heads = [f"{SHORT[c]} = {c}" for c in cols]
    if games_column:
        heads.append(f"{own_games.COLUMN} = the implementation's own games, audited")
    return (
        "\nEach game's rules by level (" + ", ".join(heads) + "): the worst result of the"
        " rule's cases there (pass, FAIL, ERROR, affected: following from another failure,"
        " skip), - where it has none\n"
    )


def table(run: Run) -> dict[str, dict[str, dict[str, Cell]]]:
    """game -> rule -> level -> status -> count; a failure counts as such only for the
    rule the case blames (:func:`.causes.blamed_rules`), as ``affected`` for the others."""
    blamed = run_blamed(run)
    out: dict[str, dict[str, dict[str, Cell]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(lambda: dict.fromkeys((*STATUSES, AFFECTED), 0)))
    )
    for result in run.results:
        case = result.case
        blame = blamed.get(case.id)
        for rule in (*case.rules, *([blame] if blame and blame not in case.rules else [])):
            status = result.status
            if status in (FAIL, ERROR) and rule != blame:
                status = AFFECTED
            out[case.game][rule][case.capability][status] += 1
    return out


def verdict(cell: Cell | None) -> str:
    if not cell:
        return "-"
    if cell[ERROR]:
        return "ERROR"
    if cell[FAIL]:
        return "FAIL"
    if cell.get(AFFECTED):
        return AFFECTED
    if cell[PASS]:
        return "pass"
    return "skip"


def games_of(run: Run) -> list[str]:
    """The games with a case the implementation declares, in the suite's order (each
    undeclared game is a line of the coverage, not a table)."""
    present = {r.case.game for r in run.declared}
    return [g for g in game_names() if g in present] + sorted(present - set(game_names()))


def declared_levels(run: Run) -> list[str]:
    """The table's columns: the levels the implementation declares, in the suite's order."""
    return [level for level in levels.LEVELS if level in run.adapter.levels]


def status_line(results: list[Result]) -> str:
    return ", ".join(f"{sum(1 for r in results if r.status == s)} {s}" for s in STATUSES)


def counts_text(run: Run) -> str:
    """``27 passed, 2 failed, 1 error, 545 skipped``: the closing line's counts."""
    return (
        f"{run.count(PASS)} passed, {run.count(FAIL)} failed,"
        f" {plural(run.count(ERROR), 'error')}, {run.count(SKIP)} skipped"
    )


def rerun_command(prefix: str, case_id: str, case_option: str = "--case") -> str:
    """The command that runs the one case again."""
    return rerun.more(prefix, case_option, case_id)


def paint(text: str, colour: str) -> str:
    """``text`` in an ANSI colour (``green``, ``yellow``, ``red``)."""
    codes = {"green": "32", "yellow": "33", "red": "31"}
    return f"\x1b[1;{codes[colour]}m{text}\x1b[0m"


def verdict_colour(verdict: Verdict) -> str:
    return {CERTIFIED: "green", PARTIAL: "yellow"}.get(verdict.kind, "red")


def undecided_lines(run: Run) -> list[str]:
    """The cases the pips form could not decide: one line per reason, with their IDs."""
    return forms.by_reason((r.case.id, r.message) for r in run.undecided)


def now_passing_lines(run: Run) -> list[str]:
    """The known-failures entries to remove: a count, then one line per entry."""
    if not run.fixed:
        return []
    lines = [
        f"{len(run.fixed)} known-failures "
        + ("entry now passes" if len(run.fixed) == 1 else "entries now pass")
        + ": remove from the known failures"
    ]
    lines += [f"  {fixed_entry(entry, n)}" for entry, n in run.fixed]
    return lines


def fixed_entry(entry: str, cases: int) -> str:
    """A known-failures entry that now passes, with its count when it is a glob of many."""
    return entry + (f" ({cases} cases)" if cases > 1 else "")


def _one_line(mismatch: Mismatch) -> str:
    """:meth:`Mismatch.describe` on one line (the differing keys, the missing and extra
    items), cut to a readable length."""
    head, _, rest = mismatch.describe().partition(":\n    ")
    text = f"{head}: {'; '.join(rest.split(chr(10) + '    '))}" if rest else head
    return text if len(text) <= 300 else text[:299] + "…"


def failure_summary(result: Result, blamed: str = "") -> str:
    """One line: the rule the run blames for the failure (:func:`.causes.blamed_rules`),
    or, with no run to rank them, every rule it implicates (:mod:`.blame`); why, in the
    implementation's own terms; then each differing field with expected and got (or the
    error message). Used where a full description does not fit: JUnit's failure message
    and pytest's short summary."""
    blame = implicated(result)
    rules = blamed or " or ".join(blame.rules)
    if result.mismatches:
        what = "; ".join(_one_line(m) for m in result.mismatches)
        return f"{rules}: {'; '.join(blame.why)} ({what})"
    what = result.message.splitlines()[0] if result.message else result.status
    return f"{rules}: {what}"


def describe_failure(
    result: Result, rerun_prefix: str = "fives certify", case_option: str = "--case"
) -> str:
    case = result.case
    ruleset = find_game(case.game)
    known = " (known failure)" if result.known else ""
    lines = [f"{result.status.upper()}{known} {case.id} [{case.level}]: {case.title}"]
    blame = implicated(result)
    lines.append(f"  implicates {', '.join(blame.rules)}: {'; '.join(blame.why)}")
    for rule_id in sorted(case.rules, key=lambda r: r != case.primary):
        rule = ruleset.rules[rule_id]
        label = "rule" if rule_id == case.primary or not case.primary else "touches"
        lines.append(f"  {label} {rule_id}: {rule.statement}")
        lines.append(f"       source: {rule.cite}")
    lines.append(f"  input: {json.dumps(case.request, ensure_ascii=False)}")
    held = held_against_line(result)
    if held:
        lines.append(f"  {held}")
    if result.message:
        lines.append(f"  {result.message}")
    for mismatch in result.mismatches:
        lines.append("  " + mismatch.describe().replace("\n", "\n  "))
    divide = (result.reply or {}).get("divide")
    if result.mismatches and isinstance(divide, dict) and "divide" not in result.expect:
        lines.append("  your count by first action (divide):")
        lines.extend(f"    {action}: {count}" for action, count in divide.items())
    fields = [m.field for m in result.mismatches]
    lines.append(f"  worked by hand in: {expected_at(case, fields)}")
    lines.append(f"  re-run: {rerun_command(rerun_prefix, case.id, case_option)}")
    return "\n".join(lines)


def print_report(
    run: Run, out: TextIO, rerun_prefix: str = "fives certify", colour: bool = False
) -> None:
    """Write the certificate to ``out``, every line made safe to show (:func:`clean`);
    colour goes on after cleaning, so only the report's own escapes reach the terminal."""
    buffer = io.StringIO()
    _write_report(run, buffer, rerun_prefix)
    text = clean(buffer.getvalue(), lines=True)
    if colour:
        text = _coloured(text, decide(run))
    out.write(text)


def _coloured(text: str, found: Verdict) -> str:
    """The failure headings in red (known failures in yellow) and the verdict coloured."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith((f"{FAIL.upper()} ", f"{ERROR.upper()} ")):
            lines[i] = paint(line, "yellow" if "(known failure)" in line else "red")
        elif line.endswith(f": {found.text}"):
            head = line[: -len(found.text)]
            lines[i] = head + paint(found.text, verdict_colour(found))
    return "\n".join(lines)


def coverage_block(run: Run) -> str:
    """What the run covers: the heading, then one line per game."""
    covered = coverage(run)
    return f"{covered.heading}:\n" + "".join(f"  {line}\n" for line in covered.lines())


def _write_report(run: Run, out: TextIO, rerun_prefix: str) -> None:
    info = run.adapter
    out.write(
        f"\nCertificate for {info.name} ({info.language} {info.version}),"
        f" protocol {info.protocol}\n"
    )
    out.write("Declared games: " + (", ".join(info.games) or "(none)"))
    out.write("; players: " + ", ".join(map(str, info.players)) + "\n")
    out.write("Declared levels: " + (", ".join(info.levels) or "(none)") + "\n")
    out.write(f"Places: {forms.form_text(info.places)}\n")
    if run.filters.options():
        out.write(f"Filters: {run.filters.options()}\n")
    bad = [r for r in run.results if r.status in (FAIL, ERROR)]
    causes = all_cause_lines(run)
    if causes:
        out.write(f"\n{CAUSES_HEADING}\n")
        out.write("".join(f"  {line}\n" for line in causes))
    out.write(coverage_block(run))
    grid = table(run)
    cols = declared_levels(run)
    games_column = own_games.judged(run) is not None
    out.write(legend(cols, games_column))
    for game in games_of(run):
        ruleset = find_game(game)
        results = [r for r in run.declared if r.case.game == game]
        out.write(f"\n{ruleset.title} ({game}): {status_line(results)}\n")
        for level in cols:
            in_level = [r for r in results if r.case.capability == level]
            if in_level:
                out.write(f"  {level:<14} {status_line(in_level)}\n")
        width = max(len(rule) for rule in ruleset.rules)
        heads = [SHORT[c] for c in cols] + ([own_games.COLUMN] if games_column else [])
        out.write(f"  {'rule':<{width}}  " + " ".join(f"{h:<8}" for h in heads) + "\n")
        for rule_id in ruleset.rules:
            cells = grid[game].get(rule_id, {})
            if not any(cells.get(c) for c in cols) and not own_games.shows(run, game, rule_id):
                continue  # neither a case of the declared levels nor a game checks it
            words = [verdict(cells.get(c)) for c in cols]
            words += [own_games.column(run, game, rule_id) or ""] if games_column else []
            row = " ".join(f"{word:<8}" for word in words)
            out.write(f"  {rule_id:<{width}}  {row}".rstrip() + "\n")
    readings = reading_lines(run.declared)
    if readings:
        out.write(f"\n{READINGS_HEADING}\n")
        out.write("".join(f"  {line}\n" for line in readings))
    if bad:
        out.write("\nFailures\n\n")
        for result in bad:
            out.write(describe_failure(result, rerun_prefix) + "\n\n")
    if run.undecided:
        out.write(f"\nNot decidable in the pips form ({len(run.undecided)} cases)\n")
        out.write("".join(f"  {line}\n" for line in undecided_lines(run)))
    for line in now_passing_lines(run):
        out.write(line + "\n")
    refusals = refusal_line(run.results)
    if refusals:
        out.write(f"\n{refusals}\n")
    for block in (own_games.block_lines(run), fuzzed.block_lines(run)):
        if block:
            out.write("\n" + "\n".join(block) + "\n")
    found = decide(run)
    if found.left_out:
        out.write(f"\nLeft out by the filters: {found.left_out_text()}\n")
    out.write(f"\n{verdict_line(run)}\n")


def all_cause_texts(run: Run, limit: int | None = None) -> list[str]:
    """The likely causes of every kind of evidence, each rule once, in the one ranking of
    the cases and the own games together (:func:`.causes.ranked_rules`). A rule the failing
    cases implicate is said as they say it (its first ``SHOWN`` of them), adding that the
    own games break it too when they do; a rule only the own games break, with its first
    divergence in the record's own terms."""
    cases = {cause.rule: cause for cause in likely_causes(run.results)[:SHOWN]}
    games = dict(own_games.causes(run))
    texts = []
    for rule in ranked_rules(run.results, own_witnesses(run)):
        if rule in cases:
            texts.append(cases[rule].describe() + own_games.also(run, rule))
        elif rule in games:
            texts.append(games[rule])
    return texts if limit is None else texts[:limit]


def all_cause_lines(run: Run) -> list[str]:
    """The likely causes block of a certificate: numbered, most likely first."""
    return [f"{i}. {text}" for i, text in enumerate(all_cause_texts(run), 1)]


def verdict_line(run: Run) -> str:
    """The certificate's last line: the counts, then the verdict."""
    return f"{counts_text(run)} of {len(run.results)} cases: {decide(run).text}"


def print_quiet(run: Run, out: TextIO, colour: bool = False) -> None:
    """What ``certify -q`` prints: the verdict line and, when a case failed, the most
    likely cause, the rule to look at first. The whole certificate is a run without
    ``-q`` away, or in the report files."""
    lines = [verdict_line(run)]
    lines += [f"likely cause: {text}" for text in all_cause_texts(run, limit=1)]
    text = clean("\n".join(lines) + "\n", lines=True)
    out.write(_coloured(text, decide(run)) if colour else text)
