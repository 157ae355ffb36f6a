"""Scripts cut short: the same ``turns`` or ``match`` request with only its first actions.

When an implementation refuses a script the reference engine plays through, the refusal
says little (its state went another way somewhere earlier). The longest prefix it still
answers shows where: there the replies differ in a field that names the rule (a win
declared too soon, a different legal action...).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

SCRIPTED = ("turns", "match")


def length(request: dict[str, Any]) -> int:
    """How many scripted actions the request holds."""
    if request["type"] == "turns":
        return len(request["actions"])
    return sum(len(hand["actions"]) for hand in request["hands"])


def cut(request: dict[str, Any], keep: int) -> dict[str, Any]:
    """``request`` with only its first ``keep`` actions (and no probe after them)."""
    out = copy.deepcopy(request)
    out.pop("reject", None)
    if out["type"] == "turns":
        out["actions"] = out["actions"][:keep]
        return out
    hands = []
    for hand in out["hands"]:
        hands.append({**hand, "actions": hand["actions"][:keep]})
        keep -= len(hand["actions"])
        if keep <= 0:
            break
    out["hands"] = hands
    return out


def longest_answered(request: dict[str, Any], answers: Callable[[dict[str, Any]], bool]) -> int:
    """The most actions the implementation answers, by bisection (the whole is refused)."""
    lo, hi = 0, length(request)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if answers(cut(request, mid)):
            lo = mid
        else:
            hi = mid
    return lo
