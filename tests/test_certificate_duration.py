"""The certificate's duration is the whole certification, its own games included (it once
gave 4.4 s of a 402 s run: the cases alone)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from fives_tools.cli import main, own_games


def test_the_duration_includes_the_own_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    judge = own_games.judge

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(1.5)  # own games that take their time
        return judge(*args, **kwargs)

    monkeypatch.setattr(own_games, "judge", slow)
    report = tmp_path / "report.json"
    main(["certify", "-q", "--case", "five-up/layout/diagram-1-2#*", "--json", str(report)])
    assert json.loads(report.read_text("utf-8"))["duration_seconds"] >= 1.5
