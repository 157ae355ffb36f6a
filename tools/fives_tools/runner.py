"""Run cases through an adapter and collect one result per case."""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fives_tools.adapter import Adapter, AdapterError, AdapterInfo
from fives_tools.cases import Case
from fives_tools.compare import Mismatch, compare
from fives_tools.text import clean

PASS, FAIL, ERROR, SKIP = "pass", "fail", "error", "skip"
STATUSES = (PASS, FAIL, ERROR, SKIP)


@dataclass
class Result:
    case: Case
    status: str
    mismatches: list[Mismatch] = field(default_factory=list)
    message: str = ""
    reply: dict[str, Any] | None = None
    known: bool = False  # listed in the known-failures file

    @property
    def counts_against(self) -> bool:
        """A must-level failure or error that is not a known failure."""
        return self.status in (FAIL, ERROR) and self.case.level == "must" and not self.known


@dataclass
class Run:
    adapter: AdapterInfo
    results: list[Result]
    fixed: list[str] = field(default_factory=list)  # known failures that now pass

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def ok(self) -> bool:
        """No must-level case failed or errored, known failures aside."""
        return not any(r.counts_against for r in self.results)


def select(
    cases: Iterable[Case],
    games: Sequence[str] = (),
    rules: Sequence[str] = (),
    patterns: Sequence[str] = (),
    levels: Sequence[str] = (),
) -> list[Case]:
    """Filter by game, rule ID, case ID glob pattern and capability level (all optional)."""
    out = []
    for case in cases:
        if games and case.game not in games:
            continue
        if rules and not set(rules) & set(case.rules):
            continue
        if patterns and not any(fnmatch.fnmatchcase(case.id, p) for p in patterns):
            continue
        if levels and case.capability not in levels:
            continue
        out.append(case)
    return out


def read_known_failures(path: Path) -> list[str]:
    """Case IDs or glob patterns, one per line; a ``#`` at the start of a line or after a
    space starts a comment (case IDs contain ``#`` themselves)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = re.split(r"(?:^|\s)#", line, maxsplit=1)[0].strip()
        if entry:
            out.append(entry)
    return out


def skip_reason(info: AdapterInfo, case: Case) -> str | None:
    if case.game not in info.games:
        return f"{info.name} does not declare the game {case.game}"
    if case.capability not in info.levels:
        return f"{info.name} does not declare the level {case.capability}"
    players = case.request.get("players")
    if isinstance(players, int) and players not in info.players:
        return f"{info.name} does not declare {players} players"
    return None


def run_case(adapter: Adapter, case: Case) -> Result:
    try:
        reply = adapter.run(dict(case.request), case.id)
    except AdapterError as exc:
        return Result(case, ERROR, message=str(exc))
    error = reply.get("error")
    if isinstance(error, dict) and error.get("kind") in ("bad-request", "unsupported", "crash"):
        said = clean(str(error.get("message", "")))  # the implementation's words: untrusted
        message = f"the implementation answered {error.get('kind')}: {said}"
        return Result(case, ERROR, message=message, reply=reply)
    mismatches = compare(case.expect, reply)
    return Result(case, FAIL if mismatches else PASS, mismatches, reply=reply)


def run_cases(
    adapter: Adapter,
    cases: Sequence[Case],
    progress: Callable[[int, int, Result], None] | None = None,
    known_failures: Sequence[str] = (),
) -> Run:
    """Start the adapter, run every case (skipping what it does not declare), stop it."""
    info = adapter.start()
    results = []
    try:
        for i, case in enumerate(cases, 1):
            reason = skip_reason(info, case)
            result = Result(case, SKIP, message=reason) if reason else run_case(adapter, case)
            result.known = any(fnmatch.fnmatchcase(case.id, p) for p in known_failures)
            results.append(result)
            if progress is not None:
                progress(i, len(cases), result)
    finally:
        adapter.stop()
    fixed = [r.case.id for r in results if r.known and r.status == PASS]
    return Run(info, results, fixed)
