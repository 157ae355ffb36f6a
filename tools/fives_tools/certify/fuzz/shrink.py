"""Shrinking a disagreement to a smaller request that still disagrees the same way.

Greedy delta debugging: drop optional fields (a probe, an agreed target, earlier
scores), then remove chunks of every list of the request (plays, actions, hands, the
tiles of a remaining hand), halves first, down to single items, and keep any candidate
that is smaller, still legal (the reference engine answers it) and still disagrees with
the same class key. Repeat until nothing shrinks or the check budget is spent.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

from fives_tools.certify.fuzz.classes import Disagreement

#: Judges a candidate request: its finding if it is legal and still disagrees, else None.
Judge = Callable[[dict[str, Any]], Disagreement | None]

#: Fields a request can do without (``spec/protocol.md``: each is optional).
OPTIONAL = ("reject", "hand", "target", "last_play")
MAX_CHECKS = 300

Path = tuple[str | int, ...]


def size(request: dict[str, Any]) -> int:
    """How big a request is: the length of its JSON text."""
    return len(json.dumps(request, sort_keys=True))


def _lists(request: dict[str, Any]) -> list[Path]:
    """The lists a request of this type can lose items from, outermost first."""
    kind = request["type"]
    if kind == "layout":
        return [("plays",), ("hand",)]
    if kind == "turns":
        return [("actions",)]
    if kind == "match":
        hands = request.get("hands", [])
        return [("hands",), *[("hands", i, "actions") for i in range(len(hands))]]
    if kind == "settlement":
        return [("hands", i) for i in range(len(request.get("hands", [])))]
    return []


def _get(request: dict[str, Any], path: Path) -> Any:
    """The value at ``path``, None where the request has nothing there."""
    node: Any = request
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _without(request: dict[str, Any], path: Path, start: int, stop: int) -> dict[str, Any]:
    out = copy.deepcopy(request)
    items = _get(out, path)
    del items[start:stop]
    return out


def candidates(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Smaller variants of ``request``, the likeliest to keep the disagreement first."""
    for key in OPTIONAL:
        if key in request:
            yield {k: v for k, v in request.items() if k != key}
    if any(request.get("scores") or ()):
        yield {**request, "scores": [0] * len(request["scores"])}
    if request["type"] == "perft" and int(request["depth"]) > 1:
        yield {**request, "depth": int(request["depth"]) - 1}
    for path in _lists(request):
        items = _get(request, path)
        if not isinstance(items, list):
            continue
        chunk = len(items)
        while chunk >= 1:
            for start in range(len(items) - chunk, -1, -chunk):  # from the end: likelier legal
                yield _without(request, path, start, start + chunk)
            chunk //= 2


def shrink(finding: Disagreement, judge: Judge, max_checks: int = MAX_CHECKS) -> Disagreement:
    """The smallest finding of the same class that greedy delta debugging reaches."""
    best = finding
    checks = 0
    improved = True
    while improved and checks < max_checks:
        improved = False
        for candidate in candidates(best.request):
            if size(candidate) >= size(best.request):
                continue
            checks += 1
            found = judge(candidate)
            if found is not None and found.key == finding.key:
                best, improved = found, True
                break
            if checks >= max_checks:
                break
    return best
