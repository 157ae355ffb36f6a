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

import contextlib
import json
import shlex
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fives_engine import Ruleset, RulesetError, find_game
from fives_engine.errors import RecordError
from fives_engine.record import parse_json, read_text_file
from fives_tools.certify.findings.finding import Finding, FindingError
from fives_tools.certify.findings.observation import Note, Observation
from fives_tools.certify.judge.shown import rejudge
from fives_tools.certify.observe.load import LoadError

NOTES = ("undecided", "stopped", "followed", "unreadable", "errors")


def merged(paths: list[Path]) -> Observation:
    """The observation of the shards whose JSON reports are at ``paths``; one report given
    twice (the same file under two names) is refused: its games would count twice."""
    seen: dict[tuple[int, int], Path] = {}
    for path in paths:
        with contextlib.suppress(OSError):  # unreadable: said when it is read
            info = path.stat()
            first = seen.setdefault((info.st_dev, info.st_ino), path)
            if first is not path:
                raise LoadError(f"{path}: the report {first} again: each shard once")
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
            _add(obs, _Fields(data, ""))
        except RecordError as exc:
            raise LoadError(f"{name}: {exc}") from None
    rejudge(obs)
    obs.bound(0)
    return obs


#: The largest count a report may give: JSON's exact whole numbers (a log of more games
#: than that was never audited).
MOST = 2**53


class _Fields:
    """A value of a shard's report, each field checked as it is taken: a report is written
    by ``fives audit --json`` but read from anywhere, so a count that is no count, a rule
    no game has or a re-run command that is not ``fives audit``'s is refused, naming the
    field, never added up or printed as given."""

    def __init__(self, value: Any, where: str) -> None:
        self.value = value
        self.where = where

    def _fail(self, expected: str) -> RecordError:
        shown = json.dumps(self.value)[:60] if self.value is not None else "null"
        return RecordError(f"field {self.where or '(top level)'}: expected {expected}, got {shown}")

    def __getitem__(self, key: str) -> _Fields:
        if not isinstance(self.value, dict):
            raise self._fail("an object")
        where = f"{self.where}.{key}".lstrip(".")
        if key not in self.value:
            raise RecordError(
                f"field {where}: missing: not a JSON report of fives audit; write one with --json"
            )
        return _Fields(self.value[key], where)

    def items(self) -> list[tuple[str, _Fields]]:
        if not isinstance(self.value, dict):
            raise self._fail("an object")
        return [(k, _Fields(v, f"{self.where}.{k}")) for k, v in self.value.items()]

    def list(self) -> list[_Fields]:
        if not isinstance(self.value, list):
            raise self._fail("a list")
        return [_Fields(v, f"{self.where}[{i}]") for i, v in enumerate(self.value)]

    def count(self, least: int = 0) -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= MOST:
            raise self._fail(f"a whole number from {least} to 2^53")
        return value

    def maybe_count(self, least: int = 0) -> int | None:
        return None if self.value is None else self.count(least)

    def text(self) -> str:
        if not isinstance(self.value, str):
            raise self._fail("a string")
        return self.value

    def maybe_text(self) -> str | None:
        return None if self.value is None else self.text()

    def one_of(self, names: Iterable[str], what: str) -> str:
        text = self.text()
        if text not in names:
            raise self._fail(what)
        return text


def _rule(field: _Fields, ruleset: Ruleset) -> str:
    return field.one_of(ruleset.rules, f"a rule of {ruleset.name}")


def _rerun(field: _Fields) -> str:
    """A re-run command as ``fives audit`` writes it: ``fives audit`` and its words, each
    quoted (:mod:`fives_tools.rerun`): nothing a shell would read as a second command."""
    text = field.text()
    try:
        words = shlex.split(text)
    except ValueError:
        words = []
    if words[:2] != ["fives", "audit"] or shlex.join(words) != text:
        raise field._fail("a re-run command of fives audit, each word quoted")
    return text


def _add(obs: Observation, report: _Fields) -> None:
    """Add one shard's report to ``obs``, each value checked."""
    if isinstance(report.value, dict) and "interrupted" in report.value:
        raise RecordError("field interrupted: the shard's audit was interrupted; audit it again")
    offset = len(obs.divergences)
    for game, counts in report["games"].items():
        try:
            ruleset = find_game(game)
        except RulesetError:
            raise counts._fail("a game's name as a key") from None
        tally, raw = obs.tally(game), counts["tally"]
        tally.records += counts["records"].count()
        tally.hands += counts["hands"].count()
        tally.actions += counts["actions"].count()
        for rule, n in raw["exercised"].items():
            _rule(_Fields(rule, n.where), ruleset)
            tally.exercised[rule] += n.count()
        for name in ("present", "possible"):
            getattr(tally, name).update(Counter({k: v.count() for k, v in raw[name].items()}))
    items = report["divergences"].list()
    for number, item in enumerate(items, 1):
        obs.divergences.append(_finding(item, number, items, offset))
    for name in NOTES:
        notes: list[Note] = getattr(obs, name)
        notes += [
            Note(n["record"].text(), n["hand"].count(), n["action"].maybe_count(), n["text"].text())
            for n in report[name].list()
        ]


def _finding(item: _Fields, number: int, items: list[_Fields], offset: int) -> Finding:
    """The shard's divergence ``number`` (from 1), its fields' kinds checked by
    :meth:`Finding.from_json`, and here what a report cannot hold besides: a game or rule
    that does not exist, a consequence of itself, of a later divergence or of another
    record (a cycle would count a failing shard as none), a re-run command that is not
    ``fives audit``'s."""
    try:
        finding = Finding.from_json(item.value, offset)
    except FindingError as exc:
        said = str(exc)
        field = said.removeprefix("field ") if said.startswith("field ") else f": {said}"
        raise RecordError(f"field {item.where}.{field}".replace(".:", ":")) from None
    try:
        ruleset = find_game(finding.game)
    except RulesetError:
        raise item["game"]._fail("a game's name") from None
    _rule(item["rule"], ruleset)
    for candidate in item["candidates"].list():
        _rule(candidate, ruleset)
    cause = item["consequence_of"].value
    if cause is not None and (
        cause >= number or items[cause - 1]["record"].value != finding.record
    ):
        raise item["consequence_of"]._fail(
            f"the number of an earlier divergence of the same record (before {number})"
        )
    if finding.rerun:
        _rerun(item["rerun"])
    return finding
