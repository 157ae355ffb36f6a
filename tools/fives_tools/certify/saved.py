"""Saved reports read back (``fives report``): a certificate (``fives certify --json``), a
fuzz report (``fives fuzz --json``) or an audit report (``fives audit --json``), each into
the model its writers render (a :class:`.Run`, an :class:`.Outcome`, an
:class:`.Observation`), so that every form renders again without an adapter and says what
the run said.

A case is found again by its ID in the installed suite, with its reply as the report
keeps it (a wrong one's, a refusal's: what the judge reads); the filters' left-out cases
are the suite's again. The audit report is read by the one parser of audit reports
(:func:`.merge.merged_reports`, which ``fives audit --merge`` uses too).

A file that is not JSON, a report of no known kind, a missing or mistyped field, a case
the suite no longer has, or a report a signal cut short is a :class:`.LoadError`: one line
naming the file and the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fives_tools.certify.adapters.interface import AdapterInfo
from fives_tools.certify.cases import Alternative, Case, load_cases
from fives_tools.certify.cases.selection import Filters, split
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.findings.status import STATUSES
from fives_tools.certify.fuzz.campaign import Outcome
from fives_tools.certify.fuzz.classes import ClassKey, Disagreement, DisagreementClass
from fives_tools.certify.observe.load import LoadError
from fives_tools.certify.observe.merge import merged_reports
from fives_tools.certify.own_games import OwnGames
from fives_tools.certify.reports import audit, formats, fuzz
from fives_tools.certify.runner import Cut, Result, Run


class BadField(Exception):
    """A field of the report is missing or not what it must be."""


@dataclass(frozen=True)
class Field:
    """A value of the report and where it is (``cases[3].status``), for the error."""

    value: Any
    path: str = ""

    def _fail(self, expected: str) -> BadField:
        found = type(self.value).__name__ if self.value is not None else "null"
        where = self.path or "(the whole report)"
        return BadField(f"field {where}: expected {expected}, found {found}")

    def __getitem__(self, key: str) -> Field:
        if not isinstance(self.value, dict):
            raise self._fail("an object")
        path = f"{self.path}.{key}" if self.path else key
        if key not in self.value:
            raise BadField(f"field {path}: missing")
        return Field(self.value[key], path)

    def items(self) -> list[Field]:
        if not isinstance(self.value, list):
            raise self._fail("a list")
        return [Field(v, f"{self.path}[{i}]") for i, v in enumerate(self.value)]

    def text(self) -> str:
        if not isinstance(self.value, str):
            raise self._fail("a string")
        return self.value

    def whole(self) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self._fail("an integer")
        return self.value

    def number(self) -> float:
        if isinstance(self.value, bool) or not isinstance(self.value, int | float):
            raise self._fail("a number")
        return float(self.value)

    def flag(self) -> bool:
        if not isinstance(self.value, bool):
            raise self._fail("true or false")
        return self.value

    def texts(self) -> tuple[str, ...]:
        return tuple(item.text() for item in self.items())

    def obj(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise self._fail("an object")
        return self.value

    @property
    def null(self) -> bool:
        return self.value is None


@dataclass
class Certificate:
    run: Run
    rerun: str  # the command that certifies it alone: each failure's re-run line starts so


@dataclass
class Fuzzed:
    outcome: Outcome
    prefix: str  # each re-run command's start


@dataclass
class Audited:
    observation: Observation
    files: list[audit.Files | None]  # what --prefixes wrote, per divergence


Saved = Certificate | Fuzzed | Audited


def load(path: Path) -> Saved:
    """The report at ``path``, read back."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LoadError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise LoadError(f"{path}: not UTF-8 text: not a JSON report of fives") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        at = f"line {exc.lineno}, column {exc.colno}"
        raise LoadError(f"{path}: not a JSON report: {at}: {exc.msg}") from None
    try:
        return read(Field(data), str(path))
    except BadField as exc:
        raise LoadError(f"{path}: {exc}") from None


#: The kinds of report, by the ``report`` field each JSON form begins with.
KINDS = (formats.KIND, fuzz.KIND, audit.KIND)


def read(report: Field, name: str) -> Saved:
    """A report's JSON (``name``: where it came from, for the errors)."""
    kind = report["report"].text()
    if kind not in KINDS:
        raise BadField(f"field report: expected one of {', '.join(KINDS)}, found {kind!r}")
    if "interrupted" in report.obj():
        raise BadField(
            "field interrupted: a signal stopped the run; a partial report is not rendered again"
        )
    if kind == fuzz.KIND:
        return fuzzed(report)
    if kind == audit.KIND:
        files = [_files(item["files"]) for item in report["divergences"].items()]
        return Audited(merged_reports([(name, report.value)]), files)
    return certificate(report, name)


def _files(written: Field) -> audit.Files | None:
    """What ``--prefixes`` wrote for a divergence (None: nothing)."""
    if written.null:
        return None
    table, picture = written["table"], written["picture"]
    return audit.Files(
        written["prefix"].text(),
        None if table.null else table.text(),
        written["moves"].whole(),
        None if picture.null else picture.text(),
    )


def _info(impl: Field) -> AdapterInfo:
    return AdapterInfo(
        name=impl["name"].text(),
        language=impl["language"].text(),
        version=impl["version"].text(),
        protocol=impl["protocol"].text(),
        games=impl["games"].texts(),
        levels=impl["levels"].texts(),
        players=tuple(item.whole() for item in impl["players"].items()),
        places=impl["places"].text(),
        selfplay=impl["selfplay"].texts(),
    )


def _reading(case: Case, item: Field) -> Alternative | None:
    if item.null:
        return None
    wanted = (item["interpretation"].text(), item["reading"].text())
    for alternative in case.alternatives:
        if (alternative.interpretation, alternative.reading) == wanted:
            return alternative
    raise BadField(f"field {item.path}: the installed suite has no such reading of {case.id}")


def _result(item: Field, suite: dict[str, Case]) -> Result:
    case_id = item["id"].text()
    case = suite.get(case_id)
    if case is None:
        raise BadField(f"field {item['id'].path}: no case {case_id} in the installed suite")
    reply, status = item["reply"], item["status"]
    if status.text() not in STATUSES:
        raise BadField(f"field {status.path}: expected one of {', '.join(STATUSES)}")
    return Result(
        case,
        status.text(),
        _mismatches(item["mismatches"]),
        message=item["message"].text(),
        reply=None if reply.null else reply.obj(),
        known=item["known_failure"].flag(),
        seconds=item["seconds"].number(),
        declared=item["declared"].flag(),
        reading=_reading(case, item["reading"]),
        cut=_cut(item),
    )


def _mismatches(items: Field) -> list[Mismatch]:
    return [Mismatch(m["field"].text(), m["expected"].value, m["got"].value) for m in items.items()]


def _cut(item: Field) -> Cut | None:
    """A refused script's prefix (absent from a report written before it was kept)."""
    if not isinstance(item.value, dict) or item.value.get("cut") is None:
        return None
    cut = item["cut"]
    return Cut(cut["kept"].whole(), tuple(_mismatches(cut["mismatches"])))


def _own_games(games: Field, name: str) -> OwnGames | None:
    if games.null:
        return None
    found = games["audit"]
    observation = (
        Observation() if found.null else merged_reports([(f"{name} ({found.path})", found.value)])
    )
    skipped = games["skipped"]
    out = OwnGames(observation, games["source"].text(), "" if skipped.null else skipped.text())
    out.unjudged = [
        (item["game"].text(), item["rule"].text(), item["why"].text())
        for item in games["unjudged"].items()
    ]
    return out


def certificate(report: Field, name: str) -> Certificate:
    """A certificate's JSON back into its run."""
    cases = load_cases()
    suite = {case.id: case for case in cases}
    given = report["filters"]
    filters = Filters.of(*(given[option].texts() for option in ("game", "rule", "level", "case")))
    known = report["verdict"]["known_failures"]
    results = [_result(item, suite) for item in report["cases"].items()]
    run = Run(
        _info(report["implementation"]),
        results,
        fixed=[(n["entry"].text(), n["cases"].whole()) for n in known["now_passing"].items()],
        known_failures=list(known["entries"].texts()),
        filters=filters,
        left_out=split(cases, filters)[1],
        command=report["command"].text(),
        started=report["date"].text(),
        seconds=report["duration_seconds"].number(),
        timestamps=report["timestamps"].flag(),
        selected=len(results),
        own_games=_own_games(report["own_games"], name),
    )
    campaign = report["fuzz"]
    if not campaign.null:
        found = fuzzed(campaign)
        run.fuzz, run.fuzz_rerun = found.outcome, found.prefix
        run.fuzz.implementation = run.adapter
    return Certificate(run, report["rerun"].text())


def _finding(seed: int, cls: Field, key: ClassKey, request: str, differences: bool) -> Disagreement:
    mismatches = [
        Mismatch(d["field"].text(), d["expected"].value, d["got"].value)
        for d in cls["differences"].items()
    ]
    return Disagreement(
        seed,
        cls["index"].whole(),
        cls["recipe"].text(),
        cls[request].obj(),
        {},
        {},
        mismatches if differences else [],
        judged=key,
    )


def fuzzed(report: Field) -> Fuzzed:
    """A fuzz report's JSON back into its outcome."""
    impl = report["implementation"]
    said = (impl["name"].text(), impl["language"].text(), impl["version"].text())
    info = AdapterInfo(*said, protocol="", games=(), levels=())
    seed = report["seed"].whole()
    outcome = Outcome(
        info,
        seed,
        requests=report["requests"].whole(),
        invalid=[item.whole() for item in report["invalid_requests"].items()],
        seconds=report["seconds"].number(),
    )
    for cls in report["classes"].items():
        errors = cls["errors"]
        key = ClassKey(
            cls["type"].text(),
            cls["fields"].texts(),
            cls["rules"].texts(),
            () if errors.null else (errors["reference"].text(), errors["implementation"].text()),
        )
        shrunk = cls["shrunk"].flag()
        found = DisagreementClass(
            _finding(seed, cls, key, "original_request", not shrunk),
            cls["count"].whole(),
            _finding(seed, cls, key, "request", True) if shrunk else None,
        )
        outcome.classes[key] = found
    return Fuzzed(outcome, report["rerun_prefix"].text())


__all__ = ["Audited", "Certificate", "Fuzzed", "Saved", "load", "read"]
