"""A game of its own has its own time limit (issue #27, Also): an engine that pauses before
each move for its interface may take longer over a whole ``selfplay`` game than a case may
take; ``--game-timeout`` bounds the game, ``--timeout`` the cases."""

from __future__ import annotations

import sys
from pathlib import Path

import psutil
import pytest

from fives_tools import options
from fives_tools.certify.adapters.interface import AdapterInfo
from fives_tools.certify.adapters.own_games import Table, ask
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.observe.asked import arguments
from fives_tools.certify.own_games import OwnGames
from fives_tools.cli import build_parser, main
from fives_tools.cli.own_games import gather
from fives_tools.options import Implementation

SLOW = '''
import time
from fives_tools.certify.adapters.reference import ReferenceImplementation

class Slow(ReferenceImplementation):
    """Pauses 1.6 s over a game: eight moves at 0.2 s each for its interface."""

    def run(self, request):
        if request.get("type") == "selfplay":
            time.sleep(8 * 0.2)
        return super().run(request)
'''


@pytest.fixture
def slow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    (tmp_path / "slow_engine.py").write_text(SLOW, encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    server = "fives_tools.certify.adapters.stdio_server"
    return [sys.executable, "-m", server, "--python", "slow_engine:Slow"]


def test_a_game_is_bounded_by_the_game_timeout_not_the_case_timeout(slow: list[str]) -> None:
    table = Table("five-up", 2, unit="hand")
    [given] = ask(SubprocessAdapter(slow, timeout=1.0, game_timeout=10.0), table, 1)
    assert given.record is not None, given.error
    [cut] = ask(SubprocessAdapter(slow, timeout=10.0, game_timeout=1.0), table, 1)
    assert cut.record is None and "no answer within 1 s" in cut.error
    [alike] = ask(SubprocessAdapter(slow, timeout=1.0), table, 1)  # no game limit: a case's
    assert alike.record is None and "no answer within 1 s" in alike.error


def test_fives_audit_takes_the_game_timeout(
    slow: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    command = " ".join(slow)
    table = ["--game", "five-up", "--players", "2", "--unit", "hand", "--games", "1"]
    table += ["--no-steered"]  # the one game asked: it is counted
    assert main(["audit", "--adapter", command, *table, "--timeout", "1"]) == 0
    assert "observation of 1 game" in capsys.readouterr().out
    assert main(["audit", "--adapter", command, *table, "--game-timeout", "1"]) == 1
    assert "no answer within 1 s" in capsys.readouterr().out
    assert arguments().game_timeout == options.GAME_TIMEOUT


def test_fives_certify_bounds_its_own_games_by_the_game_timeout(slow: list[str]) -> None:
    """``fives certify --game-timeout`` bounds the games it asks for, as ``fives audit``
    does: the default (300 s) was taken instead, whatever was given. No adapter is left."""
    command = " ".join(slow)
    argv = ["certify", "--adapter", command, "--game", "five-up", "--game-timeout", "1"]
    args = build_parser().parse_args(argv)
    info = AdapterInfo.from_ready({"type": "ready", **ReferenceImplementation().start()})
    games = OwnGames()
    gather(args, Implementation("adapter", command, None), info, ["five-up"], games)
    notes = games.observation.unreadable
    assert notes and all("no answer within 1 s" in n.text for n in notes), notes
    assert not games.observation.games
    left = psutil.Process().children(recursive=True)
    assert [p for p in left if "slow_engine" in " ".join(p.cmdline())] == []
