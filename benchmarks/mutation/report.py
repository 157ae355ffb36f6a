"""The Markdown report of ``python -m benchmarks.mutation report``."""

from __future__ import annotations

import datetime
import json
import os
from collections import defaultdict
from importlib import metadata
from pathlib import Path
from typing import Any

from benchmarks.mutation import branches, parameters, results, unreached
from fives_engine import find_game, game_names
from fives_tools import files
from fives_tools.certify.cases import load_cases


def _summary(tally: results.Tally) -> dict[str, object]:
    return {
        "total": tally.total,
        "killed": tally.killed,
        "scored": tally.scored,
        "open": len(tally.open),
        "verdicts": dict(tally.counts()),
    }


def _runs_text(runs: list[dict[str, Any]]) -> str:
    parts = []
    for run in runs:
        what = f"retesting {run['retested']} mutants" if run["retested"] else "every mutant"
        parts.append(f"{what} took {run['seconds']:.0f} s with {run['children']} children")
    return "; ".join(parts)


def _mutation_section(stage: Path, baseline: Path | None) -> list[str]:
    entries = results.load_equivalents()
    tally = results.tally(stage, entries)
    if not tally.total:
        return ["## Engine mutants", "", "No mutmut results yet: run `make mutation`.", ""]
    summary = _summary(tally)
    files.write_json(stage / "summary.json", summary, compact=True)
    counts = tally.counts()
    by_kind: dict[str, int] = defaultdict(int)
    for entry in tally.equivalent.values():
        by_kind[entry.kind] += 1
    runs = results.read_runs(stage / "run.json")
    out = [
        "## Engine mutants",
        "",
        f"mutmut made {tally.total} mutants of `fives_engine`. Runs (niced, on the machine"
        f" below): {_runs_text(runs) or 'not recorded'}.",
        "",
        "| verdict | mutants |",
        "|---|---:|",
        *(f"| {verdict} | {n} |" for verdict, n in sorted(counts.items())),
        "",
        "Of the mutants not killed:",
        "",
        "| committed reason (`equivalents.yaml`) | mutants |",
        "|---|---:|",
        *(f"| {kind} | {n} |" for kind, n in sorted(by_kind.items())),
        f"| **open: no fixture kills it yet** | {len(tally.open)} |",
        "",
        f"**Score: {tally.killed} of {tally.scored} mutants that a valid request can show"
        f" are killed by the `must` cases and the audit of the engine's own games"
        f" ({100 * tally.score:.1f} %)**; `{results.INTERPRETATION}` mutants count against it"
        " (only an `implementation-defined` case can see them).",
        "",
        f"`{results.OUTSIDE}` is a scope choice, not an equivalence: those {tally.outside}"
        " mutants are reached only by requests the protocol documents as bad (answered"
        " `bad-request` whatever the engine), or by no request of any kind at all (the"
        " engine's API, tools and renderings; each such `called: never` reason is checked by"
        " `tests/test_mutation_reasons.py` against every case's request and a `selfplay`"
        " request of every table and unit). The score leaves them out because the suite"
        " judges only valid requests; counted against it, it would be"
        f" {tally.killed} of {tally.scored + tally.outside}"
        f" ({100 * tally.killed / (tally.scored + tally.outside):.1f} %).",
        "",
    ]
    if baseline is not None:
        before = json.loads(baseline.read_text(encoding="utf-8"))
        out += [
            f"The report before this one: {before['killed']} of"
            f" {before['scored']} killed ({100 * before['killed'] / before['scored']:.1f} %),"
            f" {before['open']} open survivors.",
            "",
        ]
    grouped: dict[tuple[str, str], list[str]] = defaultdict(list)
    for mutant, entry in tally.equivalent.items():
        grouped[entry.kind, entry.why].append(mutant)
    out += [
        "### Survivors with a committed reason",
        "",
        "| mutants | kind | n | why |",
        "|---|---|---:|---|",
    ]
    for (kind, why), mutants in grouped.items():
        shown = ", ".join(f"`{m}`" for m in sorted(mutants)[:2])
        more = f" and {len(mutants) - 2} more" if len(mutants) > 2 else ""
        out.append(f"| {shown}{more} | {kind} | {len(mutants)} | {why} |")
    out.append("")
    stale = tally.unused(entries)
    if stale:
        out += ["Entries that explain no survivor (re-check after an engine change):", ""]
        out += [f"- `{entry.pattern}`" for entry in stale]
        out.append("")
    out += ["### Open survivors", ""]
    if not tally.open:
        out += ["None.", ""]
    for mutant, diff in results.diffs(stage, tally.open).items():
        out += [f"`{mutant}` ({tally.status[mutant]})", "", "```diff", diff, "```", ""]
    return out


def _parameter_section() -> list[str]:
    cases = load_cases()
    out = ["## Game-parameter mutations", ""]
    rows = []
    total = killed = 0
    for game in game_names():
        for mutation in parameters.mutations(find_game(game)):
            total += 1
            if parameters.killer(mutation, cases) is not None:
                killed += 1
                continue
            if mutation.key in parameters.EQUIVALENT:
                why = f"equivalent: {parameters.EQUIVALENT[mutation.key]}"
            elif mutation.key in parameters.INTERPRETATION:
                why = (
                    f"interpretation: {parameters.INTERPRETATION[mutation.key]}"
                    " (an implementation-defined case catches it)"
                )
            else:
                why = "**open: no must case fails**"
            rows.append(f"| {mutation} | {why} |")
    out += [
        f"{total} mutations of the game documents (each parameter to each neighbouring legal"
        f" value, `tests/test_parameter_mutations.py`): {killed} make a `must` case fail.",
        "",
    ]
    if rows:
        out += ["| mutation surviving | why |", "|---|---|", *rows, ""]
    return out


def _branch_section() -> list[str]:
    cover = branches.branch_coverage()
    reasons = unreached.load_reasons()
    out = [
        "## Branch coverage of `fives_engine` by the `must` cases",
        "",
        f"{cover.covered} of {cover.branches} branches ({cover.percent:.1f} %), measured with"
        " coverage.py in process while only the conformance cases run"
        " (`python -m benchmarks.mutation branches`).",
        "",
        "| module | branches | reached by `must` cases |",
        "|---|---:|---:|",
        *(f"| `{m}` | {n} | {c} |" for m, (n, c) in cover.per_file.items() if n),
        "",
        "| branch not reached by a `must` case | source line | why |",
        "|---|---|---|",
    ]
    for branch in cover.missed:
        reason = unreached.reason_for(branch, reasons)
        why = reason.why if reason else "**open: no reason recorded**"
        if branch.reached_by_implementation_defined:
            why += " (reached by an `implementation-defined` case)"
        target = "exit" if branch.target < 0 else str(branch.target)
        line = unreached.source_line(branch).replace("|", "\\|")
        out.append(f"| `{branch.function}` {branch.source} → {target} | `{line}` | {why} |")
    out.append("")
    return out


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "(not installed)"


def render(stage: Path, mutation: bool = True, baseline: Path | None = None) -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    head = [
        f"# Mutation testing of the reference engine ({datetime.date.today().isoformat()})",
        "",
        f"Tool: mutmut {_version('mutmut')}, coverage.py {_version('coverage')}. The engine is"
        " staged as `build/mutation/src/fives_engine` (`benchmarks/mutation/stage.py` says why);"
        " each mutant's test is one pytest test per `must` conformance case, run in process"
        " through the reference adapter, and one per game and player count that asks the"
        " engine for its own match (`selfplay`, as `fives certify` does) and audits it with"
        " the unmutated engine; a mutant is killed when a `must` case fails or errors, or when"
        " its own games withhold the certificate (a `must` divergence, a game not given).",
        "",
        f"Machine: {os.cpu_count()} cores, load average {load:.1f} when the report was written.",
        "",
    ]
    body = _branch_section()
    if mutation:
        body = _mutation_section(stage, baseline) + _parameter_section() + body
    return "\n".join(head + body)
