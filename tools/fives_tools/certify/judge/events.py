"""What differing events implicate: the rules that decide the kind of each event missing or
extra, or the keys of an event changed (:mod:`.fields` for every other field), for
``fives certify`` and ``fives fuzz`` alike.

Events are aligned in order (the longest runs that agree); in each stretch that differs,
events are paired by kind (a play and its score also by seat: another seat's play is
another event). A changed event implicates the rules of the keys that differ
(:data:`EVENT_KEY_RULES`: a wrong ``rounded`` the rounding rule; a play whose ``total`` is
right and ``raw`` wrong, the scoring rules) when every key has rules, else the rules of
its kind (:data:`EVENT_RULES`); an event with no partner, those
of its kind. A win in another place (early, late, missing) implicates the rules of a win;
a win in the very place of a tie at the top, for a tied side, all else the same, is one
fault of ``match.tie-plays-on``.
Fuzz reads only the first stretch that differs (what follows may follow from it).

Where certify and fuzz had tables of their own, the kinds were settled from the rules'
statements (``spec/games/``), keeping the more precise family that still holds the rule
that decides the event:

* ``draw``: the turn rules. Fuzz named only ``turn.draw-until-playable`` and
  ``turn.must-play``, but a draw that should not be is also one from an empty boneyard
  (``turn.pass-empty-boneyard``) or after a playable drawn tile
  (``turn.play-drawn-tile``); certify's ``deal.*`` decides the deal, which a draw does
  not change.
* ``tie``: ``match.tie-plays-on``, and the rules that say whether sides are tied at or
  over the target at all (``match.settle-then-check``, ``match.target``); certify named
  every ``match.*`` rule, fuzz the tie rule alone.
* ``score:block``: the block rules of Exact 61 (``settle.exact-61.block*``: differences,
  events, winner) and the rounding of the differences (``settle.round-nearest-five``);
  certify named the going-out rules too, fuzz left out the rounding.
* ``play``, ``hand``, ``score:*`` and ``win``: certify's, which hold what fuzz's missed (a
  play is also where it goes and whose turn it is; a hand also whether the match goes
  on; a play's score also its ends; a settlement's also its rounding; a win in Exact 61
  also the settlement event that lands on the target).
* ``score:deduction`` missing or extra: the rules that say which remaining hands are
  deducted (``settle.deduct-each-hand``, ``settle.partners-apart``,
  ``settle.block-no-winner``); both tables named every ``settle.*`` rule, the rounding and
  the going-out rules included, which decide a deduction's value or other events.
* ``score:play`` and the ``play`` of a going-out event: also
  ``settle.exact-61.going-out-event``, which makes the play that goes out part of the
  going-out event in Exact 61 instead of an event of its own.
* events each right but in another order: the rules of their order (:data:`ORDER_RULES`:
  Exact 61's block events, lightest hand first), said in plain words by
  :mod:`.settled`, as a settlement event that differs is.
* a score event ``discarded`` (either side's) also implicates
  ``match.overshoot-discarded`` (fuzz's, which certify lacked for an event with no
  partner).
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from typing import Any

from fives_tools.certify.judge import settled
from fives_tools.certify.judge.families import ANY, ENDS_RULES, RAW_RULES

#: The rules that decide each kind of event (a ``score`` event by its cause).
EVENT_RULES: dict[str, tuple[str, ...]] = {
    "play": ("score.", "play.", "layout.", "turn.", "equipment."),
    "draw": ("turn.",),
    "pass": ("turn.pass-empty-boneyard",),
    "hand": ("lead.", "match."),
    "out": ("hand.end.going-out",),
    "block": ("hand.end.block",),
    # Exact 61 makes the play that goes out part of the going-out event, not its own
    "score:play": ("score.", "match.", "settle.exact-61.going-out-event", *ENDS_RULES),
    # whether a remaining hand is deducted: each on its own, partners' both, in a block too
    "score:deduction": (
        "settle.deduct-each-hand",
        "settle.partners-apart",
        "settle.block-no-winner",
    ),
    "score:going-out": ("settle.exact-61.", "settle.deduct-only", "settle.round-nearest-five"),
    "score:block": ("settle.exact-61.block", "settle.round-nearest-five"),
    "score:discarded": ("match.overshoot-discarded",),
    "tie": ("match.tie-plays-on", "match.settle-then-check", "match.target"),
    "win": ("match.", "settle."),
}

#: The rules that decide the order of events each right in itself, by kind (any other
#: kind: the rules of its kind).
ORDER_RULES: dict[str, tuple[str, ...]] = {
    "score:block": ("settle.exact-61.block-events",),  # lightest first, then clockwise
}

#: The rules that decide one key of an event whose kind is right.
EVENT_KEY_RULES: dict[str, tuple[str, ...]] = {
    "rounded": ("settle.round-nearest-five",),
    "result": ("match.overshoot-discarded", "match.exact-hit-wins", "match.target"),
    "side": ("side.",),
    "raw": ("score.", "settle.", *ENDS_RULES),  # a play's raw score: its ends and their score
    "display": ("score.unit.display",),
    "leader": ("lead.",),
    "total": (*ENDS_RULES, "score.play."),  # a play's total: its ends, or their sum
    # a going-out event's play: the last play's score, and whether the event holds it
    "play": ("score.", "settle.exact-61.going-out-event"),
    "differences": ("settle.exact-61.block-differences", "side."),
    "pips": ("settle.", "side."),
    "seat": ("settle.", "side.", "turn."),
}
#: The families of the tables above in the order they are listed, the likeliest first
#: within each key or kind (a play's score before its layout, the layout before the set).
FAMILY_ORDER = tuple(
    dict.fromkeys(f for kind in (*EVENT_KEY_RULES.values(), *EVENT_RULES.values()) for f in kind)
)


def in_order(families: set[str], rules: list[str]) -> list[str]:
    """The ``rules`` (a rule book's IDs, in its order) that ``families`` hold, for evidence
    with no case to narrow them (an audited record's events): the rules of the narrowest
    family first (``settle.partners-apart`` before ``settle.``, ``settle.`` before
    ``turn.``), then as the tables list them."""
    place = {family: i for i, family in enumerate(FAMILY_ORDER)}

    def narrowest(rule: str) -> tuple[int, int]:
        held = [f for f in families if rule.startswith(f)]
        return min((-len(f), place.get(f, len(place))) for f in held)

    return sorted([r for r in rules if any(r.startswith(f) for f in families)], key=narrowest)


#: Keys that follow from another key of the same event (a rounded deduction's raw).
CONSEQUENT_KEYS = frozenset({"raw", "display"})


def _event_key(event: Any) -> str:
    if not isinstance(event, dict):
        return ""
    kind = str(event.get("event", ""))
    return f"{kind}:{event.get('cause')}" if kind == "score" else kind


def event_rules(want: list[Any], got: list[Any], first: bool = False) -> tuple[set[str], list[str]]:
    """The rules of the events missing, extra or changed, and what differs. Events are
    aligned in order; a changed event whose kind is kept implicates the rules of the keys
    that differ (:data:`EVENT_KEY_RULES`) when it can, else those of its kind; a win in
    another place implicates the rules of the win (an early or a late one). ``first``:
    the first stretch that differs only."""
    texts = (
        [json.dumps(e, sort_keys=True) for e in want],
        [json.dumps(e, sort_keys=True) for e in got],
    )
    prefixes: set[str] = set()
    what: list[str] = []
    if texts[0] != texts[1] and sorted(texts[0]) == sorted(texts[1]):
        moved = [a for a, x, y in zip(want, *texts, strict=True) if x != y]
        for event in moved:  # each event right, in another place: the order's rules
            key = _event_key(event)
            prefixes.update(ORDER_RULES.get(key, _kind_rules(event)))
        at = [i for i, (x, y) in enumerate(zip(*texts, strict=True)) if x != y]
        what.append(settled.order([want[i] for i in at], [got[i] for i in at]))
        return prefixes, what
    opcodes = difflib.SequenceMatcher(None, *texts, autojunk=False).get_opcodes()
    stretches = [op for op in opcodes if op[0] != "equal"]
    won_a_tie = False
    for _, i1, i2, j1, j2 in stretches[:1] if first else stretches:
        old, new = want[i1:i2], got[j1:j2]
        if _tie_given_as_win(old, new):  # one fault, not a tie missing and a win come early
            won_a_tie = True
            prefixes.add("match.tie-plays-on")
            sides, side = old[0]["sides"], new[0]["side"]
            what.append(f"a tie at the top (sides {sides}) given to side {side}")
            continue
        for a, b in _pairs(old, new):
            if a is None and _event_key(b) == "score:play" and b.get("raw") == 0:
                prefixes.update(RAW_RULES)  # a total that scores nothing has no score event
                what.append("extra score:play event of 0 points")
                continue
            if a is None or b is None:
                event = a if b is None else b
                prefixes.update(_kind_rules(event))
                what.append(
                    settled.alone(event, missing=b is None)
                    or f"{'missing' if b is None else 'extra'} {_event_key(event)} event"
                )
                continue
            keys = _changed_keys(a, b)
            if _event_key(a) == "play" and keys == {"raw"}:
                prefixes.update(RAW_RULES)  # its total is right: only its score is wrong
                what.append(
                    f"your play {a.get('play')} totals {a.get('total')}, which is right;"
                    f" it scores {a.get('raw')}; you scored {b.get('raw')}"
                )
                continue
            elif keys and keys <= set(EVENT_KEY_RULES):
                for key in keys:
                    prefixes.update(EVENT_KEY_RULES[key])
            else:
                prefixes.update(_kind_rules(a))
            what.append(
                settled.changed(a, b)
                or f"{_event_key(a)} event: your {', '.join(sorted(keys))} differ"
            )
    wins = [_index_of_win(want), _index_of_win(got)]
    if wins[0] != wins[1] and not first and not won_a_tie:
        prefixes.update(EVENT_RULES["win"])
        what.append("your win comes in another place" if None not in wins else "a win differs")
    return prefixes, _counted(what)


def _tie_given_as_win(old: list[Any], new: list[Any]) -> bool:
    """Whether a stretch is a tie at the top the rules call for and, in its very place,
    all else the same, a win for one of the tied sides: the misreading of
    ``match.tie-plays-on`` (a side on top wins the tie). A win that comes earlier, before
    the hand is settled, is no such thing: the stretch then holds more."""
    if len(old) != 1 or len(new) != 1:
        return False
    tie, win = old[0], new[0]
    if _event_key(tie) != "tie" or _event_key(win) != "win":
        return False
    return win.get("side") in (tie.get("sides") or ())


def _counted(lines: list[str]) -> list[str]:
    """Each line once, in order, with how many times it came when more than once."""
    counts = Counter(lines)
    return [f"{line} (x{counts[line]})" if counts[line] > 1 else line for line in counts]


def _pairs(old: list[Any], new: list[Any]) -> list[tuple[Any, Any]]:
    """The events of a changed stretch, paired by kind in order; an event of a kind the
    other side has fewer of is paired with None (missing or extra)."""
    out: list[tuple[Any, Any]] = []
    for kind in dict.fromkeys(_identity(e) for e in [*old, *new]):
        a = [e for e in old if _identity(e) == kind]
        b = [e for e in new if _identity(e) == kind]
        out += list(zip(a, b, strict=False))  # the shorter list's events, paired
        out += [(e, None) for e in a[len(b) :]] + [(None, e) for e in b[len(a) :]]
    return out


def _identity(event: Any) -> str:
    """What makes two events the same one changed: their kind, and for a play and its
    score the seat that made it (another seat's play is another event)."""
    kind = _event_key(event)
    if kind in ("play", "score:play", "draw", "pass", "out") and isinstance(event, dict):
        return f"{kind}@{event.get('seat')}"
    return kind


def _index_of_win(events: list[Any]) -> int | None:
    kinds = [_event_key(e) for e in events]
    return kinds.index("win") if "win" in kinds else None


def _changed_keys(a: Any, b: Any) -> set[str]:
    """The keys two events differ in, less the raw and display points that follow from
    another key's difference."""
    if not isinstance(a, dict) or not isinstance(b, dict):
        return set()
    keys: set[str] = set()
    for key in set(a) | set(b):
        x, y = a.get(key), b.get(key)
        if x == y:
            continue
        if isinstance(x, dict) and isinstance(y, dict):
            keys |= _changed_keys(x, y) or {key}  # a detail's own keys: its pips, rounded
        else:
            keys.add(key)
    if "result" in keys and keys & CONSEQUENT_KEYS:
        keys.discard("result")  # whether points land or are discarded follows from them
    return keys - CONSEQUENT_KEYS if keys - CONSEQUENT_KEYS else keys


def _kind_rules(event: Any) -> tuple[str, ...]:
    kind = _event_key(event)
    rules = EVENT_RULES.get(kind, EVENT_RULES.get(kind.split(":")[0], ANY))
    if isinstance(event, dict) and event.get("result") == "discarded":
        return (*rules, *EVENT_RULES["score:discarded"])
    return rules
