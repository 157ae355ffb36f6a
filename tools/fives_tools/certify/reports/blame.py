"""What a failing case implicates: the rules its differing fields can be wrong because of.

A case lists every rule its answer depends on, but a difference in one field does not
depend on all of them. Each differing field names the *families* of rules that decide it
(rule IDs by prefix, :mod:`.rule_families`); the failure implicates the case's own rules of
those families:

* ``score`` (play-score): the display points of a raw score are decided by
  ``score.unit.display``; the raw score of a total by the scoring rules (``score.play.*``,
  ``score.unit.raw``); the total by the rules of the scoring ends. So a right raw score with
  wrong display points implicates ``score.unit.display``; a wrong raw score with the
  implementation's own ``total`` right (the fixture's hand-worked total, which its
  scoring-ends case compares) the scoring rules only, never the layout; a wrong total, the
  rules of the ends that differ (below); no total in the reply, every rule of the case.
* ``scoring_ends``: per tile whose ends differ, a tile's end ``score.ends.outer-end`` and
  ``play.match-attach-point``; a double's by where the fixture's attach points put it: with
  a straight side open, ``score.ends.double-outer-both-halves`` and
  ``layout.double.crosswise`` (crosswise alone when it shows one half per side, as a double
  lying lengthwise does); with its straight sides filled, ``score.ends.double-interior-zero``
  when it counts itself (spinner or not), else ``score.ends.unstarted-branch-zero`` and the
  spinner rules (whether it has branches).
  A wrong ``total`` of right ends: the rules of the ends (one counted and not listed) and
  ``score.play.*``.
* ``attach_points``, ``legal_plays``, ``connections``: the rules of the places missing or
  extra: a side branch the spinner rules, a straight side ``layout.double.crosswise``, side
  B ``layout.side-a-first``, an end ``play.match-attach-point``, a place on a double in the
  pips form (which names no place) the spinner rules and ``layout.double.crosswise``; every
  attach point also ``layout.attach-points-not-scoring-ends`` and
  ``play.match-attach-point``, every legal play ``play.match-attach-point`` and
  ``equipment.double-six``. ``spinners`` the spinner rules,
  ``tiles`` ``play.*`` and ``equipment.*``.
* ``error``: the rule the expected refusal names. A case whose request carries a forbidden
  play (``reject``) also implicates that rule at every other level: a layout that differs
  there may be one the forbidden play was made on.
* ``events``: :mod:`.blame_events` (the rules of the kind of each event missing or extra,
  or of the keys of an event changed: a wrong ``rounded`` the rounding rule, a wrong
  ``side`` the side rules ...). Scores, display scores, the winner, ``match_over`` and
  ``hands_played`` follow from the events, so add nothing when the events differ too.
* every other field, the families of :data:`FIELD_RULES` (the turn's fields the rules of
  the turn and the hand, ``leaders`` ``lead.*``, the winner every rule of the result ...);
  perft counts (``nodes``, ``divide``) and errors, every rule of the case.

When the case lists no rule of those families (a fixture written for another point), the
failure implicates its game's rules of those families; when the families are every rule,
all the case's rules. A level never implicates the rules it cannot see (:data:`BLIND`).

Each failure is also said in words, from the implementation's own answer: "your ends total
12, which is right; 12 is not a positive multiple of 5, so it scores 0; you scored 10".
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from fives_engine import find_game
from fives_tools.certify.cases import Case, levels
from fives_tools.certify.compare import Mismatch
from fives_tools.certify.reports.blame_events import event_rules
from fives_tools.certify.reports.rule_families import (
    ANY,
    DISPLAY_RULES,
    ENDS_RULES,
    RAW_RULES,
    RESULT_RULES,
    SPINNER_RULES,
    TURN_RULES,
)
from fives_tools.certify.runner import Result

#: Rules a level cannot see, by ID prefix: a case of that level neither fails nor passes
#: because of them (attach points and connections do not depend on scoring; the scoring
#: ends and their total do not depend on the unit a score is kept in).
BLIND: dict[str, tuple[str, ...]] = {
    levels.SCORING_ENDS: ("score.unit.",),
    levels.ATTACH_POINTS: ("score.",),
    levels.CONNECTIONS: ("score.",),
}

#: The rules that decide each field (besides the special cases of :func:`_field_rules`).
FIELD_RULES: dict[str, tuple[str, ...]] = {
    "tiles": ("play.", "equipment."),
    "spinners": SPINNER_RULES,
    "legal_actions": TURN_RULES,
    "current_player": TURN_RULES,
    "boneyard": TURN_RULES,
    "hands": TURN_RULES,
    "ended": TURN_RULES,
    "plays": TURN_RULES,
    "leaders": ("lead.",),
    # a block is won by a side: partners tied for the lightest hand win it together
    "block_winner": ("settle.exact-61.block-winner", "settle.block-no-winner", "side."),
    "display_scores": DISPLAY_RULES,
    "winner": (*RESULT_RULES, "side."),
    "match_over": (*RESULT_RULES, "side."),
    "hands_played": ("match.", "hand."),
    # a score is the sum of its side's events: expected without them (an Exact 61 block's
    # events lean on a reading), it is decided by what decides them, the plays' ends too
    "scores": (*RESULT_RULES, *ENDS_RULES, "side."),
}
#: Fields that follow from a hand's events, so add nothing when the events differ too
#: (alone, they implicate the rules of :data:`FIELD_RULES`).
FROM_EVENTS = frozenset({"scores", "display_scores", "winner", "match_over", "hands_played"})

#: The rules of each kind of place, as an attach point, play or connection names it.
PLACE_RULES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"branch", re.I), SPINNER_RULES),
    (re.compile(r"straight", re.I), ("layout.double.crosswise",)),
    (re.compile(r"(side|branch|straight)[ -]b\b", re.I), ("layout.side-a-first",)),
    (re.compile(r"end\b", re.I), ("play.match-attach-point",)),
    # the pips form names no place: one on a double is a straight side or a side branch
    (re.compile(r"\[(\d)\|\1\](?: \(\1\)|:\1)$"), (*SPINNER_RULES, "layout.double.crosswise")),
)


@dataclass(frozen=True)
class Blame:
    """The rules a failing case implicates, and why, in the implementation's terms."""

    rules: tuple[str, ...]
    why: tuple[str, ...]
    #: the ID prefixes of every rule that decides a differing field, of the case or not
    families: tuple[str, ...] = ANY


def lists(mismatch: Mismatch) -> tuple[list[Any], list[Any]]:
    """A list field's expected and given items (empty for what is not a list)."""
    want = mismatch.expected if isinstance(mismatch.expected, list) else []
    got = mismatch.got if isinstance(mismatch.got, list) else []
    return want, got


def _differing_items(mismatch: Mismatch) -> list[str]:
    """The items of a list field that are missing or extra (as text)."""
    want, got = lists(mismatch)
    count = Counter(map(str, want))
    count.subtract(Counter(map(str, got)))
    return [item for item, n in count.items() if n]


def _place_rules(items: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for item in items:
        for pattern, rules in PLACE_RULES:
            if pattern.search(item):
                out.update(rules)
    return out


#: The rules that decide whether a double's end counts, by where the double is and what
#: differs: an outer double (a straight side open) counts both halves as one end, being
#: crosswise; a double whose straight sides are filled no longer counts itself, and a
#: spinner's unstarted side branches count nothing.
OUTER_DOUBLE = ("score.ends.double-outer-both-halves", "layout.double.crosswise")
CROSSWISE = ("layout.double.crosswise",)
INTERIOR_DOUBLE = ("score.ends.double-interior-zero",)
UNSTARTED_BRANCH = ("score.ends.unstarted-branch-zero", *SPINNER_RULES)
TILE_END = ("score.ends.outer-end", "play.match-attach-point")


def _end(text: str) -> tuple[str, int, int | None]:
    """A scoring end's tile, value, and its half's pips when the tile is a double."""
    tile, _, value = str(text).partition(":")
    halves = tile.strip().strip("[]").split("|")
    half = int(halves[0]) if len(halves) == 2 and halves[0] == halves[1] else None
    return tile.strip(), int(value) if value.strip().isdigit() else -1, half


def _ends_rules(case: Case, expected: list[Any], got: list[Any]) -> set[str]:
    """The rules of the scoring ends missing or extra (see the module): a tile's end the
    outer-end rule; a double's by where the fixture's attach points put it (a straight side
    open: an outer double; side branches open or none: its straight sides are filled) and
    by its value (the whole double, or one half as a branch or a lengthwise double shows)."""
    places = [str(p) for p in case.facts.get("attach_points", [])]
    out: set[str] = set()
    for tile in dict.fromkeys(_end(i)[0] for i in _differing_items(Mismatch("", expected, got))):
        half = _end(tile + ": 0")[2]
        wanted = [_end(e)[1] for e in expected if _end(e)[0] == tile]
        given = [_end(e)[1] for e in got if _end(e)[0] == tile]
        if half is None:
            out.update(TILE_END)
            continue
        at = [p for p in places if p.startswith(tile)]
        if not places:
            out.update((*OUTER_DOUBLE, *INTERIOR_DOUBLE, *UNSTARTED_BRANCH))
        elif any("straight" in p for p in at):
            # more ends than one, each showing a half: the double lies lengthwise
            lengthwise = len(given) > max(len(wanted), 1) and all(v == half for v in given)
            out.update(CROSSWISE if lengthwise and half else OUTER_DOUBLE)
        else:
            extra = Counter(given) - Counter(wanted)
            out.update(INTERIOR_DOUBLE if 2 * half in extra else UNSTARTED_BRANCH)
    return out


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _score(case: Case, mismatch: Mismatch, reply: dict[str, Any]) -> tuple[set[str], str]:
    """The rules a wrong play score implicates, and why (see the module)."""
    want = mismatch.expected if isinstance(mismatch.expected, dict) else {}
    got = mismatch.got if isinstance(mismatch.got, dict) else {}
    raw, got_raw = want.get("raw"), got.get("raw")
    if raw == got_raw:
        return set(DISPLAY_RULES), (
            f"your raw score {raw} is right; in display points it is {want.get('display')};"
            f" you said {got.get('display')}"
        )
    total, got_total = _number(case.facts.get("total")), _number(reply.get("total"))
    if case.capability == levels.SCORE_TABLE:  # the total is given: only its score differs
        total = got_total = _number(case.request.get("total"))
    if total is not None and got_total == total:
        how = (
            f"{total} is not a positive multiple of 5, so it scores 0"
            if raw == 0
            else f"so it scores {raw} raw"
        )
        return set(RAW_RULES), (
            f"your ends total {total}, which is right; {how}; you scored {got_raw}"
        )
    ends, given = case.facts.get("scoring_ends"), reply.get("scoring_ends")
    listed = isinstance(ends, list) and isinstance(given, list)
    same_ends = listed and Counter(map(str, ends or ())) == Counter(map(str, given or ()))
    if same_ends and got_total is not None:
        return {*ENDS_RULES, "score.play."}, (
            f"your scoring ends are right; they total {total}, which scores {raw} raw;"
            f" you total them {got_total} and scored {got_raw}: you count an end you do"
            " not list, or total them wrong"
        )
    if total is not None and got_total is not None:
        rules = set(ENDS_RULES)
        if isinstance(ends, list) and isinstance(given, list):
            rules = _ends_rules(case, ends, given)
        return rules, (
            f"your ends total {got_total}; they total {total}, which scores {raw} raw;"
            f" you scored {got_raw}: the ends are wrong, whatever the scoring"
        )
    return set(ANY), f"you scored {got_raw} raw; it scores {raw} (your reply has no total)"


def _field_rules(
    case: Case, mismatch: Mismatch, others: list[Mismatch], reply: dict[str, Any]
) -> tuple[set[str], str]:
    """The rule prefixes that decide one differing field, and what differs in words."""
    name = mismatch.field
    if name == "score" and case.capability in (levels.PLAY_SCORE, levels.SCORE_TABLE):
        return _score(case, mismatch, reply)
    if name == "error":
        want = mismatch.expected if isinstance(mismatch.expected, dict) else {}
        rule = want.get("rule")
        return ({rule} if rule else set(ANY)), f"the refusal is decided by {rule or 'the case'}"
    if name in ("attach_points", "legal_plays", "connections"):
        items = _differing_items(mismatch)
        rules = _place_rules(items)
        rules |= {
            "attach_points": {"layout.attach-points-not-scoring-ends", "play.match-attach-point"},
            "legal_plays": {"play.match-attach-point", "equipment.double-six"},
            "connections": {"play.match-attach-point"},
        }[name]
        return rules, f"{name} missing or extra: {', '.join(items) or '(their order)'}"
    if name == "events":
        prefixes, what = event_rules(*lists(mismatch))
        return prefixes, f"events: {'; '.join(what[:4])}"
    if name == "total" and any(m.field == "scoring_ends" for m in others):
        return set(), f"your ends total {mismatch.got}; they total {mismatch.expected}"
    if name == "total":
        return {*ENDS_RULES, "score.play."}, (
            f"your scoring ends are right, but you total them {mismatch.got}, not"
            f" {mismatch.expected}: you count an end you do not list, or total them wrong"
        )
    if name == "scoring_ends":
        differ = ", ".join(_differing_items(mismatch))
        return _ends_rules(case, *lists(mismatch)), f"scoring ends missing or extra: {differ}"
    if name in FIELD_RULES:
        return set(FIELD_RULES[name]), f"{name} differs"
    return set(ANY), f"{name} differs"


#: The rule a refusal names in its words, as the reference engine writes it.
NAMED_RULE = re.compile(r"\[rule ([\w.-]+)\]")


def refused_by(result: Result) -> str | None:
    """The rule an implementation named when it refused a request the case expects it to
    answer (its ``error.rule``, else a ``[rule ...]`` in its message), if the case lists it."""
    error = (result.reply or {}).get("error")
    if not isinstance(error, dict) or result.mismatches:
        return None
    rule = error.get("rule")
    if not isinstance(rule, str):
        found = NAMED_RULE.search(str(error.get("message", "")))
        rule = found.group(1) if found else None
    return rule if rule in result.case.rules else None


def implicated(result: Result) -> Blame:
    """The rules ``result``'s differences implicate (every rule the level can see for an
    error, or when no field narrows them), with one reason per differing field."""
    case = result.case
    blind = BLIND.get(case.capability, ())
    visible = [rule for rule in case.rules if not rule.startswith(blind)] or list(case.rules)
    mismatches = list(result.mismatches)
    if not mismatches:
        reason = result.message.splitlines()[0] if result.message else result.status
        return Blame(tuple(visible), (reason,))
    events_differ = any(m.field == "events" for m in mismatches)
    families: set[str] = set()
    why = []
    for mismatch in mismatches:
        if mismatch.field in FROM_EVENTS and events_differ:
            continue
        prefixes, reason = _field_rules(case, mismatch, mismatches, result.reply or {})
        families |= prefixes
        why.append(reason)
    refused = case.facts.get("error")
    if (
        case.kind == "layout"
        and case.capability != levels.ATTACH_POINTS
        and case.request.get("reject")
        and isinstance(refused, dict)
        and refused.get("rule")
    ):
        # the layout may differ because the forbidden play was made: its rule decides
        families.add(str(refused["rule"]))
        why.append(
            f"did you make the play {case.request['reject']}, which {refused['rule']} forbids?"
        )
    if "" in families:
        families = {""}
    rules = [rule for rule in visible if rule.startswith(tuple(families))]
    if not rules and families != {""}:
        # the field is decided by rules the case does not list: those of its game
        rules = [
            rule
            for rule in find_game(case.game).rules
            if rule.startswith(tuple(families)) and not rule.startswith(blind)
        ]
    return Blame(tuple(rules or visible), tuple(why), tuple(sorted(families)))
