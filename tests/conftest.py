"""The pytest-bdd steps and tag markers (the `fives_adapter` fixture comes from the
suite's pytest plugin, fives_tools.pytest_plugin)."""

from __future__ import annotations

import contextlib
import io
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

pytest_plugins = ["steps", "hand_steps"]

SPEC = Path(__file__).resolve().parent.parent / "spec"

# A suite started with SIGINT ignored (`nohup make test &`: a shell ignores it in background
# jobs) passes that on to every process it starts, and the tests that stop a run with Ctrl-C
# would find it ignored. Python's own handler is put back, so the processes the tests start
# get the default again (an ignored signal stays ignored across exec; a handled one does not).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def _game_marker(tag: str) -> str:
    return tag.replace("-", "_")


def pytest_configure(config: pytest.Config) -> None:
    tags = yaml.safe_load((SPEC / "tags.yaml").read_text(encoding="utf-8"))
    for group in ("games", "players", "partnerships", "levels", "sections"):
        for tag, text in tags[group].items():
            config.addinivalue_line("markers", f"{_game_marker(tag)}: {text}")
    config.addinivalue_line(
        "markers", "rule(rule_id): the scenario checks this rule of spec/games/"
    )


def pytest_bdd_apply_tag(tag: str, function: Any) -> bool:
    """Tags become markers: `rule:<ID>` -> rule("<ID>"), `five-up` -> five_up."""
    if tag.startswith("rule:"):
        pytest.mark.rule(tag[len("rule:") :])(function)
    else:
        getattr(pytest.mark, _game_marker(tag))(function)
    return True


@pytest.fixture(scope="session")
def docs_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The books and the API reference written once by `fives docs` (a few seconds), and
    what it said on stderr; shared by the tests that read them, which never write there."""
    from fives_tools.cli import main

    out = tmp_path_factory.mktemp("books")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["docs", "--out", str(out)]) == 0
    return out, err.getvalue()


@pytest.fixture
def every_double_a_spinner() -> Iterator[None]:
    """A fast path (``fives_fast``) that makes every double a spinner in All Fives too."""
    from fives_fast import FastHand

    real = FastHand.__init__

    def bent(self: FastHand, every_double: bool, *args: object) -> None:
        real(self, True, *args)  # type: ignore[arg-type]

    FastHand.__init__ = bent  # type: ignore[method-assign]
    yield
    FastHand.__init__ = real  # type: ignore[method-assign]
