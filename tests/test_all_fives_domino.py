"""The third-party engine all-fives-domino (PyPI, pinned in the thirdparty extra), certified
through its adapter in examples/: the suite must keep catching its real divergence, and
the committed certificate and comparison (docs/comparisons/) must say what a fresh run says.

``make test`` installs the package; these tests skip only where it is missing outside CI,
and under CI they run and fail if it is missing."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import sys
from dataclasses import replace
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from fives_tools.certify.adapters.own_games import Table, ask
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.reference import ReferenceAdapter, ReferenceImplementation
from fives_tools.certify.cases import load_cases
from fives_tools.certify.findings.status import ERROR, FAIL, PASS, SKIP
from fives_tools.certify.judge.causes import likely_causes
from fives_tools.certify.judge.verdict import NOT_CERTIFIED, decide
from fives_tools.certify.observe.audit import audit_records
from fives_tools.certify.observe.load import check_record
from fives_tools.certify.observe.stream import read_file
from fives_tools.certify.own_games import OwnGames
from fives_tools.certify.reports import audit as observe_report
from fives_tools.certify.reports.comparison import Entry, cells
from fives_tools.certify.runner import Run, run_cases
from fives_tools.cli.own_games import ask as ask_own_games
from fives_tools.options import Implementation

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

#: The cases the package fails, with the field and what it answered (see the README):
#: once a spinner [1|1] that joined the line by a straight side has its first side branch,
#: the package counts the spinner's pips again for the branch opposite;
#: a first double that is not the lead never becomes a spinner (no side branches open);
#: a spinner takes only three tiles (its second side branch never opens).
DIVERGENT: dict[str, dict[str, tuple[object, object]]] = {
    "all-fives/layout/all-fives-diagram-0-5#play-score": {"score": ({"raw": 5}, {"raw": 0})},
    "all-fives/layout/all-fives-diagram-1-5#play-score": {"score": ({"raw": 10}, {"raw": 0})},
    "all-fives/layout/all-fives-diagram-0-5#scoring-ends": {
        "scoring_ends": (
            ["[0|5]: 0", "[1|2]: 2", "[3|4]: 3"],
            ["[0|5]: 0", "[1|1]: 1", "[1|2]: 2", "[3|4]: 3"],
        ),
        "total": (5, 6),
    },
    "all-fives/layout/all-fives-diagram-1-5#scoring-ends": {
        "scoring_ends": (
            ["[1|2]: 2", "[1|5]: 5", "[3|4]: 3"],
            ["[1|1]: 1", "[1|2]: 2", "[1|5]: 5", "[3|4]: 3"],
        ),
        "total": (10, 11),
    },
    "all-fives/layout/all-fives-diagram-1-2#attach-points": {
        "attach_points": (
            ["[1|1] (1)", "[1|1] (1)", "[1|2] (2)", "[3|4] (3)"],
            ["[1|2] (2)", "[3|4] (3)"],
        ),
    },
    "all-fives/layout/branch-b-before-a#attach-points": {
        "attach_points": (
            ["[0|5] (0)", "[2|5] (2)", "[5|5] (5)", "[5|6] (6)"],
            ["[0|5] (0)", "[2|5] (2)", "[5|6] (6)"],
        ),
        "legal_plays": (
            ["[1|2]@[2|5]:2", "[3|5]@[5|5]:5", "[4|6]@[5|6]:6"],
            ["[1|2]@[2|5]:2", "[4|6]@[5|6]:6"],
        ),
    },
    "all-fives/layout/branch-b-open-after-branch-a#attach-points": {
        "attach_points": (
            ["[0|5] (0)", "[2|5] (2)", "[5|5] (5)", "[5|6] (6)"],
            ["[0|5] (0)", "[2|5] (2)", "[5|6] (6)"],
        ),
        "legal_plays": (["[1|2]@[2|5]:2", "[3|5]@[5|5]:5"], ["[1|2]@[2|5]:2"]),
    },
}
#: The rejections the pips form cannot decide: illegal only for their place, or a play it
#: cannot write (spec/protocol.md, "Places in the pips form").
UNDECIDED = {
    f"all-fives/layout/{name}#attach-points"
    for name in (
        "branch-before-straights",
        "double-has-no-end",
        "unmatched-pips-rejected",
        "straight-side-only-on-a-double-rejected",
    )
}


def _example(name: str) -> Any:
    """A module of the example (its modules import each other by name, as the adapter's
    process does with its own folder first on the path)."""
    if str(ADAPTER.parent) not in sys.path:
        sys.path.insert(0, str(ADAPTER.parent))
    spec = importlib.util.spec_from_file_location(name, ADAPTER.parent / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sorted(value: Any) -> Any:
    return sorted(map(str, value)) if isinstance(value, list) else value


@pytest.fixture(scope="module")
def run() -> Run:
    assert _installed() == "1.0.23", "CI installs all-fives-domino 1.0.23 (the thirdparty extra)"
    return run_cases(SubprocessAdapter([sys.executable, str(ADAPTER)]), load_cases())


def test_it_is_certified_at_the_levels_its_api_answers(run: Run) -> None:
    info = run.adapter
    assert (info.name, info.version) == ("all-fives-domino", "1.0.23")
    assert info.games == ("all-fives",) and info.players == (2,) and info.places == "pips"
    assert info.levels == ("play-score", "score-table", "scoring-ends", "attach-points")
    ran = [r for r in run.results if r.status != SKIP]
    declared = [
        c
        for c in load_cases()
        if c.game == "all-fives"
        and c.capability in info.levels
        and c.request.get("players", 2) == 2
        and c.id not in UNDECIDED
    ]
    assert [r.case.id for r in ran] == [c.id for c in declared]
    assert {r.case.id for r in run.undecided if r.case.capability != "connections"} == UNDECIDED
    assert not [r for r in run.results if r.status == ERROR]
    assert run.count(PASS) == len(declared) - len(DIVERGENT)


def test_the_suite_catches_its_divergences(run: Run) -> None:
    failing = {r.case.id: r for r in run.results if r.status in (FAIL, ERROR)}
    assert set(failing) == set(DIVERGENT)
    for case_id, fields in DIVERGENT.items():
        got = {m.field: (_sorted(m.expected), _sorted(m.got)) for m in failing[case_id].mismatches}
        assert got == {k: (_sorted(e), _sorted(g)) for k, (e, g) in fields.items()}, case_id
    assert likely_causes(run.results)[0].rule == "score.ends.unstarted-branch-zero"
    assert decide(run).kind == NOT_CERTIFIED


def test_the_divergence_is_the_packages_own_count() -> None:
    """The adapter only builds the package's board: on the layouts it fails, the package's
    own count of the ends is the suite's total plus the spinner's pips once more."""
    assert _installed() is not None, "CI installs all-fives-domino (the thirdparty extra)"
    translation = _example("adapter")
    from src.main.game.Scorer import AllFivesScorer

    reference = ReferenceImplementation()
    by_id = {c.id: c for c in load_cases()}
    for case_id in DIVERGENT:
        if not case_id.endswith("#play-score"):
            continue
        request = by_id[case_id].request
        board = translation.build(request["plays"])
        total = reference.run({**request})["total"]
        spinner = next(p for p in board.get_pieces() if p.is_crossing)
        assert AllFivesScorer.count(board.origin) == total + spinner.sides[0]


def test_the_missing_attach_points_are_the_packages_own_open_sides() -> None:
    """Where the package lists fewer attach points, its own pieces have no open side: the
    first double [1|1], which joined [1|4] and has [1|2] on its other side, never became
    its crossing; the lead spinner [5|5] stops being one once a third tile is on it."""
    translation = _example("adapter")
    by_id = {c.id: c for c in load_cases()}
    for case_id, double in (
        ("all-fives/layout/all-fives-diagram-1-2#attach-points", (1, 1)),
        ("all-fives/layout/branch-b-open-after-branch-a#attach-points", (5, 5)),
    ):
        board = translation.build(by_id[case_id].request["plays"])
        found = board.find_piece(list(double))
        assert found.open_sides == [] and not found.is_crossing


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


def _with_own_games(run: Run, impl: Implementation | None) -> Run:
    """The run with its implementation's own games judged, as `fives certify` and `fives
    compare` judge them (one match per game and player count it declares)."""
    games = OwnGames()
    ask_own_games(impl, run.adapter, list(run.adapter.games), games)
    return replace(run, own_games=games)


def test_the_committed_reports_say_what_a_fresh_run_says(run: Run) -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to certify the example adapter (apt-get install nodejs)"
    cases = load_cases()
    node_command = f"{node} {NODE_ADAPTER}"
    entries = [
        Entry("reference", _with_own_games(run_cases(ReferenceAdapter(), cases), None), ""),
        Entry(
            "node",
            _with_own_games(
                run_cases(SubprocessAdapter([node, str(NODE_ADAPTER)]), cases),
                Implementation("adapter", node_command),
            ),
            "",
        ),
        Entry(
            "all-fives-domino",
            _with_own_games(run, Implementation("adapter", f"{sys.executable} {ADAPTER}")),
            "",
        ),
    ]
    run = entries[-1].run
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
    source = " ".join((ROOT / "spec/sources/003_815413e965e6200a.txt").read_text("utf-8").split())
    quotes = [
        " ".join(line.strip()[2:] for line in block.splitlines())
        for block in re.findall(r"(?:^ *> .*\n)+", section, re.M)
    ]
    assert len(quotes) == 3 and all(len(quote) > 50 and quote in source for quote in quotes)
    for case_id in DIVERGENT:
        assert case_id.split("#")[0] in section


#: The rules the package's own games break, as the audit of the committed games names
#: them (README, "What its players meet"): match.first-to-target and hand.end.block only
#: follow from these (its scores, its passes with a tile left), so they fail no rule.
OWN_GAMES_FAIL = {
    "lead.any-tile",
    "lead.went-out-leads",
    "layout.spinner.first-double",
    "layout.double.crosswise",
    "turn.must-play",
    "turn.play-drawn-tile",
    "turn.pass-empty-boneyard",
    "settle.deduct-each-hand",
}
GAMES = COMPARISONS / "all-fives-domino-games.jsonl"


@pytest.mark.parametrize("unit", ["hand", "match"])
def test_its_own_games_are_observation_records_through_the_protocol(unit: str) -> None:
    """The selfplay request gives the package's own game as a well-formed observation
    record: its deal of seven each, its leader, every action with its seat, the options it
    offered at each play and the points it gave, the scores after its settlement."""
    adapter = SubprocessAdapter([sys.executable, str(ADAPTER)])
    info = adapter.start()
    adapter.stop()
    assert info.selfplay == ("hand", "match")
    asked = list(ask(adapter, Table("all-fives", 2, None, unit), 2))
    assert [a.error for a in asked] == ["", ""]
    for a in asked:
        record = check_record(a.record)
        assert record["implementation"] == {"name": "all-fives-domino", "version": "1.0.23"}
        hands = record["hands"]
        assert len(hands) == 1 if unit == "hand" else len(hands) > 1
        for hand in hands:
            assert [len(h) for h in hand["deal"]["hands"]] == [7, 7]
            assert hand["deal"]["leader"] in (0, 1) and "scores" in hand
            plays = [x for x in hand["actions"] if x["action"] not in ("draw", "pass")]
            assert plays and all(x["action"] in x["offered"] and "score" in x for x in plays)
            assert all("tile" in x for x in hand["actions"] if x["action"] == "draw")
    again = list(ask(adapter, Table("all-fives", 2, None, unit), 2))
    assert [a.record for a in again] == [a.record for a in asked]  # the seed replays it


def test_the_audit_of_its_own_games_says_what_a_fresh_run_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The committed games are the package's own (seeds 1, 2, ... replay them), and the
    committed observation certificate is their audit: every divergence its players meet,
    each with the rule's source quote."""
    own_games = _example("own_games")
    lines = GAMES.read_text("utf-8").splitlines()
    for seed in (1, len(lines)):
        assert json.loads(lines[seed - 1]) == own_games.play_own_game("match", seed), STALE
    monkeypatch.chdir(ROOT)
    observed = audit_records(read_file(GAMES.relative_to(ROOT)))
    committed = (COMPARISONS / "all-fives-domino-audit.md").read_text("utf-8")
    assert committed == observe_report.markdown(observed), STALE
    failing = {d.rule for d in observed.against}
    assert failing == OWN_GAMES_FAIL
    source = " ".join((ROOT / "spec/sources/003_815413e965e6200a.txt").read_text("utf-8").split())
    quotes = set(re.findall(r'^  quote: "(.*)"$', committed, re.M))
    assert len(quotes) >= len(OWN_GAMES_FAIL) and all(q in source for q in quotes)
