"""The long-log benchmark's generator (benchmarks/fault_log.py) puts its faults where its
manifest says, and the audit finds each there and nothing elsewhere; a manifest or an
audit that disagrees is seen."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from benchmarks.fault_log import KINDS, Fault, held_to, write_fault_log
from fives_tools.cli import main


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Fault], dict[str, Any]]:
    folder = tmp_path_factory.mktemp("fault-log")
    log, report = folder / "log.jsonl", folder / "audit.json"
    faults = write_fault_log(log, 3 * 2**20, every=2)
    assert main(["audit", str(log), "--json", str(report)]) == 1
    return faults, json.loads(report.read_text("utf-8"))


def test_every_fault_is_found_where_it_was_put_and_nothing_elsewhere(
    audited: tuple[list[Fault], dict[str, Any]],
) -> None:
    faults, report = audited
    assert {f.kind for f in faults} == set(KINDS)
    games = {f.line for f in faults}
    assert sum(g["records"] for g in report["games"].values()) >= max(games)
    assert len(report["games"]) == 3  # every game's tables in turn
    assert held_to(report, faults) == ([], [])


def test_a_fault_the_audit_did_not_find_or_one_put_elsewhere_is_seen(
    audited: tuple[list[Fault], dict[str, Any]],
) -> None:
    faults, report = audited
    moved = dataclasses.replace(faults[0], line=faults[0].line + 1)
    missed, extra = held_to(report, [moved, *faults[1:]])
    assert missed == [moved] and len(extra) == 1 and f"line {faults[0].line} " in extra[0]
    own = [d for d in report["divergences"] if d["consequence_of"] is None]
    unseen = {**report, "divergences": [d for d in report["divergences"] if d is not own[-1]]}
    assert len(held_to(unseen, faults)[0]) == 1
