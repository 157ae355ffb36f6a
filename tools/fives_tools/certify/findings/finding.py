"""One finding: a place where an implementation's answer differs from the rules', in one
shape whatever evidence found it (toml-test's one ``Test`` record, Bowtie's one result).

* ``kind`` ``audit``: a step of one of its own games replayed under the rules (the audit's
  *divergence*): ``record`` is the record's label, ``hand`` and ``action`` where in it,
  ``prefix`` the record cut after that step;
* ``kind`` ``case``: a field of a reply that differs from a hand-written case: ``record``
  is the case's ID, ``prefix`` the request;
* ``kind`` ``fuzz``: a field that differs from the reference engine's reply to a random
  request: ``record`` says which (``seed 3, request 17``), ``prefix`` the request.

``checked`` is the field or step that differs, ``expected`` and ``got`` its two answers in
words, ``candidates`` every rule whose misreading gives what was answered and ``rule`` the
one the judge blames; ``consequence_of`` the number of the earlier finding it follows
from (then it counts for no rule of its own). The text form is :meth:`Finding.to_json`,
read back by :meth:`Finding.from_json`, which trusts no value it is given.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from fives_tools.certify.findings.status import IMPLEMENTATION_DEFINED, MUST

#: The kinds of evidence a finding comes from.
AUDIT, CASE, FUZZ = "audit", "case", "fuzz"
KINDS = (AUDIT, CASE, FUZZ)
REQUIREMENTS = (MUST, IMPLEMENTATION_DEFINED)


class FindingError(ValueError):
    """A finding's text form that is no finding: which field, and what was expected."""


@dataclass(frozen=True)
class Finding:
    """One place the answer differs from the rules' (see the module).

    ``action`` is the action's number in the match (from 1, as ``fives render --move``
    counts), None for a fault of the deal, the hand's end or the result, and for a case or
    a fuzz request.
    """

    record: str
    game: str
    hand: int
    action: int | None
    checked: str  # the field or step that differs: action, offered, score, scores ...
    rule: str
    what: str
    expected: str
    got: str
    prefix: dict[str, Any] = field(repr=False, compare=False)
    table: str = ""  # the reference's table at that step, in words
    #: the reference's replay up to that step as a full game record (for ``fives render``)
    table_record: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    #: every rule whose misreading gives what was answered (``rule`` is the one kept)
    candidates: tuple[str, ...] = ()
    #: the command that shows it again, when it was not read from a file
    rerun: str = ""
    #: ``must``, or ``implementation-defined`` when only a reading of ``interpretation``
    #: (spec/interpretations.yaml) makes it a finding: then it never counts as a failure
    requirement: str = MUST
    interpretation: str | None = None
    #: the number (from 1) of the earlier finding of the same record it follows from (a
    #: winner after a wrong score): shown with it, never counted for its own rule
    consequence_of: int | None = None
    #: how the rules' number arises and how the answered one could, in the answer's own
    #: terms (the scoring ends and their values, each hand's pips and rounding, the scores)
    explain: tuple[str, ...] = ()
    kind: str = AUDIT

    @property
    def counted(self) -> bool:
        """A finding of its own, not a consequence of an earlier one."""
        return self.consequence_of is None

    @property
    def against(self) -> bool:
        """A finding that withholds a certificate: of a ``must`` rule, of its own."""
        return self.counted and self.requirement == MUST

    def to_json(self) -> dict[str, Any]:
        """The finding's text form (the table's record is left out: ``fives render``
        replays it from the prefix)."""
        return {
            "kind": self.kind,
            "record": self.record,
            "game": self.game,
            "hand": self.hand,
            "action": self.action,
            "checked": self.checked,
            "rule": self.rule,
            "candidates": list(
                self.candidates if self.rule in self.candidates else (self.rule, *self.candidates)
            ),
            "requirement": self.requirement,
            "interpretation": self.interpretation,
            "consequence_of": self.consequence_of,
            "what": self.what,
            "expected": self.expected,
            "recorded": self.got,
            "explain": list(self.explain),
            "table": self.table,
            "prefix": self.prefix,
            "rerun": self.rerun,
        }

    @classmethod
    def from_json(cls, data: Any, offset: int = 0) -> Finding:
        """The finding ``to_json`` wrote; ``offset`` is added to ``consequence_of`` (the
        findings of several reports numbered as one). Every field is checked: a value of
        the wrong kind raises :class:`FindingError` naming the field."""
        if not isinstance(data, dict):
            raise FindingError(f"a finding is an object, not {_kind(data)}")
        cause = _number(data, "consequence_of", optional=True, least=1)
        requirement = _text(data, "requirement")
        if requirement not in REQUIREMENTS:
            raise FindingError(f"field requirement: one of {', '.join(REQUIREMENTS)}")
        kind = _text(data, "kind") if "kind" in data else AUDIT
        if kind not in KINDS:
            raise FindingError(f"field kind: one of {', '.join(KINDS)}")
        interpretation = data.get("interpretation")
        if interpretation is not None and not isinstance(interpretation, str):
            raise FindingError("field interpretation: a string or null")
        prefix = data.get("prefix")
        prefix = {} if prefix is None else prefix
        if not isinstance(prefix, dict):
            raise FindingError("field prefix: an object")
        return cls(
            record=_text(data, "record"),
            game=_text(data, "game"),
            hand=_number(data, "hand", least=0) or 0,
            action=_number(data, "action", optional=True, least=1),
            checked=_text(data, "checked"),
            rule=_text(data, "rule"),
            what=_text(data, "what"),
            expected=_text(data, "expected"),
            got=_text(data, "recorded"),
            prefix=prefix,
            table=_text(data, "table"),
            candidates=tuple(_texts(data, "candidates")),
            rerun=_text(data, "rerun"),
            requirement=requirement,
            interpretation=interpretation,
            consequence_of=None if cause is None else cause + offset,
            explain=tuple(_texts(data, "explain")),
            kind=kind,
        )


def text(value: Any) -> str:
    """An answer's value in a finding's words: a string as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _kind(value: Any) -> str:
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string"}.get(
        type(value), "null" if value is None else f"a {type(value).__name__}"
    )


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise FindingError(f"field {name}: a string, not {_kind(value)}")
    return value


def _texts(data: dict[str, Any], name: str) -> list[str]:
    value = data.get(name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise FindingError(f"field {name}: a list of strings")
    return value


def _number(data: dict[str, Any], name: str, optional: bool = False, least: int = 0) -> int | None:
    value = data.get(name)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        null = " or null" if optional else ""
        raise FindingError(f"field {name}: a whole number from {least}{null}, not {value!r}")
    return value
