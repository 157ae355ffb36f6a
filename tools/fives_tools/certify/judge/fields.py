"""What one differing field implicates: the families of rules (rule IDs by prefix,
:mod:`.families`) that decide it, narrowed by what the difference itself shows and by the
facts the expectation holds, for ``fives certify`` and ``fives fuzz`` alike.

* ``score`` and ``scoring_ends``: :mod:`.scoring` (display or raw points, the ends of a
  tile or of a double, by where the expected attach points put it).
* ``total``: the rules of the ends and ``score.play.*`` (an end counted and not listed, or
  the ends summed wrong); nothing more when the scoring ends differ too (the total
  follows from them).
* ``attach_points``, ``legal_plays``, ``connections``: the rules of the places missing or
  extra: a side branch the spinner rules, a straight side ``layout.double.crosswise``, side
  B ``layout.side-a-first``, an end ``play.match-attach-point``, a place on a double in the
  pips form (which names no place) the spinner rules and ``layout.double.crosswise``; every
  attach point also ``layout.attach-points-not-scoring-ends`` and
  ``play.match-attach-point``, every legal play ``play.match-attach-point`` and
  ``equipment.double-six``.
* ``refused`` (a legal play the implementation's engine cannot make,
  :mod:`..refusals`): the rules that allow that play (:func:`allowing_rules`).
* ``error``: the rule each side's refusal names (the expected one, and the one the reply
  applied, if it names one); every rule when neither does.
* ``events``: :mod:`.events`.
* every other field, :data:`FIELD_RULES`.

Certify and fuzz had a table each; where they differed the rules' statements
(``spec/games/``) decided, keeping the more precise family that still holds the rule that
decides the field:

* ``current_player``: the turn rules, the end of a hand, and, in a match, the lead of the
  next hand and the end of the match; when both name a seat (the hand goes on for both),
  the turn and lead rules alone (:data:`TURN_ORDER`). Certify named every rule of a turn
  and a hand (the deal, sides, the layout); fuzz left out the lead, which decides who
  acts first in a new hand.
* ``legal_actions``: :func:`offered_rules`, the rules that allow each action left out and
  forbid each offered where it is not legal, as the audit judges an offered list; the
  perft counts ``nodes``, ``divide``: the turn rules, the lead of any tile, which tile fits
  where (``play.*``, ``layout.*``) and the hand's rules. Fuzz
  left out the layout (a spinner's branches are legal plays); certify named the deal,
  sides and the match, and every rule of the case for a perft count.
* ``boneyard`` (only draws change it): the turn rules; fuzz had the drawing rule only,
  though ``turn.must-play`` and ``turn.pass-empty-boneyard`` forbid draws.
* ``hands``: the turn rules and ``hand.own-tiles``; ``ended``: ``hand.end.*``; ``plays``:
  where tiles go (``play.*``, ``layout.*``) and whose turn it is. Certify named every
  rule of a turn and a hand; fuzz the drawing rule or ``play.match-attach-point`` alone.
* ``hands_played``: the match rules and the ends of a hand (certify's ``hand.*`` held
  ``hand.own-tiles``, fuzz's ``lead.*`` decides who leads, not how many hands).
* ``display_scores``: ``score.unit.*`` (fuzz's): in All Fives ``score.unit.raw`` decides
  them, which certify's ``score.unit.display`` missed.
* ``block_winner``: certify's (the block-winner rules and sides: partners win together);
  fuzz named every settlement rule.
* ``scores``, ``winner``, ``match_over``: certify's, every rule of the result. Fuzz named
  the match and settlement rules alone, but a case may expect the winner without the
  scores (a settlement), and a score is also its plays' scores.
* ``score`` with no total to say where it went wrong: the rules of a raw score, of
  display points and of the ends. Certify named every rule of the case; fuzz's
  ``score.play.*`` and ``score.unit.*`` left out the ends, which an implementation
  declaring play-score alone is not held to apart.
* ``total``, ``scoring_ends``: the rules of the ends and the layout (certify's); fuzz's
  ``score.ends.*`` left out the layout, which puts the ends where they are.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fives_tools.certify.compare import Mismatch
from fives_tools.certify.judge.events import event_rules
from fives_tools.certify.judge.families import (
    ANY,
    DISPLAY_RULES,
    ENDS_RULES,
    RAW_RULES,
    RESULT_RULES,
    SPINNER_RULES,
)
from fives_tools.certify.judge.scoring import differing_items, ends_rules, score_rules

#: The rules of a turn's legal actions: whose turn, what they may do (``turn.*``), the
#: lead, which tile fits where, and the hand (what it holds, when it ends).
ACTION_RULES = ("turn.", "lead.any-tile", "play.", "layout.", "hand.")

#: The rules that allow a draw or a pass where it is legal: an implementation that leaves
#: one out (does not offer it, or refuses it) misreads one of them. A draw is allowed to a
#: player with no play while the boneyard has tiles; a pass once it is empty.
ALLOWING: dict[str, tuple[str, ...]] = {
    "draw": ("turn.draw-until-playable",),
    "pass": ("turn.pass-empty-boneyard",),
}
#: The rules that forbid a draw or a pass where it is not legal: an implementation that
#: offers or makes one there misreads one of them (no draw while holding a play, nor once a
#: playable tile is drawn, nor from an empty boneyard, where the player passes; no pass
#: before the boneyard is empty, nor while holding a play).
FORBIDDING: dict[str, tuple[str, ...]] = {
    "draw": ("turn.must-play", "turn.play-drawn-tile", "turn.pass-empty-boneyard"),
    "pass": ("turn.pass-empty-boneyard", "turn.must-play"),
}
#: Whose turn it is while a hand goes on: the order of play, a drawn tile kept, the lead.
TURN_ORDER = ("turn.", "lead.")
#: Who may act at all: a seat offered nothing while the rules give it an action sees the
#: hand over, or another seat's turn.
NOTHING_OFFERED = ("hand.end.", "turn.clockwise")
#: A play offered where it is not legal, besides the rules of its place: no place takes the
#: tile, the seat does not hold it, or it is another seat's turn.
EXTRA_PLAY = ("play.match-attach-point", "hand.own-tiles", "turn.clockwise")


#: The rules that decide each field (besides the narrowing of :func:`field_rules`).
FIELD_RULES: dict[str, tuple[str, ...]] = {
    "score": (*RAW_RULES, *DISPLAY_RULES, *ENDS_RULES),
    "total": (*ENDS_RULES, "score.play."),
    "scoring_ends": ENDS_RULES,
    "attach_points": ("layout.attach-points-not-scoring-ends", "play.match-attach-point"),
    "legal_plays": ("play.match-attach-point", "equipment.double-six"),
    "connections": ("play.match-attach-point",),
    "tiles": ("play.", "equipment."),
    "spinners": SPINNER_RULES,
    "legal_actions": ACTION_RULES,
    "nodes": ACTION_RULES,
    "divide": ACTION_RULES,
    "current_player": ("turn.", "hand.end.", "lead.", "match."),
    "boneyard": ("turn.",),
    "hands": ("turn.", "hand.own-tiles"),
    "ended": ("hand.end.",),
    "plays": ("play.", "layout.", "turn."),
    "leaders": ("lead.",),
    # a block is won by a side: partners tied for the lightest hand win it together
    "block_winner": ("settle.exact-61.block-winner", "settle.block-no-winner", "side."),
    "display_scores": ("score.unit.",),
    "winner": (*RESULT_RULES, "side."),
    "match_over": (*RESULT_RULES, "side."),
    "hands_played": ("match.", "hand.end."),
    # a score is the sum of its side's events: expected without them (an Exact 61 block's
    # events lean on a reading), it is decided by what decides them, the plays' ends too
    "scores": (*RESULT_RULES, *ENDS_RULES, "side."),
}

#: The rule of side B's place that forbids it, and allows nothing: side B is played only
#: once side A is taken (a place on side B left out is its kind's, as side A's would be).
SIDE_B = "layout.side-a-first"


#: The rules of each kind of place, as an attach point, play or connection names it.
PLACE_RULES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"branch", re.I), SPINNER_RULES),
    (re.compile(r"straight", re.I), ("layout.double.crosswise",)),
    (re.compile(r"(side|branch|straight)[ -]b\b", re.I), (SIDE_B,)),
    (re.compile(r"end\b", re.I), ("play.match-attach-point",)),
    # the pips form names no place: one on a double is a straight side or a side branch
    (re.compile(r"\[(\d)\|\1\](?: \(\1\)|:\1)$"), (*SPINNER_RULES, "layout.double.crosswise")),
)


@dataclass(frozen=True)
class Evidence:
    """What a differing field is judged with besides itself: the other differences, the
    facts the expectation holds (a case's hand-worked facts, the reference engine's whole
    reply), the reply and the request."""

    others: Sequence[Mismatch] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)
    reply: Mapping[str, Any] = field(default_factory=dict)
    request: Mapping[str, Any] = field(default_factory=dict)


def one_way(want: list[Any], got: list[Any]) -> list[str]:
    """The items of ``want`` that ``got`` lacks (as text, counted)."""
    count = Counter(map(str, want))
    count.subtract(Counter(map(str, got)))
    return [item for item, n in count.items() if n > 0]


def lists(mismatch: Mismatch) -> tuple[list[Any], list[Any]]:
    """A list field's expected and given items (empty for what is not a list)."""
    want = mismatch.expected if isinstance(mismatch.expected, list) else []
    got = mismatch.got if isinstance(mismatch.got, list) else []
    return want, got


def place_rules(items: Iterable[str], allowing: bool = False) -> set[str]:
    """The rules of the kinds of place ``items`` name (:data:`PLACE_RULES`); ``allowing``:
    only those that allow a play there (not :data:`SIDE_B`, which only forbids one)."""
    out: set[str] = set()
    for item in items:
        for pattern, rules in PLACE_RULES:
            if pattern.search(item):
                out.update(rule for rule in rules if not (allowing and rule == SIDE_B))
    return out


def refusal_rules(mismatch: Mismatch) -> list[str]:
    """The rules the refusals of a differing ``error`` name, the expected one first."""
    sides = (mismatch.expected, mismatch.got)
    named = [str(s["rule"]) for s in sides if isinstance(s, dict) and s.get("rule")]
    return list(dict.fromkeys(named))


def allowing(action: str) -> set[str]:
    """The rules that allow the legal action written ``action`` (a draw or a pass those of
    :data:`ALLOWING`, a lead ``lead.any-tile``, a play on a tile the rules of its place,
    :data:`PLACE_RULES`: a side branch the spinner rules, not which pips match): the
    rules one of which an implementation that leaves it out misreads."""
    if action in ALLOWING:
        return set(ALLOWING[action])
    if "@" not in action:
        return {"lead.any-tile"}
    return place_rules([action], allowing=True) or {"play.match-attach-point"}


def allowing_rules(mismatch: Mismatch) -> set[str]:
    """The rules that allow a refused play (its ``got`` names it): :func:`allowing`."""
    return allowing(str(_dict(mismatch.got).get("play", "")))


def offered_rules(missing: Sequence[str], extra: Sequence[str], nothing: bool) -> set[str]:
    """The rules a list of legal actions that differs implicates: those that allow each
    action left out (:func:`allowing`), those that forbid each draw or pass offered where it
    is not legal (:data:`FORBIDDING`) and of each play offered where it is not (the rules of
    its place, :data:`PLACE_RULES`, or a lead's; and :data:`EXTRA_PLAY`); with ``nothing``
    offered at all, also who may act (:data:`NOTHING_OFFERED`). ``fives certify``, ``fives
    fuzz`` and the audit of an implementation's own games judge an offered list by this
    one function."""
    rules: set[str] = set()
    for action in missing:
        rules |= allowing(action)
    for action in extra:
        if action in FORBIDDING:
            rules |= set(FORBIDDING[action])
        else:
            rules |= place_rules([action]) if "@" in action else {"lead.any-tile"}
            rules |= set(EXTRA_PLAY)
    return rules | (set(NOTHING_OFFERED) if nothing else set())


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


#: Fields of a match's state that follow from who led (the seat to act, its offers): when
#: the leaders differ too, they are its consequences and implicate nothing of their own.
FROM_LEADER = frozenset({"current_player", "legal_actions"})


def field_rules(mismatch: Mismatch, evidence: Evidence) -> tuple[set[str], str]:
    """The rule prefixes that decide one differing field, and what differs in words."""
    name = mismatch.field
    led_otherwise = any(m.field == "leaders" for m in evidence.others)
    if name in FROM_LEADER and led_otherwise:
        return set(), f"{name} differs, after another leader"
    if name == "score":
        want, got = _dict(mismatch.expected), _dict(mismatch.got)
        rules, why = score_rules(want, got, evidence.facts, evidence.reply, evidence.request)
        return (set(FIELD_RULES[name]) if rules is None else rules), why
    if name == "error":
        named = refusal_rules(mismatch)
        by = " or ".join(named) or "the case"
        return (set(named) or set(ANY)), f"the refusal is decided by {by}"
    if name in ("attach_points", "legal_plays", "connections"):
        items = differing_items(*lists(mismatch))
        rules = place_rules(items) | set(FIELD_RULES[name])
        return rules, f"{name} missing or extra: {', '.join(items) or '(their order)'}"
    if name == "refused":
        got = _dict(mismatch.got)
        said = got.get("message") or "(no message)"
        return allowing_rules(mismatch), f"you refused {got.get('play')}, a legal play: {said}"
    if name == "legal_actions":
        legal, offered = lists(mismatch)
        missing, extra = one_way(legal, offered), one_way(offered, legal)
        if missing or extra:
            said = [f"not offered: {', '.join(missing)}"] if missing else []
            said += [f"offered, not legal: {', '.join(extra)}"] if extra else []
            rules = offered_rules(missing, extra, not offered)
            return rules, "legal_actions " + "; ".join(said)
    if name == "current_player" and mismatch.expected is not None and mismatch.got is not None:
        # both name a seat to act: the hand goes on for both, so neither its end nor the
        # match's decides; whose turn it is, or who leads, does
        return set(TURN_ORDER), (
            f"seat {mismatch.got} acts where the rules give the turn to seat {mismatch.expected}"
        )
    if name == "events":
        # after another leader, what follows the first difference follows from it
        prefixes, what = event_rules(*lists(mismatch), first=led_otherwise)
        return prefixes, f"events: {'; '.join(what[:4])}"
    if name == "total" and any(m.field == "scoring_ends" for m in evidence.others):
        return set(), f"your ends total {mismatch.got}; they total {mismatch.expected}"
    if name == "total":
        return set(FIELD_RULES[name]), (
            f"your scoring ends are right, but you total them {mismatch.got}, not"
            f" {mismatch.expected}: you count an end you do not list, or total them wrong"
        )
    if name == "scoring_ends":
        places = evidence.facts.get("attach_points")
        rules = ends_rules(*lists(mismatch), places if isinstance(places, list) else [])
        differ = ", ".join(differing_items(*lists(mismatch)))
        return rules, f"scoring ends missing or extra: {differ}"
    if name in FIELD_RULES:
        return set(FIELD_RULES[name]), f"{name} differs"
    return set(ANY), f"{name} differs"
