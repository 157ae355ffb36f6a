"""A campaign: generate, ask both engines, compare, shrink and classify.

The implementation and the reference engine are reached through the same adapter
interface; the reference engine runs in process (it is the cheap side), on the fast path
where the fast path answers the request (``reference.ReferenceEngine``; every
disagreement is judged again on the reference engine alone). A campaign works
on a slice of the index range (``Slice``), so jobs and shards are only other slices of
the same requests, and their outcomes merge into the one a single process would give.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from fives_tools import partial
from fives_tools.certify import cut, places
from fives_tools.certify.adapters.fast import FAST_PATH_NAME
from fives_tools.certify.adapters.interface import Adapter, AdapterInfo
from fives_tools.certify.fuzz import differ, shrink
from fives_tools.certify.fuzz.classes import ClassKey, Disagreement, DisagreementClass
from fives_tools.certify.fuzz.generate import generate
from fives_tools.certify.fuzz.reference import ReferenceEngine
from fives_tools.certify.fuzz.scope import Scope
from fives_tools.partial import Interruption
from fives_tools.text import plural

#: Requests per campaign by default: well inside 30 s on 2 cores through the protocol.
DEFAULT_BUDGET = 2000


@dataclass(frozen=True)
class Slice:
    """The indices ``offset``, ``offset + step``, ... below ``stop`` (no end if None)."""

    offset: int = 0
    step: int = 1
    stop: int | None = None

    def indices(self) -> Iterator[int]:
        if self.stop is None:
            return itertools.count(self.offset, self.step)
        return iter(range(self.offset, self.stop, self.step))

    def size(self) -> int | None:
        """How many indices, ``None`` for no end (a campaign limited by time)."""
        return None if self.stop is None else len(range(self.offset, self.stop, self.step))

    def split(self, parts: int) -> list[Slice]:
        """``parts`` interleaved slices that together cover this one."""
        return [
            Slice(self.offset + j * self.step, self.step * parts, self.stop) for j in range(parts)
        ]


@dataclass(frozen=True)
class Plan:
    """What to fuzz: the seed, the filters that narrow the declared scope, and limits."""

    seed: int = 0
    games: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    players: tuple[int, ...] = ()
    seconds: float | None = None  # stop after this long (each process)
    first_class_only: bool = False  # stop at the first disagreement
    shrink: bool = True
    fast_path: bool = True  # the expectation on the fast path where it answers the request


@dataclass
class Outcome:
    """What a campaign found; outcomes of slices merge (``merge``) into the whole's."""

    implementation: AdapterInfo
    seed: int
    requests: int = 0
    classes: dict[ClassKey, DisagreementClass] = field(default_factory=dict)
    invalid: list[int] = field(default_factory=list)  # indices the reference refused
    seconds: float = 0.0
    #: set when a signal stopped the campaign: what it found so far is no verdict
    interruption: Interruption | None = None

    @property
    def disagreements(self) -> int:
        return sum(c.count for c in self.classes.values())

    @property
    def ok(self) -> bool:
        return not self.classes and self.interruption is None

    def verdict(self) -> str:
        """The sentence every form leads with; disagreements on implementation-defined
        readings are counted apart from the rest. An interrupted campaign's says so first,
        and never that the engines agree."""
        readings = [c for c in self.classes.values() if c.implementation_defined]
        rest = [c for c in self.classes.values() if not c.implementation_defined]
        found = (
            f"{plural(sum(c.count for c in rest), 'disagreement')} in {plural(len(rest), 'class')}"
        )
        if readings:
            found += (
                f", and {sum(c.count for c in readings)} on implementation-defined readings"
                f" in {plural(len(readings), 'class')}"
            )
        if self.interruption is not None:
            return f"{self.interruption.line}; found so far: {found}"
        done = plural(self.requests, "request")
        return f"random agreement with the reference engine: {done}, {found}"

    def interrupted(self, exc: BaseException, part: Slice) -> None:
        """Mark the outcome as stopped by the signal of ``exc`` while fuzzing ``part``."""
        self.interruption = Interruption.of(exc, self.requests, part.size(), "request")

    def add(self, finding: Disagreement) -> DisagreementClass | None:
        """Count ``finding``; returns its class when it is the first of its class."""
        known = self.classes.get(finding.key)
        if known is not None:
            known.count += 1
            return None
        self.classes[finding.key] = DisagreementClass(finding)
        return self.classes[finding.key]

    def merge(self, other: Outcome) -> None:
        self.requests += other.requests
        self.invalid = sorted(self.invalid + other.invalid)
        self.seconds = max(self.seconds, other.seconds)
        for key, theirs in other.classes.items():
            mine = self.classes.get(key)
            if mine is None:
                self.classes[key] = theirs
                continue
            total = mine.count + theirs.count
            if theirs.first.index < mine.first.index:
                mine = self.classes[key] = theirs
            mine.count = total


class Judge:
    """Asks both engines one request and says whether (and how) they disagree."""

    def __init__(
        self,
        impl: Adapter,
        reference: Adapter,
        declared: Sequence[str],
        authority: Adapter | None = None,
        form: str = places.CANONICAL,
    ) -> None:
        """``authority``: the reference engine alone, asked again before a disagreement
        is reported when ``reference`` answers some requests another way (the fast path)."""
        self.impl = impl
        self.reference = reference
        self.declared = tuple(declared)
        self.authority = authority
        self.form = form  # how the implementation names places

    def check(
        self,
        request: dict[str, Any],
        seed: int = 0,
        index: int = -1,
        recipe: str = "",
        cut_short: bool = True,
        replied: dict[str, Any] | None = None,
    ) -> tuple[bool, Disagreement | None]:
        """Whether the request is legal (the reference answers it, and rejects its probe),
        and the disagreement, if any; with ``cut_short``, a refused script is cut to the
        prefix the implementation answers (once: the prefix is never cut again).
        ``replied``: the implementation's reply already given, not asked again (a crash,
        hang or NaN it gave once would vanish when a restarted adapter answers right)."""
        label = f"fuzz:{seed}:{index}"
        reference = differ.ask(self.reference, request, label)
        if differ.refused(reference) or ("reject" in request and reference.get("error") is None):
            if self.authority is not None:  # so is a request left out as not legal
                return self._on_authority().check(request, seed, index, recipe, cut_short)
            return False, None
        expect = differ.expectation(request, reference, self.declared, self.form)
        reply = differ.ask(self.impl, request, label) if replied is None else replied
        mismatches = differ.differences(expect, reply, request, self.form)
        if not mismatches:
            return True, None
        if self.authority is not None:  # the disagreement stands on the reference alone
            return self._on_authority().check(request, seed, index, recipe, cut_short, reply)
        finding = Disagreement(seed, index, recipe, request, expect, reply, mismatches, reference)
        if cut_short and differ.refused(reply) and request["type"] in cut.SCRIPTED:
            return True, self._cut_short(finding) or finding
        return True, finding

    def _on_authority(self) -> Judge:
        assert self.authority is not None
        return Judge(self.impl, self.authority, self.declared, form=self.form)

    def _cut_short(self, finding: Disagreement) -> Disagreement | None:
        """The refused script cut to the longest prefix the implementation answers, if
        the replies differ there (``prefix``). The prefix is not cut again: against an
        implementation that refuses every script, cutting would never end."""

        def answers(request: dict[str, Any]) -> bool:
            return not differ.refused(differ.ask(self.impl, request, "fuzz:prefix"))

        keep = cut.longest_answered(finding.request, answers)
        request = cut.cut(finding.request, keep)
        legal, shorter = self.check(
            request, finding.seed, finding.index, finding.recipe, cut_short=False
        )
        return shorter if legal else None

    def __call__(
        self, request: dict[str, Any], seed: int = 0, index: int = -1, recipe: str = ""
    ) -> Disagreement | None:
        return self.check(request, seed, index, recipe)[1]


def _nothing() -> None:
    return None


def _ignore(outcome: Outcome) -> None:
    return None


def run_campaign(
    impl: Adapter,
    plan: Plan,
    part: Slice = Slice(),
    step: Callable[[], None] = _nothing,
    watch: Callable[[Outcome], None] = _ignore,
) -> Outcome:
    """Start both engines, fuzz every index of ``part`` (or until time runs out), stop both;
    ``step`` is called after each request (a progress bar's), ``watch`` with the outcome as
    soon as it exists (a worker's, to leave it behind if it is ended). A signal is raised
    on, carrying the outcome so far, marked interrupted (:func:`partial.carry`)."""
    started = time.monotonic()
    info = impl.start()
    # the fast path is never its own expectation
    reference = ReferenceEngine(plan.fast_path and info.name != FAST_PATH_NAME)
    reference.start()
    outcome = Outcome(info, plan.seed)
    watch(outcome)
    try:
        scope = Scope.of(info, plan.games, plan.levels, plan.players)
        judge = Judge(impl, reference, scope.levels, reference.plain, info.places)
        fuzzing = time.monotonic()  # the time limit counts fuzzing, not starting
        for index in part.indices():
            late = plan.seconds is not None and time.monotonic() - fuzzing > plan.seconds
            if late and outcome.requests:  # at least one request, however slow the machine
                break
            generated = generate(plan.seed, index, scope)
            legal, finding = judge.check(generated.request, plan.seed, index, generated.recipe)
            outcome.requests += 1  # answered: a request a signal cut short is not counted
            step()
            if not legal:
                outcome.invalid.append(index)
            if finding is None:
                continue
            new = outcome.add(finding)
            if new is not None and plan.shrink:
                new.shrunk = _shrunk(finding, judge)
            if plan.first_class_only:
                break
    except KeyboardInterrupt as exc:
        outcome.interrupted(exc, part)
        partial.carry(exc, outcome)
        raise
    finally:
        impl.stop()
        reference.stop()
        outcome.seconds = round(time.monotonic() - started, 3)  # as the JSON report keeps it
    return outcome


def _shrunk(finding: Disagreement, judge: Judge) -> Disagreement | None:
    def again(request: dict[str, Any]) -> Disagreement | None:
        return judge(request, finding.seed, finding.index, finding.recipe)

    smaller = shrink.shrink(finding, again)
    return smaller if smaller is not finding else None
