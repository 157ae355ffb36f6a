"""The auditor's entry point: ``audit_records(records) -> Observation``. Each record is
replayed by :class:`~fives_tools.certify.observe.record_audit.RecordAudit`; once all are
in, each divergence that several misreadings explain keeps the rule that explains the most
divergences of the whole observation.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from fives_engine import (
    FivesError,
    IllegalDealError,
    find_game,
)
from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Note, Observation
from fives_tools.certify.judge import steps
from fives_tools.certify.judge.shown import rejudge
from fives_tools.certify.observe import fast
from fives_tools.certify.observe.load import (
    check_record,
    cumulative,
    own_deal,
    table,
)
from fives_tools.certify.observe.record_audit import RecordAudit
from fives_tools.certify.observe.replay import prefix


def audit_records(
    records: Iterable[dict[str, Any] | tuple[str, dict[str, Any]]],
    observation: Observation | None = None,
    rerun: str = "",
    checked: bool = False,
    quick: bool | None = None,
    judged: bool = True,
) -> Observation:
    """Audit ``records`` (observation records, each alone or with a label saying where it
    came from) and return what was observed; adds to ``observation`` when given. Their
    divergences carry ``rerun``, the command that shows them again (:mod:`fives_tools.rerun`).

    A record that is not an observation record is noted in ``observation.unreadable``
    (when read from a file it is named earlier, by :mod:`.stream`, which ``checked`` says:
    then it is not checked twice, which cost a tenth of an audit).

    ``quick``: whether a record is first replayed on the fast path (:mod:`.fast`), the
    reference replaying it only where that sees anything but agreement; by default, unless
    the environment sets ``FIVES_AUDIT_REFERENCE``. The observation is the same either way.

    ``judged``: whether the observation is judged again before it is returned
    (:func:`rejudge`); a caller streaming records one at a time judges once at the end, so
    that an audit ranks its causes once, not once per record."""
    observation = observation if observation is not None else Observation()
    quick = fast.wanted() if quick is None else quick
    first = len(observation.divergences)
    for index, item in enumerate(records, 1):
        label, record = item if isinstance(item, tuple) else (f"record {index}", item)
        try:
            record = record if checked else check_record(record)
            ruleset = find_game(record["game"])
            setup = table(record)
        except IllegalDealError as exc:  # a table the game is not played at
            observation.tally(record["game"]).records += 1
            allowed = "a table the rules allow", json.dumps(record["setup"])
            _of_setup(observation, label, record, "setup", exc.rule, str(exc), *allowed)
            continue
        except FivesError as exc:
            observation.unreadable.append(Note(label, 0, None, " ".join(str(exc).split())))
            continue
        record = cumulative(record, setup.sides)
        dealt = own_deal(record, ruleset, setup)
        if dealt is not None:  # named once; the hands judged as the implementation deals
            size, usual = dealt.deal_size(setup.players), setup.deal_size(ruleset)
            what = f"deals {size} to {setup.players} players; {ruleset.title} deals {usual} each"
            _of_setup(observation, label, record, "setup.hand_size", steps.HAND_SIZE, what,
                      str(usual), str(size))  # fmt: skip
            ruleset = dealt
        tally = fast.replay(record, ruleset, setup) if quick and dealt is None else None
        if tally is not None:
            fast.add(observation.tally(ruleset.name), tally)
        else:
            RecordAudit(label, record, ruleset, setup, observation).run()
    if rerun:
        added = observation.divergences[first:]
        observation.divergences[first:] = [replace(d, rerun=rerun) for d in added]
    if judged:
        rejudge(observation)
    observation.bound(first)
    return observation


def _of_setup(
    obs: Observation, label: str, record: dict[str, Any], field: str, rule: str, *said: str
) -> None:
    """A divergence of the record's table (``said``: what, expected, got), shown by the
    record without its hands."""
    what, expected, got = said
    obs.divergences.append(
        Finding(
            label, record["game"], 0, None, field, rule, what, expected, got,
            {**record, "hands": []},
        )
    )  # fmt: skip


__all__ = ["audit_records", "prefix"]  # prefix: the record cut after a divergence
