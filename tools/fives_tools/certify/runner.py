"""Run cases through an adapter and collect one result per case."""

from __future__ import annotations

import fnmatch
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fives_tools import partial, processes
from fives_tools.certify import cut
from fives_tools.certify import places as forms
from fives_tools.certify.adapters import reference
from fives_tools.certify.adapters.interface import (
    Adapter,
    AdapterError,
    AdapterInfo,
    AdapterRefused,
)
from fives_tools.certify.cases import Alternative, Case
from fives_tools.certify.cases.selection import Filters
from fives_tools.certify.compare import Mismatch, held_against
from fives_tools.certify.findings.status import ERROR, FAIL, PASS, SKIP
from fives_tools.certify.own_games import OwnGames
from fives_tools.certify.refusals import refusal

if TYPE_CHECKING:
    from fives_tools.certify.fuzz.campaign import Outcome
from fives_tools.partial import Interruption
from fives_tools.text import clean


@dataclass(frozen=True)
class Cut:
    """Where a refused script first went wrong: the most of its actions the implementation
    answers (``kept``), and how its answer there differs from the rules' (the reference
    engine's answer to that prefix, :mod:`.cut`). Evidence for which rule to blame,
    never for the verdict, which the case's hand-worked expectation alone gives."""

    kept: int
    mismatches: tuple[Mismatch, ...]


@dataclass
class Result:
    case: Case
    status: str
    mismatches: list[Mismatch] = field(default_factory=list)
    message: str = ""
    reply: dict[str, Any] | None = None
    known: bool = False  # listed in the known-failures file
    seconds: float = 0.0  # wall time of the case, for JUnit
    #: of a game and level the implementation declares (else a skip the certificate
    #: reports in its coverage line only)
    declared: bool = True
    #: the other reading the reply was held against (None: the case's main expectation):
    #: the one it equals when it passes, the nearest when it fails (compare.held_against)
    reading: Alternative | None = None
    #: a refused script (``bad-request``) cut to the prefix the implementation answers
    cut: Cut | None = None

    @property
    def expect(self) -> dict[str, Any]:
        """The expectation the reply was held against."""
        return self.reading.expect if self.reading is not None else self.case.expect

    @property
    def counts_against(self) -> bool:
        """A must-level failure or error that is not a known failure."""
        return self.status in (FAIL, ERROR) and self.case.level == "must" and not self.known


@dataclass
class Run:
    adapter: AdapterInfo
    results: list[Result]
    #: known-failures entries whose every case now passes, with how many cases each matched
    fixed: list[tuple[str, int]] = field(default_factory=list)
    known_failures: list[str] = field(default_factory=list)  # the entries of the file
    filters: Filters = field(default_factory=Filters)
    left_out: list[Case] = field(default_factory=list)  # suite cases the filters excluded
    command: str = ""  # the command line that made the run, for the reports
    started: str = ""  # ISO 8601 UTC
    seconds: float = 0.0
    #: the Markdown and HTML reports give the date and duration (off for committed reports,
    #: which a second run must leave unchanged)
    timestamps: bool = True
    #: the signal that stopped the run before its end (``SIGTERM``), else empty: the
    #: results are those of the cases before it, and the verdict is no verdict
    interrupted: str = ""
    selected: int = 0  # how many cases the run was to go through
    #: the audit of the implementation's own games, joined to the verdict (None: the run
    #: did not look for them, as a run made in a test or by pytest's plugin)
    own_games: OwnGames | None = None
    #: a differential fuzz campaign against the reference engine, asked with ``--fuzz``:
    #: reported apart from the verdict, which rests on hand-written expectations only
    fuzz: Outcome | None = None
    fuzz_rerun: str = ""  # the re-run commands' prefix of that campaign (``fives fuzz ...``)

    @property
    def interruption(self) -> Interruption | None:
        """What the reports say of an interrupted run (None for a whole run): a signal
        during its own games, after every case, stops them after some games."""
        games = self.own_games.observation.interruption if self.own_games else None
        if games is not None:
            return games
        if not self.interrupted:
            return None
        return Interruption(self.interrupted, len(self.results), self.selected, "case")

    @property
    def declared(self) -> list[Result]:
        """The results of the games and levels the implementation declares: what the
        certificate's tables, JUnit cases and badges cover (the rest is one coverage line)."""
        return [r for r in self.results if r.declared]

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def undecided(self) -> list[Result]:
        """The cases the form of the implementation's places could not decide."""
        return [r for r in self.results if r.message.startswith(forms.UNDECIDABLE)]

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
    keep = Filters.of(games, rules, levels, patterns)
    return [case for case in cases if keep.keeps(case)]


def read_known_failures(path: Path) -> list[str]:
    """Case IDs or glob patterns, one per line; a ``#`` at the start of a line or after a
    space starts a comment (case IDs contain ``#`` themselves)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = re.split(r"(?:^|\s)#", line, maxsplit=1)[0].strip()
        if entry:
            out.append(entry)
    return out


def declares(info: AdapterInfo, case: Case) -> bool:
    """The implementation declares the case's game and level (a player count it leaves
    out is a skip within them)."""
    return case.game in info.games and case.capability in info.levels


def skip_reason(info: AdapterInfo, case: Case) -> str | None:
    if case.game not in info.games:
        return f"{info.name} does not declare the game {case.game}"
    if case.capability not in info.levels:  # never tried: not listed as undecidable
        return f"{info.name} does not declare the level {case.capability}"
    undecidable = forms.level_reason(case.capability) if info.places != forms.CANONICAL else None
    if undecidable:
        return undecidable
    players = case.request.get("players")
    if isinstance(players, int) and players not in info.players:
        return f"{info.name} does not declare {players} players"
    return None


def run_case(adapter: Adapter, case: Case, places: str = forms.CANONICAL) -> Result:
    """One case through ``adapter``, whose replies name places in the form ``places``.

    In the pips form a case whose point the form cannot decide (a rejected play illegal
    only for its place) is a skip with the reason, unless the play was refused and a fact
    of the layout it left unchanged fails."""
    expects = case.expectations
    undecided = None
    if places != forms.CANONICAL:
        projected = [forms.expectation(case, e, places) for e in expects]
        expects, undecided = [e for e, _ in projected], projected[0][1]
    try:
        reply = adapter.run(dict(case.request), case.id)
    except AdapterError as exc:
        return Result(case, ERROR, message=str(exc))
    refused = refusal(reply, case.request)
    if isinstance(refused, Mismatch):  # its engine cannot make a legal play: a failure
        return Result(case, FAIL, [refused], undecided or "", reply)
    if refused is not None:
        return Result(case, ERROR, message=refused, reply=reply)
    error = reply.get("error")
    if isinstance(error, dict) and error.get("kind") in ("bad-request", "unsupported", "crash"):
        said = clean(str(error.get("message", "")))  # the implementation's words: untrusted
        message = f"the implementation answered {error.get('kind')}: {said}"
        shorter = _cut_short(adapter, case, places) if error.get("kind") == "bad-request" else None
        return Result(case, ERROR, message=message, reply=reply, cut=shorter)
    if undecided and "error" in case.expect and not reply.get("error"):
        # it took the play, as the form allows: its facts are of another layout
        return Result(case, SKIP, message=undecided, reply=reply)
    which, mismatches = held_against(expects, reply, places)
    reading = case.alternatives[which - 1] if which else None
    if undecided and not mismatches:
        return Result(case, SKIP, message=undecided, reply=reply, reading=reading)
    status = FAIL if mismatches else PASS
    return Result(case, status, mismatches, undecided or "", reply, reading=reading)


def _cut_short(adapter: Adapter, case: Case, places: str) -> Cut | None:
    """A case's script the implementation refused, cut to the most actions it answers,
    and its answer there held against the rules' (None: no script, a refusal the case
    expects, or no difference the prefix shows)."""
    if case.request.get("type") not in cut.SCRIPTED or "error" in case.expect:
        return None

    def answer(request: dict[str, Any]) -> dict[str, Any] | None:
        try:
            reply = adapter.run(request, case.id)
        except AdapterError:
            return None
        error = reply.get("error")
        return None if isinstance(error, dict) else reply

    kept = cut.longest_answered(case.request, lambda request: answer(request) is not None)
    request = cut.cut(case.request, kept)
    given, rules = answer(request), reference.ReferenceImplementation().run(request)
    if given is None or "error" in rules:
        return None
    expect = {key: rules[key] for key in case.expect if key in rules}
    if places != forms.CANONICAL:
        expect = forms.expectation(case, expect, places)[0]
    mismatches = held_against([expect], given, places)[1]
    return Cut(kept, tuple(mismatches)) if mismatches else None


#: The decimals a run's and a case's durations are kept to: as the JSON report keeps them,
#: so that a report rendered again from its JSON (``fives report``) shows the same figures.
RUN_DIGITS, CASE_DIGITS = 3, 6


def _measured(seconds: float, digits: int = RUN_DIGITS) -> float:
    return round(seconds, digits)


def run_cases(
    adapter: Adapter,
    cases: Sequence[Case],
    progress: Callable[[int, int, Result], None] | None = None,
    known_failures: Sequence[str] = (),
) -> Run:
    """Start the adapter, run every case (skipping what it does not declare), stop it.

    An implementation that fails before it is ready raises :class:`AdapterRefused`: the run
    could not happen, which is not the same as a run that found failures. A Ctrl-C or a
    signal (:class:`processes.Interrupted`) is raised on, carrying the partial run, marked
    interrupted (:func:`partial.carry`): the case it stopped is nobody's failure."""
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    clock = time.perf_counter()
    try:
        info = adapter.start()
    except AdapterError as exc:
        raise AdapterRefused(f"the implementation did not start: {exc}") from None
    results = []
    try:
        for i, case in enumerate(cases, 1):
            case_clock = time.perf_counter()
            reason = skip_reason(info, case)
            if reason:
                result = Result(case, SKIP, message=reason, declared=declares(info, case))
            else:
                result = run_case(adapter, case, info.places)
            result.seconds = _measured(time.perf_counter() - case_clock, CASE_DIGITS)
            results.append(result)
            if progress is not None:
                progress(i, len(cases), result)
    except KeyboardInterrupt as exc:
        run = Run(info, results, started=started, seconds=_measured(time.perf_counter() - clock))
        run.interrupted, run.selected = processes.signal_name(exc), len(cases)
        apply_known_failures(run, known_failures)
        partial.carry(exc, run)
        raise
    finally:
        adapter.stop()
    run = Run(info, results, started=started, seconds=_measured(time.perf_counter() - clock))
    run.selected = len(cases)
    apply_known_failures(run, known_failures)
    return run


def apply_known_failures(run: Run, entries: Sequence[str]) -> None:
    """Mark the results the known-failures ``entries`` list, and find the entries to remove:
    those whose every case that ran now passes, each once with its number of cases (a glob
    is one entry, however many cases it matches)."""
    run.known_failures = list(entries)
    for result in run.results:
        result.known = any(fnmatch.fnmatchcase(result.case.id, p) for p in entries)
    run.fixed = []
    for entry in entries:
        ran = [r for r in run.results if r.status != SKIP and fnmatch.fnmatchcase(r.case.id, entry)]
        if ran and all(r.status == PASS for r in ran):
            run.fixed.append((entry, len(ran)))
