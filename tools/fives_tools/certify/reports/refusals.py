"""In how many refusals the implementation named the rule the case expects.

The published equivalence rules compare a refusal's ``rule`` only where the reply names
one (:mod:`fives_tools.certify.compare`): naming it is not required of a third party, so a
certificate can be earned without it. The count says how far the refusals can be trusted
to name what was broken. The reference engine and the fast path name it in every refusal
(tests/test_refusal_rules.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fives_tools.certify.findings.status import FAIL, PASS
from fives_tools.certify.runner import Result


@dataclass(frozen=True)
class Refusals:
    """Cases that expect a refusal and got one of the expected kind."""

    refused: int
    named_right: int  # the reply named the expected rule
    named_none: int  # the reply named no rule (a wrong one fails the case)

    @property
    def named_wrong(self) -> int:
        return self.refused - self.named_right - self.named_none


def count_refusals(results: Sequence[Result]) -> Refusals:
    refused = right = none = 0
    for result in results:
        want = result.case.expect.get("error")
        got = (result.reply or {}).get("error")
        if result.status not in (PASS, FAIL) or not isinstance(want, dict):
            continue
        if not isinstance(got, dict) or got.get("kind") != want.get("kind"):
            continue
        refused += 1
        rule = got.get("rule")
        right += rule == want.get("rule")
        none += not rule
    return Refusals(refused, right, none)


def refusal_line(results: Sequence[Result]) -> str | None:
    """One line for the certificate, or None when no case refused anything."""
    found = count_refusals(results)
    if not found.refused:
        return None
    line = (
        "Refusals naming the expected rule (compared only where named):"
        f" {found.named_right} of {found.refused}"
    )
    if found.named_none:
        line += f" ({found.named_none} name no rule; counted, not required)"
    return line


def refusals_json(results: Sequence[Result]) -> dict[str, Any]:
    found = count_refusals(results)
    return {
        "refused": found.refused,
        "named_expected_rule": found.named_right,
        "named_no_rule": found.named_none,
        "named_another_rule": found.named_wrong,
    }
