"""Anchors inside a book and plain-text values: shared by the model and both writers."""

from __future__ import annotations

from typing import Any

from fives_tools.certify.cases import Case
from fives_tools.rule_links import rule_anchor

__all__ = ["case_anchor", "interpretation_anchor", "rule_anchor", "value_text"]


def value_text(value: Any) -> str:
    """A parameter or expectation value as one line of plain text."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {value_text(v)}" for k, v in value.items()) or "(none)"
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value)
    return str(value)


def case_anchor(case: Case) -> str:
    """The HTML id of a case inside its game's book."""
    return "case-" + case.fixture_id.replace("/", "-")


def interpretation_anchor(interpretation_id: str) -> str:
    return f"interpretation-{interpretation_id}"
