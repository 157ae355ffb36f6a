"""What a fuzz disagreement implicates: the judgement ``fives certify`` makes of the same
difference (:mod:`.fields`, :mod:`.events`, with the reference engine's reply as the
facts), narrowed as fuzz narrows it: a first difference may cause the rest, and a class is
one cause (:func:`rules_involved`). A class whose every rule depends on an interpretation is
implementation-defined (:func:`interpretations_of`).
"""

from __future__ import annotations

import functools
from typing import Any

from fives_engine import find_game
from fives_tools.certify.cases import levels
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.judge.events import event_rules
from fives_tools.certify.judge.fields import Evidence, field_rules, lists, refusal_rules


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
