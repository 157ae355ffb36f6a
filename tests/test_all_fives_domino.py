"""The third-party engine all-fives-domino (PyPI, pinned in the thirdparty extra), certified
through its adapter in examples/: the suite must keep catching its real divergence, and
the committed certificate and comparison (docs/comparisons/) must say what a fresh run says.

``make test`` installs the package; these tests skip only where it is missing outside CI,
and under CI they run and fail if it is missing."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from importlib import metadata
from pathlib import Path

import pytest

from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.reference import ReferenceAdapter, ReferenceImplementation
from fives_tools.certify.cases import load_cases
from fives_tools.certify.reports.causes import likely_causes
from fives_tools.certify.reports.comparison import Entry, cells
from fives_tools.certify.reports.verdict import NOT_CERTIFIED, decide
from fives_tools.certify.runner import ERROR, FAIL, PASS, SKIP, Run, run_cases

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "examples" / "all_fives_domino" / "adapter.py"
NODE_ADAPTER = ROOT / "examples" / "node-adapter" / "adapter.js"
COMPARISONS = ROOT / "docs" / "comparisons"
STALE = "docs/comparisons/ no longer says what a fresh run says: run `make comparison`"


def _installed() -> str | None:
    try:
        return metadata.version("all-fives-domino")
    except metadata.PackageNotFoundError:
        return None


pytestmark = pytest.mark.skipif(
    _installed() is None and not os.environ.get("CI"),
    reason="all-fives-domino is not installed (make test installs it: the thirdparty extra)",
)

#: The cases the package fails: once a spinner's first side branch is started it counts
#: the spinner's pips again for the unstarted branch opposite (see the README).
DIVERGENT = {
    "all-fives/layout/all-fives-diagram-0-5#play-score": (5, 0),
    "all-fives/layout/all-fives-diagram-1-5#play-score": (10, 0),
}


@pytest.fixture(scope="module")
def run() -> Run:
    assert _installed() == "1.0.23", "CI installs all-fives-domino 1.0.23 (the thirdparty extra)"
    return run_cases(SubprocessAdapter([sys.executable, str(ADAPTER)]), load_cases())


def test_it_is_certified_at_the_levels_its_api_answers(run: Run) -> None:
    info = run.adapter
    assert (info.name, info.version) == ("all-fives-domino", "1.0.23")
    assert info.games == ("all-fives",) and info.players == (2,)
    assert info.levels == ("play-score", "score-table")
    ran = [r for r in run.results if r.status != SKIP]
    declared = [
        c
        for c in load_cases()
        if c.game == "all-fives"
        and c.capability in info.levels
        and c.request.get("players", 2) == 2
    ]
    assert [r.case.id for r in ran] == [c.id for c in declared]
    assert not [r for r in run.results if r.status == ERROR]
    assert run.count(PASS) == len(declared) - len(DIVERGENT)


def test_the_suite_catches_its_unstarted_branch_count(run: Run) -> None:
    failing = {r.case.id: r for r in run.results if r.status in (FAIL, ERROR)}
    assert set(failing) == set(DIVERGENT)
    for case_id, (expected, got) in DIVERGENT.items():
        [mismatch] = failing[case_id].mismatches
        assert (mismatch.field, mismatch.expected, mismatch.got) == (
            "score",
            {"raw": expected},
            {"raw": got},
        )
    assert likely_causes(run.results)[0].rule == "score.ends.unstarted-branch-zero"
    assert decide(run).kind == NOT_CERTIFIED


def test_the_divergence_is_the_packages_own_count() -> None:
    """The adapter only builds the package's board: on the layouts it fails, the package's
    own count of the ends is the suite's total plus the spinner's pips once more."""
    assert _installed() is not None, "CI installs all-fives-domino (the thirdparty extra)"
    spec = importlib.util.spec_from_file_location("all_fives_domino_adapter", ADAPTER)
    assert spec is not None and spec.loader is not None
    translation = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(translation)
    from src.main.game.Scorer import AllFivesScorer

    reference = ReferenceImplementation()
    by_id = {c.id: c for c in load_cases()}
    for case_id in DIVERGENT:
        request = by_id[case_id].request
        board = translation.build(request["plays"])
        total = reference.run({**request})["total"]
        spinner = next(p for p in board.get_pieces() if p.is_crossing)
        assert AllFivesScorer.count(board.origin) == total + spinner.sides[0]


def _markdown_cells(text: str) -> dict[tuple[str, str, str], list[str]]:
    """(game, level, rule) -> the words of a committed comparison's row."""
    out: dict[tuple[str, str, str], list[str]] = {}
    game = level = ""
    for line in text.splitlines():
        if found := re.fullmatch(r"## .* \(`([a-z0-9-]+)`\)", line):
            game = found[1]
        elif found := re.fullmatch(r"### ([a-z-]+): .*", line):
            level = found[1]
        elif found := re.fullmatch(r"\| \[`([^`]+)`\]\([^)]*\) \| (.*) \|", line):
            words = [re.sub(r"^\[(\w+)\]\(#.*\)$", r"\1", w) for w in found[2].split(" | ")]
            out[(game, level, found[1])] = words
    return out


def test_the_committed_reports_say_what_a_fresh_run_says(run: Run) -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to certify the example adapter (apt-get install nodejs)"
    cases = load_cases()
    entries = [
        Entry("reference", run_cases(ReferenceAdapter(), cases), "fives certify"),
        Entry("node", run_cases(SubprocessAdapter([node, str(NODE_ADAPTER)]), cases), ""),
        Entry("all-fives-domino", run, ""),
    ]
    fresh = {
        (game, level, rule): [cell.word for cell in row]
        for game, by_level in cells(entries).items()
        for level, by_rule in by_level.items()
        for rule, row in by_rule.items()
    }
    markdown = (COMPARISONS / "comparison.md").read_text("utf-8")
    assert _markdown_cells(markdown) == fresh, STALE
    for entry in entries:
        assert f"**{decide(entry.run).text}**" in markdown, STALE
    html = (COMPARISONS / "comparison.html").read_text("utf-8")
    html_words = re.findall(r'<td class="cell [^"]*">(?:<a [^>]*>)?([^<]+)', html)
    assert html_words == [word for row in fresh.values() for word in row], STALE
    failing = [r.case.id for r in run.results if r.status in (FAIL, ERROR)]
    certificate = (COMPARISONS / "all-fives-domino.md").read_text("utf-8")
    assert re.findall(r"^FAIL (\S+) ", certificate, re.M) == failing, STALE
    assert f"**{decide(run).text}**" in certificate, STALE
    page = (COMPARISONS / "all-fives-domino.html").read_text("utf-8")
    assert all(case_id in page for case_id in failing) and decide(run).text in page, STALE


def test_the_readme_quotes_the_source_verbatim() -> None:
    """What the README says the suite found rests on a quotation of the All Fives source:
    it must stand in the committed source text word for word."""
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("### A third-party engine: `all-fives-domino`", 1)[1].split("\n## ")[0]
    quote = " ".join(line[2:] for line in section.splitlines() if line.startswith("> "))
    source = (ROOT / "spec" / "sources" / "003_815413e965e6200a.txt").read_text("utf-8")
    assert len(quote) > 100 and quote in " ".join(source.split())
    for case_id in DIVERGENT:
        assert case_id.split("#")[0] in section
