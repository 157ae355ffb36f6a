"""The certificate as files: JSON report, JUnit XML, Markdown, and shields.io badges."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from fives_engine import find_game
from fives_tools import files, levels, protocol
from fives_tools.report import SHORT, describe_failure, games_of, status_line, table, verdict
from fives_tools.runner import ERROR, FAIL, PASS, SKIP, Run
from fives_tools.text import clean


def to_json(run: Run) -> dict[str, Any]:
    info = run.adapter
    return {
        "implementation": {"name": info.name, "language": info.language, "version": info.version},
        "protocol": info.protocol,
        "suite": protocol.suite_version(),
        "levels": list(info.levels),
        "certified": run.ok and run.count(PASS) > 0,
        "counts": {s: run.count(s) for s in (PASS, FAIL, ERROR, SKIP)},
        "now_passing_known_failures": run.fixed,
        "cases": [
            {
                "id": r.case.id,
                "game": r.case.game,
                "level": r.case.capability,
                "requirement": r.case.level,
                "rules": list(r.case.rules),
                "status": r.status,
                "known_failure": r.known,
                "message": r.message,
                "mismatches": [
                    {"field": m.field, "expected": m.expected, "got": m.got} for m in r.mismatches
                ],
            }
            for r in run.results
        ],
    }


def write_json(run: Run, path: Path) -> None:
    files.write_text(path, json.dumps(to_json(run), ensure_ascii=False, indent=1) + "\n")


def write_junit(run: Run, path: Path, rerun_prefix: str = "fives certify") -> None:
    suites = ET.Element("testsuites", name=f"fives certification of {run.adapter.name}")
    for game in games_of(run):
        results = [r for r in run.results if r.case.game == game]
        suite = ET.SubElement(
            suites,
            "testsuite",
            name=game,
            tests=str(len(results)),
            failures=str(sum(r.status == FAIL for r in results)),
            errors=str(sum(r.status == ERROR for r in results)),
            skipped=str(sum(r.status == SKIP for r in results)),
        )
        for r in results:
            case = ET.SubElement(
                suite, "testcase", classname=f"{game}.{r.case.capability}", name=r.case.id
            )
            if r.status == FAIL:
                ET.SubElement(
                    case, "failure", message=f"{r.case.id} differs"
                ).text = describe_failure(r, rerun_prefix)
            elif r.status == ERROR:
                ET.SubElement(case, "error", message=r.message[:200]).text = describe_failure(
                    r, rerun_prefix
                )
            elif r.status == SKIP:
                ET.SubElement(case, "skipped", message=r.message)
    for element in suites.iter():  # XML 1.0 cannot carry control characters at all
        element.text = element.text and clean(element.text, lines=True)
        element.attrib = {k: clean(v) for k, v in element.attrib.items()}
    ET.indent(suites)
    files.write_bytes(path, ET.tostring(suites, encoding="utf-8", xml_declaration=True))


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(run: Run, rerun_prefix: str = "fives certify") -> str:
    info = run.adapter
    lines = [
        f"# Certificate: {_md(info.name)}",
        "",
        f"{info.language} {info.version} · protocol {info.protocol}"
        f" · suite {protocol.suite_version()}"
        f" · **{'CERTIFIED' if run.ok and run.count(PASS) else 'NOT CERTIFIED'}**",
        "",
        f"{status_line(run.results)} (declared levels: {', '.join(info.levels) or 'none'})",
    ]
    grid = table(run)
    cols = list(levels.LEVELS)
    for game in games_of(run):
        ruleset = find_game(game)
        results = [r for r in run.results if r.case.game == game]
        lines += ["", f"## {ruleset.title} (`{game}`)", "", status_line(results), ""]
        lines.append("| rule | " + " | ".join(SHORT[c] for c in cols) + " | source |")
        lines.append("|---|" + "---|" * len(cols) + "---|")
        for rule_id, rule in ruleset.rules.items():
            cells = grid[game].get(rule_id, {})
            lines.append(
                f"| `{rule_id}` | "
                + " | ".join(verdict(cells.get(c)) for c in cols)
                + f" | {_md(str(rule.cite))} |"
            )
    bad = [r for r in run.results if r.status in (FAIL, ERROR)]
    if bad:
        lines += ["", "## Failures", ""]
        for r in bad:
            lines += ["```", describe_failure(r, rerun_prefix), "```", ""]
    return clean("\n".join(lines) + "\n", lines=True)


def write_markdown(run: Run, path: Path, rerun_prefix: str = "fives certify") -> None:
    files.write_text(path, to_markdown(run, rerun_prefix))


def badge(run: Run, game: str) -> dict[str, Any]:
    """A shields.io endpoint badge: passed cases of the declared levels of one game."""
    results = [r for r in run.results if r.case.game == game and r.status != SKIP]
    passed = sum(r.status == PASS for r in results)
    bad = any(r.counts_against for r in results)
    color = "red" if bad else ("brightgreen" if passed == len(results) and results else "yellow")
    return {
        "schemaVersion": 1,
        "label": find_game(game).title,
        "message": f"{passed}/{len(results)} cases",
        "color": color,
    }


def write_badges(run: Run, folder: Path) -> list[Path]:
    files.make_dir(folder)
    paths = []
    for game in games_of(run):
        path = folder / f"{game}.json"
        files.write_text(path, json.dumps(badge(run, game)) + "\n")
        paths.append(path)
    return paths
