"""The long-log benchmark's generator (benchmarks/fault_log.py) puts its faults where its
manifest says, and the audit finds each there and nothing elsewhere; a manifest or an
audit that disagrees is seen."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks.fault_log import KINDS, Fault, held_to, split, write_fault_log
from fives_tools.cli import main


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Fault]]:
    path = tmp_path_factory.mktemp("fault-log") / "log.jsonl"
    return path, write_fault_log(path, 3 * 2**20, every=2)


def _report(*args: str) -> dict[str, Any]:
    report = Path(args[0]).with_name("audit.json")
    assert main(["audit", *args, "--json", str(report)]) == 1
    return dict(json.loads(report.read_text("utf-8")))


@pytest.fixture(scope="module")
def audited(log: tuple[Path, list[Fault]]) -> tuple[list[Fault], dict[str, Any]]:
    return log[1], _report(str(log[0]))


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


def test_the_log_split_into_shards_shows_each_fault_at_its_place_in_the_log(
    log: tuple[Path, list[Fault]], audited: tuple[list[Fault], dict[str, Any]]
) -> None:
    path, faults = log
    offsets = split(path, 4)
    lines = [len(Path(name).read_bytes().splitlines()) for name in offsets]
    assert len(lines) == 4 and sum(lines) == len(path.read_bytes().splitlines())
    shards = _report(*offsets)
    assert held_to(shards, faults, offsets) == ([], [])
    assert held_to(shards, faults)[0], "without the offsets the places are the shards' own"
    assert shards["games"] == audited[1]["games"]
