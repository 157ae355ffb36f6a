"""The published equivalence rules: how a reply is held against an expectation.

* attach points and scoring ends compare as multisets of canonical text;
* legal plays compare as sets of canonical play text;
* an expected error compares its ``kind``, and its ``rule`` when the reply names one;
* every other field compares exactly (tiles, spinners and connections in play order).

In the pips form (:mod:`.places`) the expectation arrives projected to that form; legal
plays then compare as sets without the canonical rule against repeats (a lone double's
two straight sides are two open ends showing the same pips), and a reply whose plays name
no anchor (always in the ends form) is held against the expected plays with theirs left
out.

Nothing else is ignored: a field the case expects and the reply lacks is a mismatch.

A case neutral to a reading has more than one expectation (:func:`held_against`): the
reply passes when it equals one of them, and a failing reply is held against the one
nearest it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fives_tools.certify import places as forms

MULTISET_FIELDS = frozenset({"attach_points", "scoring_ends"})
SET_FIELDS = frozenset({"legal_plays", "legal_actions"})


@dataclass(frozen=True)
class Mismatch:
    field: str
    expected: Any
    got: Any

    def describe(self) -> str:
        if isinstance(self.expected, dict) and isinstance(self.got, dict):
            keys = sorted(set(self.expected) | set(self.got), key=str)
            rows = [
                f"{key}: expected {self.expected.get(key, '(none)')},"
                f" got {self.got.get(key, '(none)')}"
                for key in keys
                if self.expected.get(key) != self.got.get(key)
            ]
            return f"{self.field}:\n    " + "\n    ".join(rows)
        if isinstance(self.expected, list) and isinstance(self.got, list):
            missing = list(
                (Counter(map(str, self.expected)) - Counter(map(str, self.got))).elements()
            )
            extra = list(
                (Counter(map(str, self.got)) - Counter(map(str, self.expected))).elements()
            )
            if missing or extra:
                parts = [f"- {item}" for item in missing] + [f"+ {item}" for item in extra]
                return f"{self.field}:\n    " + "\n    ".join(parts)
        return f"{self.field}: expected {self.expected!r}, got {self.got!r}"


_MISSING = object()


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, list):
        return [_norm(v) for v in value]
    return value


def _covers(want: Any, got: Any) -> bool:
    """Whether ``got`` equals ``want``, an object holding at least the keys ``want`` names
    (a reply may carry more fields, spec/protocol.md: a ``score`` with a note of its own)."""
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and _covers(v, _norm(got[k])) for k, v in want.items())
    return bool(want == got)


def _plays_equal(want: list[Any], got: list[Any], places: str) -> bool:
    if places == forms.CANONICAL:
        return set(map(str, want)) == set(map(str, got)) and len(set(got)) == len(got)
    if places == forms.ENDS or forms.names_no_anchor(map(str, got)):
        want, got = forms.without_anchors(map(str, want)), forms.without_anchors(map(str, got))
    return set(map(str, want)) == set(map(str, got))


def compare(
    expect: dict[str, Any], reply: dict[str, Any], places: str = forms.CANONICAL
) -> list[Mismatch]:
    """Every way ``reply`` departs from ``expect`` (empty when they agree), ``reply``
    naming places in the form ``places`` (``expect`` already in that form)."""
    out: list[Mismatch] = []
    for key, want in expect.items():
        got = reply.get(key, _MISSING)
        if got is _MISSING:
            out.append(Mismatch(key, want, "(missing)"))
            continue
        if key == "error":
            if (
                not isinstance(got, dict)
                or got.get("kind") != want["kind"]
                or ("rule" in got and got["rule"] != want["rule"])
            ):
                out.append(Mismatch(key, want, got))
            continue
        want_n, got_n = _norm(want), _norm(got)
        if key in MULTISET_FIELDS and isinstance(got_n, list):
            equal = Counter(map(str, want_n)) == Counter(map(str, got_n))
        elif key in SET_FIELDS and isinstance(got_n, list):
            equal = _plays_equal(want_n, got_n, places)
        else:
            equal = _covers(want_n, got_n)
        if not equal:
            out.append(Mismatch(key, want, got))
    return out


def distance(mismatches: Sequence[Mismatch]) -> int:
    """How far a reply is from an expectation: per differing field, the items missing or
    extra of a list (at least 1), else 1."""
    total = 0
    for m in mismatches:
        if isinstance(m.expected, list) and isinstance(m.got, list):
            want, got = Counter(map(str, m.expected)), Counter(map(str, m.got))
            total += max(1, sum(((want - got) + (got - want)).values()))
        else:
            total += 1
    return total


def held_against(
    expects: Sequence[dict[str, Any]], reply: dict[str, Any], places: str = forms.CANONICAL
) -> tuple[int, list[Mismatch]]:
    """Which of ``expects`` (the main expectation first, then the alternatives) ``reply``
    is held against, and its mismatches: the first it equals; else the nearest by
    :func:`distance`, the earliest on a tie (so the main one unless an alternative is
    strictly nearer)."""
    found = [compare(expect, reply, places) for expect in expects]
    best = min(range(len(found)), key=lambda i: (distance(found[i]), i))
    return best, found[best]
