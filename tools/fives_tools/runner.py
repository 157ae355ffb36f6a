"""Run cases through an adapter and collect one result per case."""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fives_tools.adapter import Adapter, AdapterError, AdapterInfo
from fives_tools.cases import Case
from fives_tools.compare import Mismatch, compare

PASS, FAIL, ERROR, SKIP = "pass", "fail", "error", "skip"


@dataclass
class Result:
    case: Case
    status: str
    mismatches: list[Mismatch] = field(default_factory=list)
    message: str = ""
    reply: dict[str, Any] | None = None


@dataclass
class Run:
    adapter: AdapterInfo
    results: list[Result]

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def ok(self) -> bool:
        """No must-level case failed or errored."""
        return not any(r.status in (FAIL, ERROR) and r.case.level == "must" for r in self.results)


def select(
    cases: Iterable[Case],
    games: Sequence[str] = (),
    rules: Sequence[str] = (),
    patterns: Sequence[str] = (),
) -> list[Case]:
    """Filter by game, by rule ID and by case ID glob pattern (all optional)."""
    out = []
    for case in cases:
        if games and case.game not in games:
            continue
        if rules and not set(rules) & set(case.rules):
            continue
        if patterns and not any(fnmatch.fnmatchcase(case.id, p) for p in patterns):
            continue
        out.append(case)
    return out


def run_case(adapter: Adapter, case: Case) -> Result:
    try:
        reply = adapter.run(dict(case.request))
    except AdapterError as exc:
        return Result(case, ERROR, message=str(exc))
    if not isinstance(reply, dict):
        return Result(case, ERROR, message=f"reply is not a JSON object: {reply!r}")
    error = reply.get("error")
    if isinstance(error, dict) and error.get("kind") in ("bad-request", "unsupported", "crash"):
        return Result(
            case, ERROR, message=f"{error.get('kind')}: {error.get('message', '')}", reply=reply
        )
    mismatches = compare(case.expect, reply)
    return Result(case, FAIL if mismatches else PASS, mismatches, reply=reply)


def run_cases(
    adapter: Adapter,
    cases: Sequence[Case],
    progress: Callable[[int, int, Result], None] | None = None,
) -> Run:
    info = adapter.start()
    results = []
    try:
        for i, case in enumerate(cases, 1):
            if case.game not in info.games:
                result = Result(
                    case, SKIP, message=f"{info.name} does not declare the game {case.game}"
                )
            else:
                result = run_case(adapter, case)
            results.append(result)
            if progress is not None:
                progress(i, len(cases), result)
    finally:
        adapter.stop()
    return Run(info, results)
