"""Holding an implementation's reply against the reference engine's, with the published
equivalence rules (``fives_tools.certify.compare``).

The reference reply plays the part of a fixture's expectation, restricted as a case is:
a layout request compares only the fields of the layout levels the implementation
declares (``levels.LAYOUT_FIELDS``); every other request type is one level
(``levels.KIND_LEVEL``) and compares every field the reference gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fives_tools.certify import places, refusals
from fives_tools.certify.adapters.interface import Adapter, AdapterError
from fives_tools.certify.cases import levels
from fives_tools.certify.compare import Mismatch, compare

#: Error kinds that say an adapter did not answer (the runner reports them as errors).
NO_ANSWER = ("bad-request", "unsupported", "crash")


def refused(reply: dict[str, Any]) -> bool:
    """Whether ``reply`` is an error that answers nothing (bad request, unsupported, crash)."""
    error = reply.get("error")
    return isinstance(error, dict) and error.get("kind") in NO_ANSWER


def error_fact(reply: dict[str, Any]) -> dict[str, Any] | None:
    """A reply's error as a fixture states it (``kind`` and ``rule``), None if it has none."""
    error = reply.get("error")
    if not isinstance(error, dict):
        return None
    return {k: error[k] for k in ("kind", "rule") if k in error}


def expectation(
    request: dict[str, Any],
    reference: dict[str, Any],
    declared: Sequence[str],
    form: str = places.CANONICAL,
) -> dict[str, Any]:
    """The reference reply as an expectation: the fields the declared levels compare, an
    expected error as its ``kind`` and ``rule`` (a fixture's form), an accepted play left
    out; for an implementation in the pips or ends ``form``, rewritten in that form, as a
    case's is, with :data:`UNDECIDED` set when its rejection is not decidable there."""
    if request["type"] == "layout":
        fields = {f for lv in declared for f in levels.LAYOUT_FIELDS.get(lv, ())}
        expect = {k: v for k, v in reference.items() if k in fields}
    else:
        expect = dict(reference)
    error = error_fact(reference) if expect.pop("error", None) is not None else None
    if error is not None:
        expect["error"] = error
    if form == places.CANONICAL:
        return expect
    level = levels.KIND_LEVEL.get(request["type"], levels.ATTACH_POINTS)
    undecided = places.reject_reason(request, expect, level, form)
    expect = places.project(expect, form)
    if undecided is not None:
        del expect["error"]
        expect[UNDECIDED] = undecided
    return expect


#: The key of an expectation whose rejected play the implementation's form cannot decide:
#: taken, nothing is compared; refused, the rest of the reply is (``spec/protocol.md``).
UNDECIDED = "(undecided)"


def ask(adapter: Adapter, request: dict[str, Any], label: str) -> dict[str, Any]:
    """The adapter's reply; an adapter failure becomes an error reply, so it is compared
    (and counted) like any other disagreement."""
    try:
        return adapter.run(dict(request), label)
    except AdapterError as exc:
        return {"error": {"kind": "crash", "message": str(exc)}}


def differences(
    expect: dict[str, Any],
    reply: dict[str, Any],
    request: dict[str, Any],
    form: str = places.CANONICAL,
) -> list[Mismatch]:
    """Every way ``reply`` departs from ``expect``; a reply that answers nothing is one
    difference, on ``error``. A legal play of the request refused (``error.kind:
    refused``, :mod:`..refusals`) is one difference, on ``refused``, as a case takes it:
    blamed on the rules that allow the play, not on every field left unanswered."""
    refusal = refusals.refusal(reply, request)
    if isinstance(refusal, Mismatch):
        return [refusal]
    if refused(reply) or refusal is not None:
        return [Mismatch("error", expect.get("error", "an answer"), reply["error"])]
    if UNDECIDED in expect:
        if reply.get("error") is None:
            return []  # it took a play its form cannot tell from a legal one
        expect = {k: v for k, v in expect.items() if k != UNDECIDED}
    if "error" not in expect and all(reply.get(k, _MISSING) == v for k, v in expect.items()):
        return []  # the same values agree under every rule (the reference repeats no play)
    return compare(expect, reply, form)


_MISSING = object()
