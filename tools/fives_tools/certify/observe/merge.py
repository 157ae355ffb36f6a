"""Merging audits: a log split into shards, each audited anywhere (``fives audit SHARD
--json A.json``), and the shards' JSON reports merged (``fives audit --merge A.json
B.json``) give the certificate the whole log gives: the counts per game and rule add up,
the divergences are numbered on, each consequence still pointing at its cause, and the
rule kept among a divergence's candidates and the likely causes are ranked again over
all of them (:func:`fives_tools.certify.judge.shown.rejudge`).

A report that is not an audit's JSON report, or one an interruption cut short, is a
:class:`.LoadError` naming the file and the field: a merge never claims more than its
shards checked. The reference's tables (``divergence-N.table.json``) are not in a JSON
report, so ``--prefixes`` of a merge writes the record prefixes alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fives_engine.errors import RecordError
from fives_engine.record import parse_json, read_text_file
from fives_tools.certify.findings.finding import Finding, FindingError
from fives_tools.certify.findings.observation import Note, Observation
from fives_tools.certify.judge.shown import rejudge
from fives_tools.certify.observe.load import LoadError

NOTES = ("undecided", "stopped", "followed", "unreadable", "errors")


def merged(paths: list[Path]) -> Observation:
    """The observation of the shards whose JSON reports are at ``paths``."""
    return merged_reports((str(path), _read(path)) for path in paths)


def _read(path: Path) -> Any:
    try:
        return parse_json(read_text_file(path))
    except OSError as exc:
        raise LoadError(f"{path}: cannot read: {exc.strerror}") from None
    except RecordError as exc:
        raise LoadError(f"{path}: {exc}") from None


def merged_reports(reports: Iterable[tuple[str, Any]]) -> Observation:
    """The observation of shards from their JSON reports, each with the name of where it
    came from (for the error that says a report is none)."""
    obs = Observation()
    for name, data in reports:
        try:
            _add(obs, data)
        except RecordError as exc:
            raise LoadError(f"{name}: {exc}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise LoadError(
                f"{name}: not a JSON report of fives audit ({type(exc).__name__}: {exc});"
                " write one with --json"
            ) from None
    rejudge(obs)
    obs.bound(0)
    return obs


def _add(obs: Observation, report: dict[str, Any]) -> None:
    """Add one shard's report to ``obs``."""
    if "interrupted" in report:
        raise RecordError("field interrupted: the shard's audit was interrupted; audit it again")
    offset = len(obs.divergences)
    for game, counts in report["games"].items():
        tally, raw = obs.tally(game), counts["tally"]
        tally.records += int(counts["records"])
        tally.hands += int(counts["hands"])
        tally.actions += int(counts["actions"])
        for name in ("exercised", "present", "possible"):
            getattr(tally, name).update(Counter({str(k): int(v) for k, v in raw[name].items()}))
    for number, item in enumerate(report["divergences"], 1):
        try:
            obs.divergences.append(Finding.from_json(item, offset))
        except FindingError as exc:
            raise RecordError(f"divergences[{number - 1}]: {exc}") from None
    for name in NOTES:
        notes: list[Note] = getattr(obs, name)
        notes += [
            Note(str(n["record"]), int(n["hand"]), n["action"], str(n["text"]))
            for n in report[name]
        ]
