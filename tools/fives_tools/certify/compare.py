"""The published equivalence rules: how a reply is held against an expectation.

* attach points and scoring ends compare as multisets of canonical text;
* legal plays compare as sets of canonical play text;
* an expected error compares its ``kind``, and its ``rule`` when the reply names one;
* every other field compares exactly (tiles, spinners and connections in play order).

Nothing else is ignored: a field the case expects and the reply lacks is a mismatch.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

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


def compare(expect: dict[str, Any], reply: dict[str, Any]) -> list[Mismatch]:
    """Every way ``reply`` departs from ``expect`` (empty when they agree)."""
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
            equal = set(map(str, want_n)) == set(map(str, got_n)) and len(set(got_n)) == len(got_n)
        else:
            equal = want_n == got_n
        if not equal:
            out.append(Mismatch(key, want, got))
    return out
