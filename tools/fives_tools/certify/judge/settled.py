"""A settlement's score event that differs, in plain words: whose hand it is, its pips,
their rounding and the points they come to under the rules, then what the implementation
made of them ("seat 3 holds 22 pips, which round to 20 (a remainder of 2 rounds down): 20
deducted; you rounded them to 25 and deducted 25"), as a layout's fault reads "your ends
total 5; they total 6". Used wherever events are compared (:mod:`.events`): a case, a fuzz
disagreement and an audited record say it the same way.
"""

from __future__ import annotations

import json
from typing import Any

#: The score events a settlement makes (a play's own score is said by :mod:`.events`).
CAUSES = ("deduction", "going-out", "block")


def _remainder(amount: Any) -> str:
    """`` (a remainder of 2 rounds down)``, or nothing for a multiple of 5."""
    if not isinstance(amount, int) or not amount % 5:
        return ""
    left = amount % 5
    return f" (a remainder of {left} rounds {'down' if left < 3 else 'up'})"


def rounding(pips: Any, rounded: Any) -> str:
    """``22 pips, which round to 20 (a remainder of 2 rounds down)``."""
    noun = "pip, which rounds" if pips == 1 else "pips, which round"
    return f"{pips} {noun} to {rounded}{_remainder(pips)}"


def _points(event: dict[str, Any], raw: Any) -> str:
    if event.get("cause") == "deduction" and isinstance(raw, int):
        return f"{-raw} deducted"
    return f"{raw} scored"


def _rules_say(event: dict[str, Any]) -> str:
    """What the rules make of the event, from its own numbers."""
    who = f"seat {event.get('seat')}"
    cause = event.get("cause")
    if cause == "block":
        differences = event.get("differences") or []
        lighter = " and ".join(map(str, differences)) or "nothing"
        pips = event.get("pips")
        held = f"{who} holds {pips} {'pip' if pips == 1 else 'pips'}, lighter than the opposing"
        held += f" hands by {lighter}"
        total = sum(d for d in differences if isinstance(d, int))
        said = f"{held}: {total} together, rounded to {event.get('rounded')}{_remainder(total)}"
    elif cause == "going-out":
        parts = []
        for name in ("opponents", "partner"):
            hand = event.get(name)
            if isinstance(hand, dict):
                verb = "hold" if name == "opponents" else "holds"
                parts.append(f"the {name} {verb} {rounding(hand.get('pips'), hand.get('rounded'))}")
        said = f"{who} goes out; " + "; ".join(parts) if parts else f"{who} goes out"
    else:
        said = f"{who} holds {rounding(event.get('pips'), event.get('rounded'))}"
    return f"{said}: {_points(event, event.get('raw'))}"


def _you(expected: dict[str, Any], given: dict[str, Any]) -> str:
    """What the implementation made otherwise, key by key: ``you counted 7 pips, rounded
    them to 10 and deducted 10``."""
    done = []
    for key in dict.fromkeys([*expected, *given]):
        want, got = expected.get(key), given.get(key)
        if want == got or key in ("event", "cause", "display"):
            continue
        if key == "raw":
            if expected.get("cause") == "deduction" and isinstance(got, int):
                done.append(f"deducted {-got}")
            else:
                done.append(f"scored {got}")
        elif key == "pips":
            done.append(f"counted {got} pips")
        elif key == "rounded":
            done.append(f"rounded them to {got}")
        elif key in ("seat", "side"):
            done.append(f"gave it to {key} {got}")
        elif key == "differences":
            done.append(f"found the differences {got}")
        elif key == "result":
            done.append(f"{got} it" if got in ("applied", "discarded") else f"gave result {got}")
        elif isinstance(want, dict) and isinstance(got, dict):
            whose = "the opponents'" if key == "opponents" else f"the {key}'s"
            pips, rounded = got.get("pips"), got.get("rounded")
            done.append(f"counted {whose} pips as {pips}, rounded to {rounded}")
        else:
            done.append(f"gave {key} {got}")
    if not done:
        return ""
    return "you " + (f"{', '.join(done[:-1])} and {done[-1]}" if len(done) > 1 else done[0])


def changed(expected: Any, given: Any) -> str | None:
    """A settlement's score event that differs, as the rules say it and as the
    implementation made it; None for any other event (its words come from elsewhere)."""
    if not _settles(expected) or not isinstance(given, dict):
        return None
    you = _you(expected, given)
    return _rules_say(expected) + (f"; {you}" if you else "")


def alone(event: Any, missing: bool) -> str | None:
    """A settlement's score event with no partner on the other side: one the rules make
    and the implementation left out (``missing``), or one it made and the rules do not
    (said by its own numbers, which are no rule's)."""
    if not _settles(event):
        return None
    if missing:
        return f"you left out: {_rules_say(event)}"
    facts = ", ".join(
        f"{key} {value}" for key, value in event.items() if key not in ("event", "display")
    )
    return f"you added a score event the rules do not make ({facts})"


def _settles(event: Any) -> bool:
    return (
        isinstance(event, dict) and event.get("event") == "score" and event.get("cause") in CAUSES
    )


def order(expected: list[Any], given: list[Any]) -> str:
    """The same events in another order, said by whose they are."""

    def seats(events: list[Any]) -> str:
        return ", ".join(
            f"seat {e.get('seat')}" if isinstance(e, dict) else json.dumps(e) for e in events
        )

    return (
        f"the same events in another order: the rules give {seats(expected)};"
        f" you gave {seats(given)}"
    )
