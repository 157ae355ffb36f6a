"""The fixtures: valid, uniquely identified, each the one home of its cases (run here when
no scenario tells it), and a malformed one is reported with its file, line and field."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from bent_engines.catalog import LeadDoesNotScore
from steps import case_holds

from fives_engine import FivesError, find_game
from fives_engine.terms import Play
from fives_tools.certify.adapters.interface import Adapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.cases import Case, FixtureError, coverage, load_cases
from fives_tools.certify.cases.perft_file import perft_cases
from fives_tools.certify.findings.status import FAIL
from fives_tools.certify.judge.verdict import decide
from fives_tools.certify.reports.console import describe_failure
from fives_tools.certify.runner import run_cases

ROOT = Path(__file__).resolve().parent.parent

GOOD = """\
id: layout/probe
title: probe
games: [five-up]
level: must
rules: [score.play.multiple-of-five]
primary: score.play.multiple-of-five
sources:
  - {file: 000_cbc147b889cb67a5.txt, heading: 出牌计分}
plays: ["[1|4]"]
expect:
  tiles: ["[1|4]"]
  spinners: []
  connections: []
  attach_points: ["[1|4] (big end, 4)", "[1|4] (small end, 1)"]
  scoring_ends: ["[1|4]: 4", "[1|4]: 1"]
  total: 5
  score: {raw: 5, display: 1}
"""
GOOD_LINES = GOOD.count("\n")


def _write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "fixtures"
    folder.mkdir(exist_ok=True)
    path = folder / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    return folder


def test_the_probe_fixture_is_valid(tmp_path: Path) -> None:
    assert [c.id for c in load_cases(_write(tmp_path, GOOD))] == [
        "five-up/layout/probe#play-score",
        "five-up/layout/probe#scoring-ends",
        "five-up/layout/probe#attach-points",
        "five-up/layout/probe#connections",
    ]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'plays: ["[1|4]"]',
            'plays: ["[1|9]"]',
            r"probe.yaml: line 9: field plays\[0\]: '\[1\|9\]' does not match",
        ),
        (
            "  total: 5",
            "  total: five",
            r"line 16: field expect.total: 'five' is not of type 'integer'",
        ),
        (
            "games: [five-up]",
            "games: [five-down]",
            r"line 3: field games\[0\]: 'five-down' is not one of",
        ),
        ("level: must", "level: maybe", r"line 4: field level"),
        ("  score: {raw: 5, display: 1}\n", "", r"field expect: 'score' is a required property"),
        (
            "rules: [score.play.multiple-of-five]",
            "rules: [score.no-such-rule]",
            r"field rules: score.no-such-rule is not a rule of five-up",
        ),
        (
            "  score: {raw: 5, display: 1}",
            "  score: {raw: 5}",
            r"field expect.score.display: required, since five-up keeps display points",
        ),
        ("id: layout/probe", "id: Layout Probe", r"line 1: field id"),
        (
            "primary: score.play.multiple-of-five\n",
            "",
            r"line 1: field \(top level\): 'primary' is a required property",
        ),
        (
            "primary: score.play.multiple-of-five",
            "primary: score.unit.display",
            r"line 6: field primary: score.unit.display is not one of the fixture's rules",
        ),
        (
            "games: [five-up]\nlevel: must\nrules: [score.play.multiple-of-five]\n"
            "primary: score.play.multiple-of-five",
            "games: [five-up, all-fives]\nlevel: must\n"
            "rules: [score.play.multiple-of-five, score.unit.display]\n"
            "primary: score.unit.display",
            r"line 6: field primary: score.unit.display is not a rule of all-fives",
        ),
    ],
)
def test_a_malformed_fixture_names_file_line_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in GOOD
    with pytest.raises(FixtureError, match=message):
        load_cases(_write(tmp_path, GOOD.replace(old, new)))


def test_broken_yaml_is_named(tmp_path: Path) -> None:
    with pytest.raises(FixtureError, match=r"probe.yaml: line 2: not valid YAML"):
        load_cases(_write(tmp_path, "id: [unclosed\n"))


def test_case_ids_are_unique_and_stable() -> None:
    cases = load_cases()
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids))
    assert "all-fives/layout/branch-before-straights#attach-points" in ids
    assert all(c.id == f"{c.game}/{c.fixture_id}#{c.capability}" for c in cases)


def untold(cases: list[Case]) -> list[Case]:
    """The cases no scenario of features/ tells (``every fact of fixture ... holds``)."""
    told = {step for scenario in coverage.read_scenarios() for step in scenario.steps}
    step = 'every fact of fixture "{}" holds for {}'
    return [c for c in cases if step.format(c.fixture_id, c.game) not in told]


def test_a_fixture_is_the_one_home_of_its_cases(fives_adapter: Adapter) -> None:
    """A contributor adds a case by writing its fixture: the cases no scenario tells are
    run here, as a scenario's last step runs them (a scenario is the story, not a second
    home of the case)."""
    wrong = []
    for case in untold(load_cases()):
        try:
            case_holds(fives_adapter, case)
        except AssertionError as exc:  # every bad case is named, not only the first
            wrong.append(str(exc).split("\nassert ")[0])
    assert not wrong, f"{len(wrong)} cases fail:\n\n" + "\n\n".join(wrong)


def test_a_fixture_no_scenario_tells_is_run_all_the_same(tmp_path: Path) -> None:
    """The instrument: a new fixture with no scenario is found, and a wrong engine fails it."""
    folder = _write(tmp_path, GOOD)
    found = untold(load_cases(folder))
    assert [c.fixture_id for c in found] and all(c.fixture_id == "layout/probe" for c in found)
    for case in found:
        case_holds(PythonAdapter(ReferenceImplementation()), case)
    with pytest.raises(AssertionError, match=r"layout/probe.*probe\.yaml line \d+ \(expect"):
        for case in found:
            case_holds(PythonAdapter(LeadDoesNotScore()), case)


def _nested(depth: int) -> str:
    return "deep: " + "[" * depth + "]" * depth + "\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            GOOD + "level: should\n",
            rf"line {GOOD_LINES + 1}: duplicate key 'level' \(first on line 4\)",
        ),
        (GOOD.replace("games: [five-up]", "games: &g [five-up]"), r"line 3: .*anchors"),
        (
            "a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n" + GOOD,
            r"line 1: .*anchors",
        ),
        (
            GOOD.replace("id: layout/probe", "id: layout/probe\nkind: ../../etc/passwd"),
            r"line 2: field kind: '../../etc/passwd' is not a fixture kind",
        ),
        (GOOD + _nested(200), rf"line {GOOD_LINES + 1}: nested deeper than"),
        (GOOD + "# " + "x" * (1 << 20) + "\n", r"larger than 262144 bytes"),
    ],
)
def test_a_hostile_fixture_is_refused_naming_file_and_line(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(FixtureError, match=r"probe\.yaml: " + message):
        load_cases(_write(tmp_path, text))


def test_a_fixture_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    folder = _write(tmp_path, GOOD)
    (folder / "probe.yaml").write_bytes(GOOD.encode().replace(b"title: probe", b"title: pr\xf6be"))
    with pytest.raises(FixtureError, match=r"probe\.yaml: line 2: not UTF-8 text"):
        load_cases(folder)


#: Seat 0 has gone out: [0|0] led, seat 1 holds every other tile, the boneyard is empty.
_REST = ",".join(f"[{a}|{b}]" for a in range(7) for b in range(a, 7) if (a, b) != (0, 0))
#: An interpretation a perft record may name (a reading about places, as perft counts them).
READING = "layout.symmetric-attach-points"
PERFT_RECORD = f"""id probe
title a finished hand
rules hand.end.going-out
primary hand.end.going-out
position five-up 2 [0|0] -/{_REST} - 1
perft 1 0
"""


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("level implementation-defined\n", r"names its 'interpretation'"),
        (f"interpretation {READING}\n", r"names its 'interpretation'"),
        ("level sometimes\n", r"field level: expected must or implementation-defined"),
    ],
)
def test_a_perft_record_names_its_level_and_reading(
    tmp_path: Path, extra: str, message: str
) -> None:
    path = tmp_path / "probe.perft"
    path.write_text(PERFT_RECORD + extra, encoding="utf-8")
    with pytest.raises(FixtureError, match=message):
        perft_cases(path)


def test_an_implementation_defined_perft_record_carries_its_reading(tmp_path: Path) -> None:
    path = tmp_path / "probe.perft"
    path.write_text(
        PERFT_RECORD + f"level implementation-defined\ninterpretation {READING}\n",
        encoding="utf-8",
    )
    (case,) = perft_cases(path)
    assert (case.level, case.interpretation) == ("implementation-defined", READING)


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda p: p.symlink_to(p.parent / "gone.yaml"), "a symbolic link to nothing"),
        (lambda p: p.mkdir(), "a folder"),
        (lambda p: os.mkfifo(p), "not a regular file"),  # reading it would block for ever
    ],
    ids=["dangling-link", "folder", "fifo"],
)
def test_something_not_a_file_named_like_a_fixture_is_named_in_one_error(
    make: Callable[[Path], None], kind: str, tmp_path: Path
) -> None:
    for suffix in (".yaml", ".perft"):
        root = tmp_path / suffix[1:]
        root.mkdir()
        make(root / f"odd{suffix}")
        with pytest.raises(FixtureError, match=f"odd\\{suffix}: {kind}"):
            load_cases(root)


def test_a_seat_in_other_digits_than_ascii_is_refused(tmp_path: Path) -> None:
    """``\\d`` also takes Arabic-Indic digits (int() reads them), so seat ١ was seat 1."""
    lines = (ROOT / "fixtures" / "perft" / "positions.perft").read_text("utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("position "))
    end = next(i for i, line in enumerate(lines) if i > first and not line.startswith("perft"))
    start = max(i for i, line in enumerate(lines[:first]) if line.startswith("id "))
    record = lines[start:end]
    (tmp_path / "ascii.perft").write_text("\n".join(record) + "\n", encoding="utf-8")
    assert load_cases(tmp_path)  # the record as committed, seat 0
    at = first - start
    record[at] = record[at][: -len(" 0")] + " \u0660"  # seat 0 in Arabic-Indic digits
    (tmp_path / "ascii.perft").write_text("\n".join(record) + "\n", encoding="utf-8")
    with pytest.raises(FixtureError, match="to move"):
        load_cases(tmp_path)


def _illegal_setup(case: Case) -> str | None:
    """The first play of a layout case's ``plays`` that cannot be made where it stands:
    a fixture states a layout reached by legal plays (only its probe may be illegal)."""
    if case.request.get("type") != "layout":
        return None
    layout = find_game(case.game).new_layout()
    for number, text in enumerate(case.request["plays"], 1):
        try:
            layout.play(Play.parse(text))
        except FivesError as exc:
            return f"{case.id}: play {number} {text}: {exc}"
    return None


def test_every_layout_fixture_is_reached_by_legal_plays() -> None:
    assert [p for p in map(_illegal_setup, load_cases()) if p] == []


def test_a_fixture_with_an_illegal_play_in_its_setup_is_caught(tmp_path: Path) -> None:
    source = ROOT / "fixtures" / "layout" / "rulings" / "all-fives-later-double-straight-b.yaml"
    text = source.read_text("utf-8")
    legal = '"[6|6]@[2|6]:big-end"'
    assert legal in text
    (tmp_path / source.name).write_text(text.replace(legal, '"[6|6]@[2|2]:straight-b"'), "utf-8")
    cases = load_cases(tmp_path)
    assert cases and all(_illegal_setup(c) for c in cases)


def test_a_wrong_hand_worked_value_is_reported_as_the_suites_fault(tmp_path: Path) -> None:
    """A contributor's wrong expected value is not an implementer's fault: certifying the
    reference engine names the fixture's file and the line of the value, and the verdict
    says the suite fails its own engine. A bent engine's failure reads as its own."""
    wrong = GOOD.replace("score: {raw: 5, display: 1}", "score: {raw: 10, display: 2}")
    folder = _write(tmp_path, wrong)
    cases = load_cases(folder)
    run = run_cases(PythonAdapter(ReferenceImplementation()), cases)
    failed = [r for r in run.results if r.status == FAIL]
    assert failed, "the wrong value fails"
    line = GOOD.splitlines().index("  score: {raw: 5, display: 1}") + 1
    assert f"worked by hand in: {folder / 'probe.yaml'} line {line} (expect.score)" in (
        describe_failure(failed[0])
    )
    assert "the reference engine fails its own suite" in decide(run).text
    bent = run_cases(PythonAdapter(LeadDoesNotScore()), load_cases(_write(tmp_path, GOOD)))
    assert any(r.status == FAIL for r in bent.results)
    assert "its own suite" not in decide(bent).text
