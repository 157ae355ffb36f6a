"""Shared fixtures: the adapter under test, and the pytest-bdd steps and tag markers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from fives_tools.adapter import Adapter
from fives_tools.reference_adapter import ReferenceAdapter

pytest_plugins = ["steps", "hand_steps"]

SPEC = Path(__file__).resolve().parent.parent / "spec"


def _game_marker(tag: str) -> str:
    return tag.replace("-", "_")


def pytest_configure(config: pytest.Config) -> None:
    tags = yaml.safe_load((SPEC / "tags.yaml").read_text(encoding="utf-8"))
    for group in ("games", "sections"):
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
def fives_adapter() -> Iterator[Adapter]:
    adapter = ReferenceAdapter()
    adapter.start()
    yield adapter
    adapter.stop()
