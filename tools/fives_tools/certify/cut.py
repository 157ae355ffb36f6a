"""Scripts cut short: the same ``turns`` or ``match`` request with only its first actions.

When an implementation refuses a script the rules play through (a case's, or one fuzz
made), the refusal says little: its state went another way somewhere earlier. The longest
prefix it still answers shows where: there its reply and the rules' differ in a field that
names the rule (a win declared too soon, another leader, a different legal action...).
Fuzz and the cases (:mod:`.runner`) cut scripts alike.
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
    """``request`` with only its first ``keep`` actions (and no probe after them). A cut at
    the end of a match's hand keeps the next hand's deal with no action: its leader, whom
    a refused first action of that hand may have met, is then in the answer."""
    out = copy.deepcopy(request)
    out.pop("reject", None)
    if out["type"] == "turns":
        out["actions"] = out["actions"][:keep]
        return out
    hands = []
    for hand in out["hands"]:
        hands.append({**hand, "actions": hand["actions"][:keep]})
        keep -= len(hand["actions"])
        if keep < 0:
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
