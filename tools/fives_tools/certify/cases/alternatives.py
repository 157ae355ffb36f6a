"""A fixture's alternatives: its expectation under another reading of an interpretation.

A ``must`` case checks a sentence of the sources. Where the reply also shows how the
implementation reads an interpretation of ``spec/interpretations.yaml`` (which events it
lists, say) and the sentence holds under either reading, the fixture gives, per other
reading, the fields that differ under it, worked by hand like the main expectation. The
case then passes a reply equal to the main expectation or to one alternative, and the
certificate says which reading the reply showed (spec/protocol.md, "Cases neutral to a
reading"). The reading itself keeps its ``implementation-defined`` case, which has no
alternatives: it exists to tell the readings apart.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from fives_tools.certify.cases.case import Alternative, FixtureError

#: ``(path, where)`` -> the line of that field, for an error
LineOf = Callable[[Path, list[str | int]], int]


@functools.cache
def _entries() -> dict[str, dict[str, Any]]:
    """The entries of ``spec/interpretations.yaml`` by ID."""
    text = (Path(str(resources.files("fives_spec"))) / "interpretations.yaml").read_text("utf-8")
    return {str(e["id"]): e for e in yaml.safe_load(text)["interpretations"]}


def register() -> dict[str, frozenset[str]]:
    """Every interpretation ID of ``spec/interpretations.yaml`` with the games it holds for."""
    return {i: frozenset(e["games"]) for i, e in _entries().items()}


def question(interpretation: str) -> str:
    """The open question an interpretation answers, in the register's words: what a reader
    is shown for it (an ID such as ``score.negative`` is also a rule's)."""
    return " ".join(str(_entries()[interpretation]["question"]).split())


def check(path: Path, data: dict[str, Any], line_of: LineOf) -> None:
    """Refuse alternatives that name no interpretation of every game of the fixture, repeat
    one reading, name a field the main expectation does not, or change nothing."""
    if data.get("alternatives") and data["level"] == "implementation-defined":
        raise FixtureError(
            f"{path}: line {line_of(path, ['alternatives'])}: field alternatives: an"
            " implementation-defined case exists to tell the readings apart, so it has no"
            " alternatives (a case neutral to a reading is a must or should case)"
        )
    seen: set[tuple[str, str]] = set()
    for i, alternative in enumerate(data.get("alternatives", ())):
        found = _problem(data, alternative, seen)
        if found is not None:
            field, problem = found
            line = line_of(path, ["alternatives", i, field])
            raise FixtureError(f"{path}: line {line}: field alternatives[{i}].{field}: {problem}")


def _problem(
    data: dict[str, Any], alternative: dict[str, Any], seen: set[tuple[str, str]]
) -> tuple[str, str] | None:
    """The field of ``alternative`` that is wrong and why, or None."""
    interpretation = alternative["interpretation"]
    games = register().get(interpretation)
    if games is None:
        return "interpretation", f"{interpretation} is not in spec/interpretations.yaml"
    missing = [g for g in data["games"] if g not in games]
    if missing:
        return "interpretation", f"{interpretation} does not hold for {', '.join(missing)}"
    key = (interpretation, " ".join(alternative["reading"].split()))
    if key in seen:
        return "reading", "the same reading is listed twice"
    seen.add(key)
    extra = [k for k in alternative["expect"] if k not in data["expect"]]
    if extra:
        return "expect", (
            f"{', '.join(extra)}: not a field of the main expectation; an alternative only"
            " gives other values of the fields the case compares"
        )
    if all(data["expect"][k] == v for k, v in alternative["expect"].items()):
        return "expect", "the same as the main expectation: nothing to tell apart"
    return None


def whole(data: dict[str, Any], alternative: dict[str, Any]) -> dict[str, Any]:
    """The fixture as it reads under ``alternative``: its expectation with the fields the
    alternative gives replaced."""
    return {**data, "expect": {**data["expect"], **alternative["expect"]}}


def of_level(
    alternative: dict[str, Any], expect: dict[str, Any], main: dict[str, Any]
) -> list[Alternative]:
    """The alternative for a case whose expectation under the main reading is ``main`` and
    under the alternative ``expect``: none when the two agree (a level the reading does not
    show)."""
    if expect == main:
        return []
    return [
        Alternative(
            alternative["interpretation"], alternative["reading"], expect, alternative["worked"]
        )
    ]
