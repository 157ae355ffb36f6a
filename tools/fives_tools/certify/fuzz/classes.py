"""Disagreements and their classes: request type + differing fields + rules involved +
the kinds of error the two replies give.

The rules involved are derived from evidence, never guessed (see ``rules_involved``): the
rule an error names (either side's); the first event that differs, whose kind (and
cause) names a family of rules (``EVENT_RULES``); the family of rules that produce each
differing field (``FIELD_RULES``); at last the rules the suite's cases check at the
request's level. Families are rule-ID prefixes, kept to the rules the game has.

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

_LAYOUT = ("play.match-attach-point", "layout.")
FIELD_RULES: dict[str, tuple[str, ...]] = {
    "score": ("score.play.", "score.unit."),
    "total": ("score.ends.",),
    "scoring_ends": ("score.ends.",),
    "attach_points": _LAYOUT,
    "legal_plays": (*_LAYOUT, "equipment.double-six"),
    "tiles": ("play.match-attach-point", "equipment.double-six"),
    "spinners": ("layout.spinner.",),
    "connections": ("layout.double.crosswise", "layout.side-a-first"),
    "legal_actions": ("turn.", "lead.any-tile", "play.match-attach-point"),
    "current_player": ("turn.", "hand.end."),
    "ended": ("hand.end.",),
    "hands": ("turn.draw-until-playable", "hand.own-tiles"),
    "boneyard": ("turn.draw-until-playable",),
    "plays": ("play.match-attach-point",),
    "scores": ("settle.", "match."),
    "display_scores": ("score.unit.",),
    "match_over": ("match.",),
    "winner": ("match.",),
    "block_winner": ("settle.",),
    "leaders": ("lead.",),
    "hands_played": ("match.", "lead."),
    "nodes": ("turn.", "play.match-attach-point"),
    "divide": ("turn.", "play.match-attach-point"),
}
EVENT_RULES: dict[str, tuple[str, ...]] = {
    "play": ("score.play.",),
    "draw": ("turn.draw-until-playable", "turn.must-play"),
    "pass": ("turn.pass-empty-boneyard",),
    "out": ("hand.end.going-out",),
    "block": ("hand.end.block",),
    "hand": ("lead.",),
    "tie": ("match.tie-plays-on",),
    "win": ("match.",),
    "score:play": ("score.play.", "score.last-play", "match.exact-61.play-events"),
    "score:deduction": ("settle.",),
    "score:going-out": ("settle.exact-61.",),
    "score:block": ("settle.exact-61.block",),
    "score:discarded": ("match.overshoot-discarded",),
}

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


def _event_families(event: Any) -> list[str]:
    if not isinstance(event, dict):
        return []
    kind = str(event.get("event"))
    names = [kind] if kind != "score" else [f"score:{event.get('cause')}"]
    if event.get("result") == "discarded":
        names.append("score:discarded")
    return [prefix for name in names for prefix in EVENT_RULES.get(name, ())]


def _first_different(expected: Any, got: Any) -> list[Any]:
    """The events at the first position where the two lists differ (either side's)."""
    if not isinstance(expected, list) or not isinstance(got, list):
        return []
    for i in range(max(len(expected), len(got))):
        mine = expected[i] if i < len(expected) else None
        theirs = got[i] if i < len(got) else None
        if mine != theirs:
            return [e for e in (mine, theirs) if e is not None]
    return []


def _error_rules(mismatch: Mismatch) -> list[str]:
    return [
        str(side["rule"])
        for side in (mismatch.expected, mismatch.got)
        if isinstance(side, dict) and side.get("rule")
    ]


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


def rules_involved(game: str, kind: str, mismatches: list[Mismatch]) -> tuple[str, ...]:
    """The game's rules behind the differences, in the game document's order, the most
    precise evidence first: a rule an error names; else the first differing event's
    family; else the rules common to every differing field's family (all of them if none
    is common); else the rules the suite checks at the request's level."""
    rules = list(find_game(game).rules)
    named = {r for m in mismatches if m.field == "error" for r in _error_rules(m)}
    if named & set(rules):
        return tuple(r for r in rules if r in named)
    events = [
        e for m in mismatches if m.field == "events" for e in _first_different(m.expected, m.got)
    ]
    found = _family_rules(rules, {p for e in events for p in _event_families(e)})
    if not found:
        families = [set(FIELD_RULES[m.field]) for m in mismatches if m.field in FIELD_RULES]
        per_field = [set(_family_rules(rules, f)) for f in families]
        common = set.intersection(*per_field) if per_field else set()
        found = [r for r in rules if r in (common or set().union(*per_field))]
    level = levels.KIND_LEVEL.get(kind)
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

    @property
    def rules(self) -> tuple[str, ...]:
        return rules_involved(str(self.request["game"]), str(self.request["type"]), self.mismatches)

    @property
    def errors(self) -> tuple[str, ...]:
        kinds = (error_kind(self.reference or self.expect), error_kind(self.reply))
        return () if kinds == (NO_ERROR, NO_ERROR) else kinds

    @property
    def key(self) -> ClassKey:
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
