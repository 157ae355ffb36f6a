"""Record files audited as shards: one loop that streams each file's records into an
observation, whoever runs it (``fives audit FILE...`` in one process, or a worker of a
Dask cluster, :mod:`.on_dask`), and a shard's JSON report, the form in which audits merge
(:mod:`.merge`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fives_tools import rerun
from fives_tools.certify.findings.observation import Note, Observation
from fives_tools.certify.judge.shown import rejudge
from fives_tools.certify.observe.audit import audit_records
from fives_tools.certify.observe.load import LoadError
from fives_tools.certify.observe.stream import records
from fives_tools.certify.reports import audit as report


def audit_files(
    names: Sequence[str],
    obs: Observation,
    follow: bool = False,
    told: Callable[[str], None] | None = None,
    step: Callable[[], None] | None = None,
    quick: bool | None = None,
) -> int:
    """Audit every record of the files ``names`` into ``obs``, in order, and return how
    many were audited. A record that cannot be read is a note of ``obs.unreadable`` (and
    ``told``, as it is found); ``step`` is called after each record audited; ``quick``:
    whether the fast replay is tried first (:func:`.audit.audit_records`)."""
    audited = 0
    try:
        for name in names:  # each record with its file's audit, quoted: its re-run
            again = rerun.command("fives", "audit", name)
            for label, record in records(name, follow=follow):
                if isinstance(record, LoadError):
                    if told is not None:
                        told(f"fives audit: {record}")
                    obs.unreadable.append(Note(label, 0, None, str(record)))
                    continue
                audit_records(
                    [(label, record)], obs, again, checked=True, quick=quick, judged=False
                )
                audited += 1
                if step is not None:
                    step()
    finally:  # judged once, whole or interrupted: one ranking, not one per record
        rejudge(obs)
    return audited


def shard_report(names: Sequence[str], quick: bool | None = None) -> dict[str, Any]:
    """The JSON report of the files ``names`` audited alone, as ``fives audit FILE...
    --json`` writes it: what a merge adds up."""
    obs = Observation()
    audit_files(names, obs, quick=quick)
    return report.to_json(obs)
