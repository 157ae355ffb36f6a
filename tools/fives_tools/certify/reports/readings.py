"""The readings a run's replies showed: the cases that passed under another reading of an
interpretation of ``spec/interpretations.yaml`` (spec/protocol.md, "Cases neutral to a
reading"). Such a case passes, since the sentence it checks holds under either reading;
the certificate says which reading the implementation took, for its implementers, and
claims nothing more (a reading shown by a few cases is not a reading checked everywhere).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fives_tools.certify.findings.status import PASS
from fives_tools.certify.runner import Result
from fives_tools.text import plural

HEADING = "Readings your replies showed (those cases pass: they hold under either reading)"


def shown(results: Sequence[Result]) -> dict[tuple[str, str], list[str]]:
    """(interpretation, other reading) -> the IDs of the cases that passed under it."""
    out: dict[tuple[str, str], list[str]] = {}
    for r in results:
        if r.status == PASS and r.reading is not None:
            out.setdefault((r.reading.interpretation, r.reading.reading), []).append(r.case.id)
    return out


def reading_lines(results: Sequence[Result]) -> list[str]:
    """One line per other reading shown, e.g. ``reads exact-61.block-zero-event the other
    way: ... (7 cases)``; nothing when every reply took the register's readings."""
    return [
        f"reads {interpretation} the other way: {reading} ({plural(len(ids), 'case')})"
        for (interpretation, reading), ids in shown(results).items()
    ]


def readings_json(results: Sequence[Result]) -> list[dict[str, Any]]:
    return [
        {"interpretation": interpretation, "reading": reading, "cases": ids}
        for (interpretation, reading), ids in shown(results).items()
    ]


def held_against_line(result: Result) -> str:
    """For a failure held against another reading's expectation: which one, and why."""
    if result.reading is None:
        return ""
    return (
        f"held against the expectation under another reading, nearest your reply:"
        f" {result.reading.label}"
    )
