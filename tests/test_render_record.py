"""`fives render --record FILE --move N`: the table of a game record after action N.

N counts actions from 1 over the whole match, draws and passes included; the table is the
one of the hand action N belongs to. Records here are written by the engine into tmp_path.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from deals import h2_record

from fives_engine import MatchState, Setup, find_game
from fives_engine.record import dumps_record, write_record
from fives_tools.cli import main
from fives_tools.render import to_dot

#: Deal H2 worked by hand (fixtures/turns/two-players-going-out.yaml, one comment per
#: action): the total of the ends after each action, and the raw score it makes.
H2_TOTALS = [(7, 0), (8, 0), (11, 0), (11, 0), (11, 0), (11, 0), (17, 0), (5, 5), (5, 5),
             (10, 10), (11, 0), (12, 0)]  # fmt: skip


def _write(tmp_path: Path, record: dict[str, Any], name: str = "match.json") -> Path:
    path = tmp_path / name
    path.write_text(dumps_record(record), "utf-8")
    return path


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A seeded Five Up match for two, played at random until its third hand is dealt."""
    ruleset = find_game("five-up")
    match = MatchState.seeded(ruleset, Setup.of(ruleset, 2), 11)
    choose = random.Random(11)
    while len(match.hands) < 3:
        match.apply_action(choose.choice(match.legal_actions()))
    record = write_record(match, seed=11)
    return _write(tmp_path_factory.mktemp("record"), record), record


def _render(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["render", *args]) == 0
    return capsys.readouterr().out


def _body(dot: str) -> str:
    """The DOT without its first line (the graph's name)."""
    return dot.split("\n", 1)[1]


def _table(game: str, actions: list[str]) -> str:
    """The DOT of the plays among ``actions``, laid straight on the engine's layout."""
    ruleset = find_game(game)
    layout = ruleset.new_layout()
    for text in actions:
        if text not in ("draw", "pass"):
            layout.play(text)
    return to_dot(layout, ruleset)


def test_each_move_of_deal_h2_shows_the_hand_worked_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, h2_record())
    for move, (total, raw) in enumerate(H2_TOTALS, 1):
        dot = _render(["--record", str(path), "--move", str(move)], capsys)
        assert f"after action {move} (hand 1, action {move})" in dot.splitlines()[0]
        assert f"= {total} -&gt; {raw} raw ({raw // 5} display)" in dot, move
    assert _render(["--record", str(path)], capsys) == _render(
        ["--record", str(path), "--move", "12"], capsys
    )


def test_moves_count_over_the_whole_match_into_later_hands(
    seeded: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, record = seeded
    hands = [[a["action"] for a in hand["actions"]] for hand in record["hands"]]
    assert len(hands) == 3 and hands[0] and hands[1] and not hands[2]
    first = len(hands[0])
    moves = {1: (0, 1), first: (0, first), first + 1: (1, 1), first + len(hands[1]): (1, None)}
    for move, (hand, upto) in moves.items():
        dot = _render(["--record", str(path), "--move", str(move)], capsys)
        actions = hands[hand][:upto]
        assert _body(dot) == _body(_table("five-up", actions)), move
        if (hand, upto) == (1, 1):
            assert dot.count('fillcolor="#fffdf3"') == 1  # the new hand's lead: one tile
    draws = [i for i, a in enumerate(hands[0], 1) if a in ("draw", "pass")]
    assert draws, "the seeded hand has a draw"
    after = _render(["--record", str(path), "--move", str(draws[0])], capsys)
    before = _render(["--record", str(path), "--move", str(draws[0] - 1)], capsys)
    assert _body(after) == _body(before)  # a draw is a move; the table does not change


def test_a_record_renders_to_svg(seeded: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    path, _ = seeded
    out = tmp_path / "table.svg"
    assert main(["render", "--record", str(path), "--move", "2", "-o", str(out)]) == 0
    root = ET.parse(out).getroot()
    assert "after action 2 (hand 1, action 2)" in (root.findtext("{*}g/{*}title") or "")


def _corrupt(record: dict[str, Any]) -> dict[str, Any]:
    bad = json.loads(json.dumps(record))
    bad["hands"][1]["actions"][0]["seat"] = 1 - bad["hands"][1]["actions"][0]["seat"]
    return bad


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--move", "0"], "--move 0: the record REC has TOTAL actions; expected a number from 1"),
        (["--move", "PAST"], "expected a number from 1 to TOTAL: actions count from 1 over"),
        (["--move", "two"], "--move two: the record REC has TOTAL actions"),
        (["--game", "all-fives"], "--game all-fives: the record REC is a match of five-up"),
        (["--record", "CORRUPT", "--move", "1"], "action FIRST2: seat "),
        (["--record", "NOTJSON"], "not JSON: "),
        (["--record", "missing.json"], "--record: no such file: missing.json"),
        (["--plays", "[1|4]", "--game", "five-up", "--move", "1"], "--move goes with --record"),
    ],
)
def test_a_bad_record_or_move_fails_with_one_clear_line(
    args: list[str],
    message: str,
    seeded: tuple[Path, dict[str, Any]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, record = seeded
    total = sum(len(h["actions"]) for h in record["hands"])
    corrupt = _write(tmp_path, _corrupt(record), "corrupt.json")
    not_json = tmp_path / "half.json"
    not_json.write_text(dumps_record(record)[:200], "utf-8")
    words = {
        "REC": str(path),
        "TOTAL": str(total),
        "PAST": str(total + 1),
        "FIRST2": str(len(record["hands"][0]["actions"]) + 1),
        "CORRUPT": str(corrupt),
        "NOTJSON": str(not_json),
    }
    args = [words.get(a, a) for a in args]
    if "--record" not in args and "--plays" not in args:
        args = ["--record", str(path), *args]
    for word, value in words.items():
        message = message.replace(word, value)
    assert main(["render", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fives render: ") and message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
