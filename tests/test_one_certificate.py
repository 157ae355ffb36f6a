"""One certificate for every kind of evidence: `fives certify` joins the audit of the
implementation's own games (asked by selfplay, or read with --games) to its cases, in the
verdict and in every output. An engine whose own games break a must rule is never
CERTIFIED, whatever its cases say; a reading answered otherwise withholds nothing; what
was not judged is said."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from bent_engines.own_games import BENT_GAME, hide_a_legal_lead
from test_reports import valid_report

from fives_engine import find_game
from fives_tools.certify.adapters import steered
from fives_tools.certify.adapters.own_games import STEERED_TIMES
from fives_tools.certify.adapters.reference import ReferenceAdapter, ReferenceImplementation
from fives_tools.certify.cases import load_cases
from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.findings.status import IMPLEMENTATION_DEFINED, MUST
from fives_tools.certify.judge.verdict import CERTIFIED, NOT_CERTIFIED, decide
from fives_tools.certify.own_games import OwnGames
from fives_tools.certify.runner import Run, run_cases
from fives_tools.cli import main

HIDES = "bent_engines.own_games:HidesALegalLead"
CANNOT = "bent_engines.own_games:CannotPlayItsOwnGames"


def _certify(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["certify", *args])
    return code, capsys.readouterr().out


def _logs(path: Path, bent: bool) -> Path:
    """The reference engine's own games of every game at 2 players, as JSONL logs; with
    ``bent`` the Five Up game hides a legal lead."""
    engine = ReferenceImplementation()
    lines = []
    for game in ("five-up", "exact-61", "all-fives"):
        request = {"type": "selfplay", "game": game, "players": 2, "unit": "match", "seed": 4}
        record = engine.run(request)["record"]
        lines.append(
            json.dumps(hide_a_legal_lead(record) if bent and game == BENT_GAME else record)
        )
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def test_the_reference_engine_is_certified_on_its_cases_and_its_own_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out = _certify(capsys, "--in-process", "--json", str(tmp_path / "r.json"))
    assert code == 0, out
    assert "Own games (asked: 1 match per game and player count, by selfplay, and" in out
    assert "steered games):" in out and "not judged by its own games" not in out
    games = 9 + STEERED_TIMES * len(steered.load())  # a match per table, each steered twice
    assert f"observation of {games} games" in out and out.rstrip().endswith(": CERTIFIED")
    header = next(line for line in out.splitlines() if line.strip().startswith("rule "))
    assert header.split()[-1] == "games"  # the own games' column of the rule table
    data = valid_report(tmp_path / "r.json")
    assert data["own_games"]["withholds"] is False and data["own_games"]["audit"]["ok"]


def test_own_games_that_break_a_must_rule_withhold_the_certificate_whatever_the_cases_say(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    reports = {
        "--json": tmp_path / "r.json",
        "--junit": tmp_path / "r.xml",
        "--markdown": tmp_path / "r.md",
        "--html": tmp_path / "r.html",
        "--badges": tmp_path / "badges",
    }
    given = [str(item) for pair in reports.items() for item in pair]
    code, out = _certify(capsys, "--python", HIDES, *given)
    every = len(load_cases())
    assert code == 1
    last = out.rstrip().splitlines()[-1]
    # every case passes: only its own games show the fault, once per Five Up table
    assert last.startswith(f"{every} passed, 0 failed, 0 errors, 0 skipped of {every} cases:")
    assert last.endswith("NOT CERTIFIED: own games: 3 divergences on 1 must rule")
    data = valid_report(reports["--json"])
    first = data["own_games"]["audit"]["divergences"][0]
    rule = first["rule"]
    assert rule in find_game(BENT_GAME).rules and first["checked"] == "offered"
    assert data["verdict"]["kind"] == NOT_CERTIFIED and data["own_games"]["withholds"]
    # the likely causes open with the rule its own games break, in its own terms
    causes = out.split("Likely causes", 1)[1].splitlines()[1:3]
    assert causes[0].strip().startswith(f"1. {rule}: 3 divergences in its own games ({BENT_GAME})")
    assert "hand 1, action 1" in causes[0]
    # and so does the JSON report's list, in the same order (it was of the cases alone:
    # empty here, where every case passes)
    assert [c["rule"] for c in data["likely_causes"]][:1] == [rule]
    assert data["likely_causes"][0]["games"] == [BENT_GAME]
    assert f"{rule}: 3 divergences in its own games" in data["likely_causes"][0]["example"]
    # JUnit: a failing test case of the rule in the game's suite, counted
    root = ET.parse(reports["--junit"]).getroot()
    suite = next(s for s in root if s.get("name") == BENT_GAME)
    failing = [c for c in suite if c.find("failure") is not None]
    assert [(c.get("classname"), c.get("name")) for c in failing] == [(f"{BENT_GAME}.games", rule)]
    assert suite.get("failures") == "1" and root.get("failures") == "1"
    markdown = reports["--markdown"].read_text("utf-8")
    assert "## Own games" in markdown and f"divergence 1: {BENT_GAME} 2 players" in markdown
    assert "Own games" in reports["--html"].read_text("utf-8")
    badges = {p.stem: json.loads(p.read_text("utf-8")) for p in reports["--badges"].iterdir()}
    assert badges[BENT_GAME]["color"] == "red"
    assert {b["color"] for g, b in badges.items() if g != BENT_GAME} == {"brightgreen"}


def test_games_that_cannot_be_had_withhold_the_certificate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = _certify(capsys, "--python", CANNOT)
    assert code == 1
    assert out.rstrip().endswith("NOT CERTIFIED: own games: 9 games not given")
    assert "no game loop in this build" in out


def test_logs_given_with_games_are_judged_instead_of_asking(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    clean = _logs(tmp_path / "clean.jsonl", bent=False)
    code, out = _certify(capsys, "--in-process", "--games", str(clean))
    assert code == 0, out
    assert f"Own games (read: {clean}): observation of 3 games" in out
    bent = _logs(tmp_path / "bent.jsonl", bent=True)
    code, out = _certify(capsys, "--in-process", "--games", str(bent))
    assert code == 1
    assert out.rstrip().endswith("NOT CERTIFIED: own games: 1 divergence on 1 must rule")


def test_an_unreadable_log_stops_the_run_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "games.jsonl"
    bad.write_text('{"format": "fives-observation"}\nnot json\n', "utf-8")
    code = main(["certify", "--in-process", "--games", str(bad)])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0]


@pytest.mark.parametrize(
    ("options", "why"),
    [
        (["--own-games", "0"], "--own-games 0"),
        (["--case", "five-up/layout/*"], "--case keep the run to cases; no game was asked"),
    ],
)
def test_a_certificate_without_own_games_says_why(
    capsys: pytest.CaptureFixture[str], options: list[str], why: str
) -> None:
    code, out = _certify(capsys, "--python", HIDES, *options)
    assert code == 0, out  # the bent own games were not judged: nothing withholds
    assert f"Own games: none judged ({why})" in out
    assert "own games:" not in out.rstrip().splitlines()[-1]


def _reading() -> Finding:
    return Finding(
        "log line 1",
        "all-fives",
        3,
        None,
        "result.winner",
        "match.first-to-target",
        "the match's winner",
        "0",
        "1",
        {},
        requirement=IMPLEMENTATION_DEFINED,
        interpretation="all-fives.target-immediate",
    )


def _games(*divergences: Finding) -> OwnGames:
    obs = Observation(divergences=list(divergences))
    obs.tally("all-fives").records = 1
    return OwnGames(obs, "read: log")


def test_a_reading_answered_otherwise_is_a_reason_that_withholds_nothing() -> None:
    run: Run = run_cases(ReferenceAdapter(), load_cases()[:1])
    assert decide(run).kind == CERTIFIED
    run.own_games = _games(_reading())
    found = decide(run)
    assert found.kind == CERTIFIED
    assert "own games: 1 reading of an interpretation answered otherwise" in found.reasons
    # the same divergence of a must rule withholds it; as a consequence of another, not
    run.own_games = _games(replace(_reading(), requirement=MUST))
    assert decide(run).kind == NOT_CERTIFIED
    assert decide(run).reasons == ("own games: 1 divergence on 1 must rule",)
    run.own_games = _games(replace(_reading(), requirement=MUST, consequence_of=1))
    assert decide(run).kind == CERTIFIED


def test_compare_shows_each_implementations_own_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "c.md"
    args = ["compare", "--python", f"bent={HIDES}", "--game", BENT_GAME, "--markdown", str(report)]
    assert main(args) == 0
    out = capsys.readouterr().out
    lines = {line.split(" ", 1)[0]: line for line in out.splitlines()}
    assert "own games: 3 divergences on 1 must rule" in lines["bent"]
    assert "own games" not in lines["reference"]
    markdown = report.read_text("utf-8")
    assert "### games: the implementation's own games" in markdown
    assert "## Own games: bent" in markdown


def test_fuzz_is_shown_in_the_certificate_and_never_weighed_in_its_verdict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bent = ["--python", "bent_engines.catalog:ScoresRoundedDownTotals", "--game", BENT_GAME]
    report = tmp_path / "r.json"
    code, out = _certify(capsys, *bent, "--own-games", "0", "--fuzz", "150", "--json", str(report))
    plain_code, plain = _certify(capsys, *bent, "--own-games", "0")
    assert (code, out.rstrip().splitlines()[-1]) == (plain_code, plain.rstrip().splitlines()[-1])
    heading = "Fuzz (compared with the reference engine; not part of the verdict): "
    line = next(line for line in out.splitlines() if line.startswith(heading))
    assert "random agreement with the reference engine: 150 requests" in line
    assert "0 disagreements" not in line  # the bent scoring disagrees, and is shown
    assert (
        f"fives fuzz --python bent_engines.catalog:ScoresRoundedDownTotals --game {BENT_GAME}"
        in out
    )
    data = valid_report(report)
    assert data["fuzz"]["requests"] == 150 and data["fuzz"]["classes"]
    code, out = _certify(capsys, "--in-process", "--own-games", "0", "--fuzz", "60")
    assert (
        code == 0 and f"{heading}random agreement with the reference engine: 60 requests, 0" in out
    )
