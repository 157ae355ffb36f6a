"""Disagreements and their classes: request type + differing fields + rules involved +
the kinds of error the two replies give.

The rules involved are derived from evidence, never guessed (see ``rules_involved``),
by the judgement ``fives certify`` makes of the same difference
(:mod:`fives_tools.certify.findings`, with the reference engine's reply as the facts): the
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

import functools
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from fives_engine import find_game
from fives_tools.certify.cases import levels
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.judge.events import event_rules
from fives_tools.certify.judge.fields import Evidence, field_rules, lists, refusal_rules

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


def interpretations_of(game: str, rules: tuple[str, ...]) -> tuple[str, ...]:
    """The interpretations the rules depend on, when every one of them depends on one
    (the disagreement is then implementation-defined); else ()."""
    found = [find_game(game).rules[r].interpretation for r in rules]
    if not found or any(i is None for i in found):
        return ()
    return tuple(dict.fromkeys(str(i) for i in found))


def _family_rules(rules: list[str], prefixes: set[str]) -> list[str]:
    return [r for r in rules if any(r.startswith(p) for p in prefixes)]


@functools.cache
def level_rules(game: str, level: str) -> tuple[str, ...]:
    """The rules the suite's cases of ``game`` at ``level`` check (the last resort)."""
    from fives_tools.certify.cases import (
        load_cases,  # the whole suite: only when nothing else names
    )

    checked = {r for c in load_cases() if c.game == game and c.capability == level for r in c.rules}
    return tuple(r for r in find_game(game).rules if r in checked)


def _narrows(prefixes: set[str]) -> bool:
    """Whether families name some rules and not every one (evidence that narrows)."""
    return bool(prefixes) and "" not in prefixes


def rules_involved(
    request: dict[str, Any], mismatches: list[Mismatch], evidence: Evidence
) -> tuple[str, ...]:
    """The game's rules behind the differences, in the game document's order, the most
    precise evidence first: a rule an error names; else the first stretch of differing
    events; else the rules common to every differing field's families (all of them if
    none is common; a field that follows from another, or that no family narrows, adds
    none); else the rules the suite checks at the request's level."""
    game = str(request["game"])
    rules = list(find_game(game).rules)
    named = {r for m in mismatches if m.field == "error" for r in refusal_rules(m)}
    if named & set(rules):
        return tuple(r for r in rules if r in named)
    events = [event_rules(*lists(m), first=True)[0] for m in mismatches if m.field == "events"]
    found = _family_rules(rules, events[0]) if events and _narrows(events[0]) else []
    if not found:
        families = [field_rules(m, evidence)[0] for m in mismatches if m.field != "events"]
        per_field = [set(_family_rules(rules, f)) for f in families if _narrows(f)]
        common = set.intersection(*per_field) if per_field else set()
        found = [r for r in rules if r in (common or set().union(*per_field))]
    level = levels.KIND_LEVEL.get(str(request["type"]))
    if not found and level is not None:
        found = list(level_rules(game, level))
    return tuple(found)


@dataclass
class Finding:
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


@dataclass
class DisagreementClass:
    """Every disagreement of one key: the first found (lowest index), shrunk, and a count."""

    first: Finding
    count: int = 1
    shrunk: Finding | None = None

    @property
    def key(self) -> ClassKey:
        return self.first.key

    @property
    def implementation_defined(self) -> bool:
        """Every rule involved depends on an interpretation: a reading differs."""
        return bool(self.first.interpretations)

    @property
    def shown(self) -> Finding:
        """The finding to print: the shrunk one when shrinking found a smaller request."""
        return self.shrunk or self.first
