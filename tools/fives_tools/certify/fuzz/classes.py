"""Disagreements and their classes: request type + differing fields + rules involved +
the kinds of error the two replies give.

The rules involved are derived from evidence, never guessed (see ``rules_involved``),
by the judgement ``fives certify`` makes of the same difference
(:mod:`fives_tools.certify.judge.fuzzed`, with the reference engine's reply as the facts): the
rule an error names (either side's); the first stretch of events that differs; the rules
common to the families of every differing field; at last the rules the suite's cases
check at the request's level. Families are rule-ID prefixes, kept to the rules the game
has. What fuzz adds is only its narrowing: a first difference may cause the rest, and a
class is one cause.

The error kinds keep apart disagreements that the fields alone would merge: an
implementation that answers ``bad-request`` where the reference engine plays on, and one
that answers ``illegal-deal`` there, made two different mistakes. A class whose every rule
depends on an interpretation (its ``interpretation`` in the game document) is
implementation-defined: a reading differs, not a sentence of the sources.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from fives_tools.certify.compare import Mismatch
from fives_tools.certify.findings.finding import FUZZ, Finding, text
from fives_tools.certify.findings.status import IMPLEMENTATION_DEFINED, MUST
from fives_tools.certify.judge.fields import Evidence
from fives_tools.certify.judge.fuzzed import interpretations_of, rules_involved

NO_ERROR = "none"


class ClassKey(NamedTuple):
    """What makes two disagreements one class."""

    type: str  # the request type
    fields: tuple[str, ...]  # the fields that differ, sorted
    rules: tuple[str, ...]  # the rules involved (``rules_involved``)
    errors: tuple[str, ...]  # (reference's error kind, implementation's), or () if neither errs


def error_kind(reply: dict[str, Any]) -> str:
    """The kind of a reply's error, or ``none``."""
    error = reply.get("error")
    return str(error.get("kind")) if isinstance(error, dict) else NO_ERROR


@dataclass
class Disagreement:
    """One disagreement: the request, both replies, and how they differ."""

    seed: int
    index: int
    recipe: str
    request: dict[str, Any]
    expect: dict[str, Any]
    reply: dict[str, Any]
    mismatches: list[Mismatch]
    reference: dict[str, Any] = field(default_factory=dict)  # the reference's whole reply
    #: the class as judged when the finding was found, for one read back from its JSON
    #: report (``fives report``), which keeps the judgement, not both whole replies
    judged: ClassKey | None = None

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules involved, judged with the reference engine's whole reply as the facts."""
        if self.judged is not None:
            return self.judged.rules
        evidence = Evidence(self.mismatches, self.reference, self.reply, self.request)
        return rules_involved(self.request, self.mismatches, evidence)

    @property
    def errors(self) -> tuple[str, ...]:
        if self.judged is not None:
            return self.judged.errors
        kinds = (error_kind(self.reference or self.expect), error_kind(self.reply))
        return () if kinds == (NO_ERROR, NO_ERROR) else kinds

    @property
    def key(self) -> ClassKey:
        if self.judged is not None:
            return self.judged
        fields = tuple(sorted({m.field for m in self.mismatches}))
        return ClassKey(str(self.request["type"]), fields, self.rules, self.errors)

    @property
    def interpretations(self) -> tuple[str, ...]:
        """The readings behind the disagreement when it is implementation-defined, else ()."""
        return interpretations_of(str(self.request["game"]), self.rules)

    def finding(self, rerun: str = "") -> Finding:
        """The disagreement as a finding (``kind`` fuzz), the shape every kind of evidence
        takes: its differing fields, the reference engine's answer expected, the rules
        involved its candidates, the first of them blamed."""
        rules = self.rules
        first = self.mismatches[0] if self.mismatches else None
        readings = self.interpretations
        return Finding(
            record=f"seed {self.seed}, request {self.index}",
            game=str(self.request.get("game", "")),
            hand=0,
            action=None,
            checked=", ".join(sorted({m.field for m in self.mismatches})),
            rule=rules[0] if rules else "",
            what=f"{self.request.get('type')} request ({self.recipe}): the reply differs"
            " from the reference engine's",
            expected=text(first.expected) if first else "",
            got=text(first.got) if first else "",
            prefix=self.request,
            candidates=rules,
            rerun=rerun,
            requirement=IMPLEMENTATION_DEFINED if readings else MUST,
            interpretation=readings[0] if readings else None,
            kind=FUZZ,
        )


@dataclass
class DisagreementClass:
    """Every disagreement of one key: the first found (lowest index), shrunk, and a count."""

    first: Disagreement
    count: int = 1
    shrunk: Disagreement | None = None

    @property
    def key(self) -> ClassKey:
        return self.first.key

    @property
    def implementation_defined(self) -> bool:
        """Every rule involved depends on an interpretation: a reading differs."""
        return bool(self.first.interpretations)

    @property
    def shown(self) -> Disagreement:
        """The finding to print: the shrunk one when shrinking found a smaller request."""
        return self.shrunk or self.first
