"""The audit's fast replay is an accelerator only: for clean records and for records with
faults injected, the observation it gives equals the reference replay's (divergences,
notes, per-rule tallies), and the equality test fails when the fast path is broken on
purpose: the fall-back to the reference is triggered by disagreement, never skipped."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from observed import minimal_example, observed_match

from fives_engine import find_game
from fives_engine.record import write_record
from fives_fast.hand import FastHand
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.observe import fast
from fives_tools.certify.observe.audit import audit_records
from fives_tools.certify.observe.load import check_record, table
from fives_tools.certify.observe.shards import shard_report
from fives_tools.cli import main
from fives_tools.cli.records import random_match

Record = dict[str, Any]
TABLES = [("five-up", 2), ("five-up", 3), ("exact-61", 2), ("exact-61", 4), ("all-fives", 2),
          ("all-fives", 4)]  # fmt: skip


def stripped(record: Record, *fields: str) -> Record:
    """``record`` with ``fields`` left out of every step."""
    out = copy.deepcopy(record)
    for hand in out["hands"]:
        hand["actions"] = [{k: v for k, v in a.items() if k not in fields} for a in hand["actions"]]
    return out


def clean_records() -> Iterator[Record]:
    """Random matches as observation records: with every optional field (the reference's
    to replay: the fast path leaves ``score`` to it), with all but scores, as minimal logs,
    and as ``fives play`` writes them less their events."""
    for n, (game, players) in enumerate(TABLES):
        full = observed_match(game, players, seed=n + 1, hands=4)
        yield full
        yield stripped(full, "score")
        bare = stripped(full, "offered", "score")
        for hand in bare["hands"]:
            hand.pop("ended", None)
            hand.pop("scores", None)
        yield bare
    for game, seed in (("all-fives", 1), ("all-fives", 2), ("five-up", 3)):
        played = write_record(random_match(game, 2, None, seed), seed=seed)
        for hand in played["hands"]:
            hand.pop("events")
        yield played
    yield minimal_example()


CLEAN = list(clean_records())


def _hand(record: Record, index: int) -> dict[str, Any]:
    hand: dict[str, Any] = record["hands"][index]
    return hand


def _illegal(record: Record) -> None:
    _hand(record, 0)["actions"][2]["action"] = "pass"  # the boneyard still has tiles


def _out_of_turn(record: Record) -> None:
    step = _hand(record, 0)["actions"][1]
    step["seat"] = (step["seat"] + 1) % len(_hand(record, 0)["deal"]["hands"])


def _settled(record: Record) -> None:
    _hand(record, 0)["scores"][0] += 5


def _ended(record: Record) -> None:
    hand = _hand(record, 0)
    hand["ended"] = "block" if hand["ended"] == "out" else "out"


def _cut_short(record: Record) -> None:
    _hand(record, 0)["actions"].pop()


def _result(record: Record) -> None:
    record["result"] = {"scores": [s + 5 for s in _hand(record, -1)["scores"]], "winner": 0}


def _score(record: Record) -> None:
    step = next(a for a in _hand(record, 0)["actions"] if "score" in a)
    step["score"] += 5


def _offered(record: Record) -> None:
    step = next(a for a in _hand(record, 0)["actions"] if len(a.get("offered", ())) > 1)
    step["offered"].pop()


def _drawn(record: Record) -> None:
    step = next(a for h in record["hands"] for a in h["actions"] if a["action"] == "draw")
    step["tile"] = "[6|6]" if step.get("tile") != "[6|6]" else "[0|0]"


#: (fault, the step fields left out of the record it is injected into)
BARE = ("offered", "score")
FAULTS: list[tuple[Callable[[Record], None], tuple[str, ...]]] = [
    (_illegal, BARE),
    (_out_of_turn, BARE),
    (_settled, BARE),
    (_ended, BARE),
    (_cut_short, BARE),
    (_result, BARE),
    (_drawn, BARE),
    (_score, ()),
    (_offered, ("score",)),
]


def faulty_records() -> Iterator[Record]:
    for n, (game, players) in enumerate(TABLES[:4]):
        full = observed_match(game, players, seed=n + 20, hands=3)
        for fault, left_out in FAULTS:
            record = stripped(full, *left_out)
            fault(record)
            yield record


FAULTY = list(faulty_records())


def observe(records: list[Record], quick: bool) -> Observation:
    labelled = [(f"record {n}", copy.deepcopy(r)) for n, r in enumerate(records, 1)]
    return audit_records(labelled, quick=quick)


def assert_same(records: list[Record]) -> None:
    """The fast replay's observation is the reference replay's, to every tally and note."""
    slow, quick = observe(records, quick=False), observe(records, quick=True)
    assert quick.divergences == slow.divergences
    for notes in ("undecided", "stopped", "followed", "unreadable"):
        assert getattr(quick, notes) == getattr(slow, notes), notes
    assert quick.games == slow.games
    assert quick.verdict() == slow.verdict()


def fast_takes(record: Record) -> bool:
    """Whether the fast replay vouches for ``record`` on its own (no reference replay)."""
    checked = check_record(copy.deepcopy(record))
    return fast.replay(checked, find_game(checked["game"]), table(checked)) is not None


def test_clean_records_audit_the_same_on_either_path() -> None:
    assert_same(CLEAN)


def test_the_fast_path_vouches_for_the_clean_records_it_can_check() -> None:
    taken = [fast_takes(r) for r in CLEAN]
    told = [{k for h in r["hands"] for a in h["actions"] for k in a} for r in CLEAN]
    assert taken == ["score" not in t for t in told]  # the reference's to check
    assert any("offered" in t for t, took in zip(told, taken, strict=True) if took)


def test_faulty_records_audit_the_same_on_either_path() -> None:
    obs = observe(FAULTY, quick=True)
    assert len({d.record for d in obs.divergences} | {n.record for n in obs.stopped}) == len(
        FAULTY
    )  # every fault injected shows
    assert_same(FAULTY)


def test_the_fast_path_declines_every_faulty_record() -> None:
    assert not any(fast_takes(r) for r in FAULTY)


def test_records_in_a_batch_keep_their_paths_apart() -> None:
    """A faulty record between clean ones: each judged as alone, the tallies summed."""
    mixed = [CLEAN[1], FAULTY[0], CLEAN[2], FAULTY[2], CLEAN[-2]]
    assert_same(mixed)


def test_the_reference_is_forced_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(fast, "replay", lambda *a: calls.append(1))
    monkeypatch.setenv(fast.REFERENCE_ENV, "1")
    audit_records([CLEAN[1]])
    assert calls == []
    monkeypatch.setenv(fast.REFERENCE_ENV, "0")
    audit_records([CLEAN[1]])
    assert calls == [1]


def test_fives_audit_reports_the_same_on_either_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in [*CLEAN[:3], *FAULTY[:3]]), "utf-8")
    reports, report = [], tmp_path / "report.json"  # named in the output: the same name
    for option in ([], ["--reference-replay"]):
        assert main(["audit", str(log), "--json", str(report), *option]) == 1
        reports.append((json.loads(report.read_text("utf-8")), capsys.readouterr().out))
    assert reports[0] == reports[1]


def test_a_shard_reports_the_same_on_either_path(tmp_path: Path) -> None:
    """What ``--dask`` workers audit: each shard's report, on the path asked for."""
    log = tmp_path / "shard.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in [*CLEAN[3:6], *FAULTY[3:6]]), "utf-8")
    quick, slow = shard_report([str(log)]), shard_report([str(log)], quick=False)
    assert quick == slow and quick["divergences"]


# -- the equality test fails when the fast path is broken ---------------------------------
def test_a_fast_rule_broken_fails_the_equality(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tile just drawn is no longer the only play (turn.play-drawn-tile broken): the
    fast replay still agrees with every clean record, but its tallies, and its verdict on
    a seat that plays another tile than the one it drew, are not the reference's."""
    applied = FastHand.apply_action

    def forgetful(self: FastHand, action: int) -> None:
        applied(self, action)
        self.drawn = -1

    monkeypatch.setattr(FastHand, "apply_action", forgetful)
    with pytest.raises(AssertionError):
        assert_same(CLEAN)


@pytest.mark.parametrize("check", ["settled", "offered", "ended", "result"])
def test_a_check_skipped_fails_the_equality(check: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A field no longer held against the record on the fast path: its fault goes unseen."""
    monkeypatch.setattr(fast._FastAudit, check, lambda self, *args: None)
    with pytest.raises(AssertionError):
        assert_same(FAULTY)


def test_the_memo_of_action_texts_stays_bounded_however_many_texts_a_log_holds() -> None:
    """A hostile log of ever new texts that are no action cannot grow the memo without
    end; past its bound a text is still read right."""
    fast._IDS.clear()
    for n in range(fast._IDS_MAX + 100):
        assert fast._id(f"no action {n}") is None
    assert len(fast._IDS) == fast._IDS_MAX
    assert fast._id("draw") is not None and fast._id("draw") == fast._id("draw")
    fast._IDS.clear()
