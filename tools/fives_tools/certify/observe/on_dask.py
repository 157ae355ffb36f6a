"""``fives audit --dask WHERE FILE...``: the files audited as shards on a Dask cluster,
one file to a task, and merged as ``--merge`` merges shards audited anywhere: the same
certificate as one process auditing them all (tests/test_audit_dask.py holds it on a
local cluster of two workers).

Dask is an optional extra (``pip install 'fives-conformance[dask]'``): a ``dask.bag``
of the files, each partition one file whose records a worker streams (:mod:`.shards`),
its JSON report the partition's one item. A file is the unit of work: a long log is
split first (JSONL by lines, e.g. ``split -l``). ``WHERE`` is ``local`` (a cluster of this
machine's processes, one per core), ``local:N`` (N worker processes) or the address of a
running scheduler (``tcp://host:8786``), whose workers can import ``fives_tools`` and read
the files by the names given. The local cluster's processes end with the run.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator, Sequence
from typing import Any

from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.observe.load import LoadError
from fives_tools.certify.observe.merge import merged_reports
from fives_tools.certify.observe.shards import shard_report

EXTRA = "pip install 'fives-conformance[dask]'"
LOCAL = re.compile(r"local(?::([1-9][0-9]*))?")


def _shards(names: Sequence[str], quick: bool | None = None) -> list[dict[str, Any]]:
    """One partition of the bag: its files' report (one item)."""
    return [shard_report(list(names), quick)]


@contextlib.contextmanager
def _client(where: str) -> Iterator[Any]:
    """A Dask client on ``where`` (see the module), closed with everything it started."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise LoadError(f"--dask needs the dask extra ({exc.name} is missing): {EXTRA}") from None
    local = LOCAL.fullmatch(where)
    if local is None and where.startswith("local"):
        raise LoadError(f"--dask {where}: expected local, or local:N with N workers from 1")
    if local is None:
        try:
            client = Client(where, timeout="30s")
        except (OSError, ValueError, TimeoutError) as exc:
            raise LoadError(f"--dask {where}: no scheduler there: {exc}") from None
        with client:
            yield client
        return
    workers = int(local.group(1) or os.cpu_count() or 1)
    cluster = LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, Client(cluster) as client:
        yield client


def audit_on_dask(names: Sequence[str], where: str, quick: bool | None = None) -> Observation:
    """The observation of the files ``names``, each audited by a worker of ``where``
    (``quick``: whether the fast replay is tried first, :func:`.audit.audit_records`)."""
    try:
        import dask.bag
    except ImportError as exc:
        raise LoadError(f"--dask needs the dask extra ({exc.name} is missing): {EXTRA}") from None
    with _client(where) as client:
        bag = dask.bag.from_sequence(list(names), npartitions=len(names))
        reports = client.compute(bag.map_partitions(_shards, quick)).result()
    return merged_reports(zip(names, reports, strict=True))
