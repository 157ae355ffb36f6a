"""The certificate as files: JSON report, JUnit XML, Markdown, and shields.io badges.

Every file records what the run checked (the command, the filters and what they left
out, the declared capabilities and what they cover, the versions, the date and duration)
and the verdict of :mod:`fives_tools.certify.judge.verdict`, so a file read alone says
as much as the console. The JSON report follows ``spec/schemas/report.schema.json``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from fives_engine import find_game
from fives_tools import __version__, files
from fives_tools.certify import places as forms
from fives_tools.certify.adapters import protocol
from fives_tools.certify.cases import levels
from fives_tools.certify.findings.status import ERROR, FAIL, PASS, SKIP, STATUSES
from fives_tools.certify.judge import blame
from fives_tools.certify.judge.causes import causes_json, own_witnesses, run_blamed
from fives_tools.certify.judge.verdict import CERTIFIED, KNOWN_FAILURES, PARTIAL, Verdict, decide
from fives_tools.certify.reports import fuzzed, junit, own_games
from fives_tools.certify.reports.console import (
    SHORT,
    all_cause_texts,
    declared_levels,
    describe_failure,
    failure_summary,
    games_of,
    now_passing_lines,
    status_line,
    table,
    undecided_lines,
    verdict,
)
from fives_tools.certify.reports.readings import HEADING as READINGS_HEADING
from fives_tools.certify.reports.readings import reading_lines, readings_json
from fives_tools.certify.reports.refusals import refusal_line, refusals_json
from fives_tools.certify.reports.templating import render
from fives_tools.certify.runner import Result, Run
from fives_tools.text import clean


def write_file(path: Path, text: str) -> None:
    """Every report file is written here, and only here: atomically (:mod:`files`)."""
    files.write_text(path, text)


def _implementation(run: Run) -> dict[str, Any]:
    info = run.adapter
    return {
        "name": info.name,
        "language": info.language,
        "version": info.version,
        "protocol": info.protocol,
        "games": list(info.games),
        "levels": list(info.levels),
        "players": list(info.players),
        "places": info.places,
        "selfplay": list(info.selfplay),
    }


def _versions() -> dict[str, str]:
    return {
        "suite": protocol.suite_version(),
        "protocol": protocol.protocol_version(),
        "runner": __version__,
    }


def _verdict_json(run: Run, found: Verdict) -> dict[str, Any]:
    return {
        "kind": found.kind,
        "text": found.text,
        "reasons": list(found.reasons),
        "certified": found.certified,
        "partial": found.partial,
        "left_out": found.left_out,
        "known_failures": {
            "entries": run.known_failures,
            "still_failing": sum(r.known and r.status in (FAIL, ERROR) for r in run.results),
            "now_passing": [{"entry": entry, "cases": n} for entry, n in run.fixed],
        },
    }


def _kept_reply(r: Result) -> dict[str, Any] | None:
    """The reply as the report keeps it: what the judge and the reports read of it again
    (``fives report``), a wrong one's or a refusal's; a passing answer's is left out."""
    if r.reply is None or (r.status == PASS and "error" not in r.reply):
        return None
    reply: dict[str, Any] = _cleaned(r.reply)
    return reply


def _cleaned(value: Any) -> Any:
    """``value`` with every text in it made safe to show (:func:`clean`): a reply is the
    implementation's, and every form shows what it says cleaned already."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {clean(str(k)): _cleaned(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_cleaned(v) for v in value]
    return value


def _case_json(r: Result) -> dict[str, Any]:
    return {
        "id": r.case.id,
        "game": r.case.game,
        "level": r.case.capability,
        "requirement": r.case.level,
        "rules": list(r.case.rules),
        "primary": r.case.primary,
        "status": r.status,
        "known_failure": r.known,
        "seconds": round(r.seconds, 6),
        "message": r.message,
        "mismatches": [
            {"field": m.field, "expected": m.expected, "got": m.got} for m in r.mismatches
        ],
        "reading": None
        if r.reading is None
        else {"interpretation": r.reading.interpretation, "reading": r.reading.reading},
        "declared": r.declared,
        "reply": _kept_reply(r),
        "cut": None
        if r.cut is None
        else {
            "kept": r.cut.kept,
            "mismatches": [
                {"field": m.field, "expected": m.expected, "got": m.got} for m in r.cut.mismatches
            ],
        },
    }


#: What each JSON report says it is, for ``fives report`` to read it back.
KIND = "certificate"


def to_json(run: Run, rerun_prefix: str = "fives certify") -> dict[str, Any]:
    found, blamed = decide(run), run_blamed(run)
    return {
        "report": KIND,
        "verdict": _verdict_json(run, found),
        "likely_causes": causes_json(  # what to fix, first, in the console's order
            run.results, own_witnesses(run), dict(own_games.causes(run))
        ),
        "command": run.command,
        "rerun": rerun_prefix,  # the command that certifies it alone: each re-run line's start
        "filters": run.filters.as_dict(),
        "date": run.started,
        "duration_seconds": round(run.seconds, 3),
        "timestamps": run.timestamps,
        "versions": _versions(),
        "implementation": _implementation(run),
        "undecided": [r.case.id for r in run.undecided],
        "counts": {s: run.count(s) for s in STATUSES},
        "cases": [_case_json(r) for r in run.results],
        "findings": [
            found.to_json()
            for r in run.results
            for found in blame.findings(r, blamed.get(r.case.id))
        ],
        "coverage": found.coverage.as_json(),
        "refusals": refusals_json(run.results),
        "readings": readings_json(run.declared),
        "own_games": own_games.to_json(run),
        "fuzz": fuzzed.to_json(run),
        **({"interrupted": run.interruption.to_json()} if run.interruption else {}),
    }


def write_json(run: Run, path: Path, rerun_prefix: str = "fives certify") -> None:
    files.write_json(path, to_json(run, rerun_prefix))


def _properties(parent: ET.Element, run: Run, found: Verdict, game: str) -> None:
    props = ET.SubElement(parent, "properties")
    values = {
        "verdict": found.text,
        "coverage": found.coverage.heading,
        "coverage.game": next(
            (covered.text for covered in found.coverage.games if covered.game == game), ""
        ),
        "command": run.command,
        "filters": run.filters.options(),
        **{
            f"implementation.{k}": ", ".join(map(str, v)) if isinstance(v, list) else str(v)
            for k, v in _implementation(run).items()
        },
        **{f"version.{k}": v for k, v in _versions().items()},
    }
    for name, value in values.items():
        ET.SubElement(props, "property", name=name, value=value)


def _testcase(suite: ET.Element, r: Result, rerun_prefix: str, blamed: str) -> None:
    name, classname = r.case.id, f"{r.case.game}.{r.case.capability}"
    time = f"{r.seconds:.6f}"
    if r.status in (FAIL, ERROR) and r.known:
        # as the console says: listed, expected to fail, does not count against the run
        message = f"known failure: {failure_summary(r, blamed)}"
        junit.case(
            suite, classname, name, time, "skipped", message, describe_failure(r, rerun_prefix)
        )
    elif r.status in (FAIL, ERROR):
        outcome = "failure" if r.status == FAIL else "error"
        message = failure_summary(r, blamed)
        junit.case(
            suite, classname, name, time, outcome, message, describe_failure(r, rerun_prefix)
        )
    elif r.status == SKIP:
        junit.case(suite, classname, name, time, "skipped", r.message)
    else:
        junit.case(suite, classname, name, time)


def _junit_counts(results: list[Result]) -> dict[str, str]:
    known = sum(r.known and r.status in (FAIL, ERROR) for r in results)
    return {
        "tests": str(len(results)),
        "failures": str(sum(r.status == FAIL and not r.known for r in results)),
        "errors": str(sum(r.status == ERROR and not r.known for r in results)),
        "skipped": str(sum(r.status == SKIP for r in results) + known),
        "time": f"{sum(r.seconds for r in results):.3f}",
    }


def _with_games(counts: dict[str, str], games: list[tuple[str, str, str]]) -> dict[str, str]:
    """JUnit counts with the own games' test cases added: a FAIL a failure, a reading a
    skip (answered otherwise, not held against it)."""
    out = dict(counts)
    out["tests"] = str(int(out["tests"]) + len(games))
    out["failures"] = str(int(out["failures"]) + sum(s == own_games.FAIL for _, s, _ in games))
    out["skipped"] = str(int(out["skipped"]) + sum(s == own_games.READING for _, s, _ in games))
    return out


def _game_testcase(suite: ET.Element, game: str, rule: str, status: str, message: str) -> None:
    """One rule as the implementation's own games showed it."""
    classname = f"{game}.{own_games.COLUMN}"
    if status == own_games.FAIL:
        junit.case(suite, classname, rule, "0", "failure", f"{rule}: {message}", message)
    elif status == own_games.READING:
        junit.case(
            suite, classname, rule, "0", "skipped", f"a reading answered otherwise: {message}"
        )
    else:
        junit.case(suite, classname, rule)


def write_junit(run: Run, path: Path, rerun_prefix: str = "fives certify") -> None:
    found = decide(run)
    blamed = run_blamed(run)
    suites = ET.Element(
        "testsuites",
        {
            "name": f"fives certification of {run.adapter.name}: {found.text}",
            "timestamp": run.started,
            **_junit_counts(run.declared),
        },
    )
    for game in games_of(run):  # the undeclared games and levels are no cases at all
        results = [r for r in run.declared if r.case.game == game]
        games = own_games.junit_cases(run, game)
        counts = _with_games(_junit_counts(results), games)
        suite = ET.SubElement(
            suites, "testsuite", {"name": game, "timestamp": run.started, **counts}
        )
        _properties(suite, run, found, game)
        for r in results:
            _testcase(suite, r, rerun_prefix, blamed.get(r.case.id, ""))
        for rule, status, message in games:
            _game_testcase(suite, game, rule, status, message)
    everything = [c for game in games_of(run) for c in own_games.junit_cases(run, game)]
    suites.attrib.update(_with_games(_junit_counts(run.declared), everything))
    junit.write(suites, path)


def _game_table(run: Run, game: str) -> dict[str, Any]:
    """A game's table in the Markdown certificate: rules by the declared levels."""
    ruleset, grid, cols = find_game(game), table(run), declared_levels(run)
    games_column = own_games.judged(run) is not None
    rules = []
    for rule_id, rule in ruleset.rules.items():
        cells = grid[game].get(rule_id, {})
        # else neither a case of the declared levels nor one of its games checks it
        if any(cells.get(c) for c in cols) or own_games.shows(run, game, rule_id):
            words = [verdict(cells.get(c)) for c in cols]
            words += [own_games.column(run, game, rule_id) or ""] if games_column else []
            rules.append({"id": rule_id, "words": words, "cite": str(rule.cite)})
    results = [r for r in run.declared if r.case.game == game]
    return {
        "id": game,
        "title": ruleset.title,
        "status": status_line(results),
        "columns": [SHORT[c] for c in cols] + ([own_games.COLUMN] if games_column else []),
        "rules": rules,
    }


def to_markdown(run: Run, rerun_prefix: str = "fives certify") -> str:
    """The certificate as Markdown (``templates/certificate.md.jinja2``)."""
    found = decide(run)
    bad = [r for r in run.results if r.status in (FAIL, ERROR)]
    refusals = refusal_line(run.results)
    text = render(
        "certificate.md.jinja2",
        run=run,
        info=run.adapter,
        found=found,
        versions=_versions(),
        places=forms.form_text(run.adapter.places),
        refusals=refusals and refusals[0].lower() + refusals[1:],
        still_failing=sum(r.known and r.status in (FAIL, ERROR) for r in run.results),
        status=status_line(run.results),
        causes=all_cause_texts(run),
        own_games=own_games.block_lines(run),
        fuzz=fuzzed.block_lines(run),
        games=[_game_table(run, game) for game in games_of(run)],
        failures=[describe_failure(r, rerun_prefix) for r in bad],
        undecided=undecided_lines(run),
        fixed=(now_passing_lines(run) or [""])[0],
        readings=reading_lines(run.declared),
        readings_heading=READINGS_HEADING,
    )
    return clean(text, lines=True)


def write_markdown(run: Run, path: Path, rerun_prefix: str = "fives certify") -> None:
    write_file(path, to_markdown(run, rerun_prefix))


#: Badge colour of each kind of verdict.
BADGE_COLOUR = {CERTIFIED: "brightgreen", PARTIAL: "yellow", KNOWN_FAILURES: "orange"}


def badge(run: Run, game: str) -> dict[str, Any]:
    """A shields.io endpoint badge for one game: the label names the game and the levels
    that ran, the message the game's own verdict, its passed cases and, when the run did
    not check every case of the game, of how many (``certified, 29/29 of 196 cases``)."""
    results = [r for r in run.results if r.case.game == game and r.status != SKIP]
    games = run.own_games
    game_run = Run(
        run.adapter,
        [r for r in run.results if r.case.game == game],
        known_failures=run.known_failures,
        left_out=[c for c in run.left_out if c.game == game],
        own_games=games and games.of_game(game, lambda label: label.startswith(f"{game} ")),
    )
    found = decide(game_run)
    ran = sorted({r.case.capability for r in results}, key=levels.order)
    passed = sum(r.status == PASS for r in results)
    word = "partial" if found.kind == PARTIAL else found.headline.lower()
    covered = found.coverage
    of_all = "" if covered.checked == covered.cases else f" of {covered.cases}"
    return {
        "schemaVersion": 1,
        "label": f"{find_game(game).title} ({', '.join(SHORT[level] for level in ran)})",
        "message": f"{word}, {passed}/{len(results)}{of_all} cases",
        "color": BADGE_COLOUR.get(found.kind, "red"),
    }


def badge_path(folder: Path, game: str) -> Path:
    """Where ``--badges folder`` writes the badge of ``game``."""
    return folder / f"{game}.json"


def write_badges(run: Run, folder: Path) -> list[Path]:
    files.make_dir(folder)
    paths = []
    for game in games_of(run):
        path = badge_path(folder, game)
        files.write_json(path, badge(run, game), compact=True)
        paths.append(path)
    return paths
