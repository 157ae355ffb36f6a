"""A differential fuzz campaign in the certificate (``fives certify --fuzz N``): the
implementation's answers to random requests compared with the reference engine's, shown
beside the verdict and never weighed in it. The verdict rests on hand-written
expectations only; a disagreement says where to look, and becomes a case once someone has
worked it by hand from the sources (spec/fuzz.md).
"""

from __future__ import annotations

from typing import Any

from fives_tools.certify.reports import fuzz as report
from fives_tools.certify.runner import Run

#: What the certificate says the campaign is, wherever it shows it.
HEADING = "Fuzz (compared with the reference engine; not part of the verdict)"


def block_lines(run: Run) -> list[str]:
    """The campaign's verdict line and one line per class of disagreement, with the
    rules involved and the command that asks its first request again."""
    outcome = run.fuzz
    if outcome is None:
        return []
    lines = [f"{HEADING}: {outcome.verdict()}"]
    for cls in report.ordered(outcome):
        rules = ", ".join(cls.key.rules) or "(none identified)"
        lines += [
            f"  {report.title(cls)}: {cls.count} times; rules involved: {rules}",
            f"    re-run: {report.rerun(run.fuzz_rerun, cls)}",
        ]
    return lines


def to_json(run: Run) -> dict[str, Any] | None:
    """The campaign as ``fives fuzz --json`` writes it; null when none was asked."""
    return None if run.fuzz is None else report.to_json(run.fuzz, run.fuzz_rerun)


__all__ = ["HEADING", "block_lines", "to_json"]
