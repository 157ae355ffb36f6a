"""Which rule a wrong number breaks. A wrong score or wrong settled scores are held
against common misreadings of one rule each; every reading that gives exactly the number
reported is a candidate, in a fixed order, and none is guessed: with no reading that fits,
the rules that decide the number as a whole are named (the scoring ends of the layout for
a play's score, never the multiple-of-five rule unless the number is no multiple of 5).

Readings of a play's score: a double at an end counted once, or once per open side, or
like any tile (joined by an end, not crosswise), or not at all once a tile joins it; an
interior double counted; a spinner's
unstarted branches counted; a total scored that is no multiple of 5, or rounded down to
one; the lead or the going-out play left unscored. Readings of settlement: the deduction
left out; pips not rounded, or rounded another way; partners' pips merged; a bonus to the
player who went out; scores kept from going below zero; partners seated side by side;
in Exact 61, the play that goes out checked against the target before the rest of its
going-out event.

When several readings fit one divergence, the audit keeps the rule that ranks first over
the whole observation, in the one ranking of likely causes every kind of evidence shares
(:func:`likely_causes`, :func:`witnesses`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable

from fives_engine import Layout, MatchState, Ruleset, Setup, Tile, round_to_five
from fives_engine.events import APPLIED, DISCARDED, Event
from fives_engine.settlement import settlement_for
from fives_engine.terms import BRANCH_PORTS, END_PORTS, STRAIGHT_PORTS, Port, port_pips
from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.status import MUST
from fives_tools.certify.judge.exercise import kept, score_rules
from fives_tools.certify.judge.ranking import Witness, capped, rank

#: How a double counts under each misreading: (pips, straights filled, open branches of a
#: spinner with both straights filled) -> value.
DoubleValue = Callable[[Tile, int, int], int]
_DOUBLE_READINGS: list[tuple[str, str, DoubleValue]] = [
    (
        "layout.double.crosswise",
        "a double joined by an end, one half per open side",
        lambda t, filled, branches: t.low * (2 - filled),
    ),
    (
        "score.ends.double-outer-both-halves",
        "a double at an end counting one half",
        lambda t, filled, branches: t.low if filled < 2 else 0,
    ),
    (
        "score.ends.double-outer-both-halves",
        "a double at an end counting both halves per open side",
        lambda t, filled, branches: t.pips * (2 - filled) if filled < 2 else 0,
    ),
    (
        "score.ends.double-outer-both-halves",
        "a double at an end counting nothing once a tile joins it",
        lambda t, filled, branches: t.pips if filled == 0 else 0,
    ),
    (
        "score.ends.double-interior-zero",
        "an interior double counted",
        lambda t, filled, branches: t.pips,
    ),
    (
        "score.ends.unstarted-branch-zero",
        "a spinner's unstarted branches counted",
        lambda t, filled, branches: t.pips if filled < 2 else t.low * branches,
    ),
]


def _used(layout: Layout) -> dict[Tile, set[Port]]:
    used: dict[Tile, set[Port]] = {t: set() for t in layout.tiles}
    for conn in layout.connections:
        used[conn.anchor].add(conn.anchor_port)
        used[conn.tile].add(conn.tile_port)
    return used


def _total(layout: Layout, double: DoubleValue | None) -> int:
    """The layout's total with doubles valued by ``double`` (None: as the rules say)."""
    used = _used(layout)
    spinners = set(layout.spinners)
    total = 0
    for tile, ports in used.items():
        if not tile.is_double:
            total += sum(port_pips(tile, p) for p in END_PORTS if p not in ports)
            continue
        filled = sum(p in ports for p in STRAIGHT_PORTS)
        branches = sum(p not in ports for p in BRANCH_PORTS) if tile in spinners else 0
        if double is None:
            total += tile.pips if filled < 2 else 0
        else:
            total += double(tile, filled, branches if filled == 2 else 0)
    return total


def play_score(ruleset: Ruleset, layout: Layout, reported: int, went_out: bool) -> list[str]:
    """The rules that may explain a play's wrong score (the layout is the one after it)."""
    fits = kept(ruleset, [rule for rule, _ in play_readings(ruleset, layout, reported, went_out)])
    return fits or _scoring_ends(ruleset, layout, reported)


def play_readings(
    ruleset: Ruleset, layout: Layout, reported: int, went_out: bool
) -> list[tuple[str, str]]:
    """(rule, how its misreading gives ``reported``) for every misreading of a play's
    score that gives exactly the number recorded, in the fixed order of the module."""
    score = ruleset.play_raw
    total = layout.total
    fits: list[tuple[str, str]] = []
    if reported == 0 and score(total) != 0:
        fits.append(
            ("score.last-play", "the play that goes out left unscored")
            if went_out
            else ("score.play.multiple-of-five", f"the total {total} left unscored")
        )
    if reported == total and reported != score(total):
        fits.append(("score.play.multiple-of-five", f"the total {total} scored as it stands"))
    elif reported == total // 5 * 5 and reported != score(total):
        fits.append(
            ("score.play.multiple-of-five", f"the total {total} rounded down to {reported}")
        )
    if _total(layout, None) == total:  # the layout is read the way the engine reads it
        for rule, how, value in _DOUBLE_READINGS:
            misread = _total(layout, value)
            if reported == score(misread):
                fits.append((rule, f"with {how}, the ends total {misread}: it scores {reported}"))
    return [(rule, how) for rule, how in fits if rule in ruleset.rules]


def _scoring_ends(ruleset: Ruleset, layout: Layout, reported: int) -> list[str]:
    """The rules of a score no misreading gives: a number no multiple of 5 breaks the
    scoring of the total; any other number comes from ends counted otherwise, so the
    scoring-end rules of this layout are named as a whole (the observation chooses)."""
    if reported % 5:
        return ["score.play.multiple-of-five"]
    ends = [
        rule
        for rule in score_rules(ruleset, layout, went_out=False)
        if rule.startswith("score.ends.") or rule == "layout.attach-points-not-scoring-ends"
    ]
    return ends or ["score.play.multiple-of-five"]


_ROUNDINGS: list[Callable[[int], int]] = [
    lambda pips: pips,  # not rounded
    lambda pips: pips // 5 * 5,  # always down
    lambda pips: -(-pips // 5) * 5,  # always up
    lambda pips: (pips + 3) // 5 * 5,  # a remainder of 2 up
    lambda pips: (pips + 1) // 5 * 5,  # a remainder of 3 down
]


def _rounded_raw(event: Event, rounding: Callable[[int], int]) -> int:
    """A settlement event's raw points had its pips been rounded by ``rounding``."""
    if event["cause"] == "deduction":
        return -rounding(event["pips"])
    if event["cause"] == "going-out":
        raw = int(event["play"]) + rounding(event["opponents"]["pips"])
        partner = event["partner"] if "partner" in event.fields else None
        return raw - rounding(partner["pips"]) if partner else raw
    return rounding(sum(event["differences"]))


def _settling(match: MatchState) -> tuple[list[Event], list[Event], list[int]]:
    """The match's applied score events, those of the hand's settlement, and the scores
    by side before that settlement."""
    events = [e for e in match.events if e.kind == "score" and e["result"] == APPLIED]
    items = [e for e in events if e["cause"] != "play"]
    before = list(match.scores)
    for e in items:
        before[e["side"]] -= e["raw"]
    return events, items, before


def partners_merged(setup: Setup, match: MatchState, reported: list[int]) -> bool:
    """Whether ``reported`` are the hand's settled scores had partners' remaining pips been
    added up and rounded once (the other reading of all-fives.settlement-partners)."""
    if not setup.partnerships:
        return False
    _, items, before = _settling(match)
    return reported == _merged(setup, before, items)


def settlement(ruleset: Ruleset, setup: Setup, match: MatchState, reported: list[int]) -> list[str]:
    """The rules that may explain wrong settled scores of the hand just over."""
    hand = match.hands[-1]
    events, items, before = _settling(match)
    expected = list(match.scores)

    def with_raw(raw: Callable[[Event], int]) -> list[int]:
        scores = list(before)
        for e in items:
            scores[e["side"]] += raw(e)
        return scores

    readings: list[tuple[str, bool]] = [
        ("settle.deduct-each-hand", reported == before),
        ("settle.exact-61.going-out-event", hand.went_out is not None and reported == before),
        ("settle.exact-61.going-out-event", last_play_alone(match, reported)),
        *overshoot(match, reported),
    ]
    readings += [
        ("settle.round-nearest-five", reported == with_raw(lambda e, r=r: _rounded_raw(e, r)))  # type: ignore[misc]
        for r in _ROUNDINGS
    ]
    if setup.partnerships:
        readings.append(("settle.partners-apart", reported == _merged(setup, before, items)))
        readings.append(("side.partnership", reported == _side_by_side(match, events)))
    if hand.went_out is not None:
        out_side = setup.side_of(hand.went_out)
        pips = [e["pips"] for e in items if e["side"] != out_side and "pips" in e.fields]
        for bonus in (sum(map(round_to_five, pips)), round_to_five(sum(pips))):
            gained = list(expected)
            gained[out_side] += bonus
            readings.append(("settle.deduct-only", bonus > 0 and reported == gained))
    readings.append(("score.negative", reported == [max(0, s) for s in expected]))
    readings.append(("score.last-play", reported == last_play_unscored(ruleset, setup, match)))
    fits = kept(ruleset, [rule for rule, fit in readings if fit])
    if ruleset.settlement == "exact-61-differences":
        whole = (
            "settle.exact-61.opponents"
            if hand.went_out is not None
            else "settle.exact-61.block-differences"
        )
    else:
        whole = "settle.deduct-each-hand"
    return fits or [whole]


def last_play_unscored(ruleset: Ruleset, setup: Setup, match: MatchState) -> list[int] | None:
    """The scores had the play that went out scored nothing, the hand being over (the
    misreading of ``score.last-play``); None where that play scored nothing anyway, or is
    no score of its own (Exact 61 merges it into the going-out event)."""
    hand = match.hands[-1]
    plays = [e for e in match.events if e.kind == "play"]
    if hand.went_out is None or not plays or settlement_for(ruleset.settlement).merges_last_play:
        return None
    last = plays[-1]
    if last["seat"] != hand.went_out or not last["raw"]:
        return None
    scores = list(match.scores)
    scores[setup.side_of(hand.went_out)] -= last["raw"]
    return scores


def overshoot(match: MatchState, reported: list[int]) -> list[tuple[str, bool]]:
    """Readings of the target rules: an event passing the exact target applied whole, or
    applied up to the target, instead of discarded."""
    events = [e for e in match.events if e.kind == "score"]
    if not any(e["result"] == DISCARDED for e in events):
        return []
    target = match.setup.target
    readings = []
    for whole in (True, False):
        scores = list(match.initial_scores)
        for e in events:
            side = e["side"]
            if e["result"] == APPLIED:
                scores[side] += e["raw"]
            else:
                scores[side] = scores[side] + e["raw"] if whole else target
            if scores[side] == target:
                break  # the exact target is hit: nothing after it counts
        readings.append(("match.overshoot-discarded", reported == scores))
    return readings


def last_play_alone(match: MatchState, reported: list[int]) -> bool:
    """The misreading of ``settle.exact-61.going-out-event``: the play that goes out checked
    against the exact target on its own, before the rest of the going-out event (the
    opponents' pips, less the partner's), each part discarded whole if it passes the
    target. Only where the going-out event carries a play score."""
    events = [e for e in match.events if e.kind == "score"]
    if not any(e["cause"] == "going-out" and e["play"] for e in events):
        return False
    target = match.setup.target
    scores = list(match.initial_scores)
    for e in events:
        parts = [e["raw"]]
        if e["cause"] == "going-out":
            parts = [e["play"], e["raw"] - e["play"]]
        for raw in parts:
            side = e["side"]
            if scores[side] + raw <= target:
                scores[side] += raw
            if scores[side] == target:
                return reported == scores  # the exact target is hit: nothing after it counts
    return reported == scores


def _merged(setup: Setup, before: list[int], items: list[Event]) -> list[int]:
    scores = list(before)
    pips: Counter[int] = Counter()
    for e in items:
        pips[e["side"]] += e["pips"] if "pips" in e.fields else 0
    for side, total in pips.items():
        scores[side] -= round_to_five(total)
    return scores


def _side_by_side(match: MatchState, events: list[Event]) -> list[int]:
    """The scores had partners been seats 0 & 1 against 2 & 3."""
    scores = list(match.initial_scores)
    for e in events:
        scores[e["seat"] // 2] += e["raw"]
    return scores


def candidates(div: Finding) -> tuple[str, ...]:
    """Every rule whose misreading gives what was recorded, the rule kept among them."""
    return div.candidates if div.rule in div.candidates else (div.rule, *div.candidates)


def witnesses(divergences: Iterable[Finding]) -> list[Witness]:
    """The divergences of their own as witnesses of the one ranking
    (:mod:`fives_tools.certify.judge.ranking`): each record is one witness (its
    ``must`` divergences one, its readings another), giving each rule at most 1, as a case
    does. Within it a divergence shares 1 among its candidate rules; a rule that alone
    gives what was recorded in some divergence is the record's own, as a case's primary
    rule is the case's. A reading is replayed and found to be the other reading of an
    interpretation: it is the implementation's choice, and speaks only for rules no
    ``must`` divergence names (where a case answered otherwise is not known to be one)."""
    counted = [div for div in divergences if div.counted]
    broken = {rule for div in counted if div.requirement == MUST for rule in candidates(div)}
    shares: dict[tuple[str, str, bool], list[tuple[str, float]]] = defaultdict(list)
    alone: dict[tuple[str, str, bool], set[str]] = defaultdict(set)
    for div in counted:
        must = div.requirement == MUST
        rules = tuple(r for r in candidates(div) if must or r not in broken)
        if rules:
            key = (div.record, div.game, must)
            shares[key] += [(rule, 1.0 / len(rules)) for rule in rules]
            if len(rules) == 1:
                alone[key].add(rules[0])
    out = []
    for key, found in shares.items():
        weights, mass = capped(found)
        scope = ("own games", key[1])
        out.append(Witness(weights, key[2], scope, frozenset(alone[key]), mass=mass))
    return out


def likely_causes(divergences: Iterable[Finding]) -> list[str]:
    """The rules behind the divergences of their own, the likeliest cause first."""
    return [one.rule for one in rank(witnesses(divergences))]


def choose(candidates: tuple[str, ...], ranking: list[str]) -> str:
    """Of a divergence's candidate rules, the one that ranks best over the observation."""
    place = {rule: i for i, rule in enumerate(ranking)}
    return min(candidates, key=lambda r: place.get(r, len(place)))


# -- the numbers explained, in the record's own terms --------------------------------------
def explain_play(
    ruleset: Ruleset, layout: Layout, reported: int, went_out: bool
) -> tuple[str, ...]:
    """How the rules' score of the play just made arises (its scoring ends, their values
    and total, and what the total scores), and how the recorded number could: each
    misreading that gives it, or that none does."""
    ends = layout.scoring_ends()
    total = layout.total
    listed = ", ".join(map(str, ends)) or "none"
    raw = ruleset.play_raw(total)
    scoring = (
        f"a multiple of 5: it scores {raw}"
        if raw == total
        else f"no multiple of 5: it scores {raw}"
        if raw == 0
        else f"it scores {raw}"
    )
    lines = [f"the scoring ends: {listed}; they total {total}, {scoring}"]
    readings = play_readings(ruleset, layout, reported, went_out)
    lines += [f"recorded {reported}: {how} ({rule})" for rule, how in readings]
    if not readings:
        lines.append(f"recorded {reported}: no known misreading of the ends gives it")
    return tuple(lines)


def explain_settlement(match: MatchState, drift: list[int]) -> tuple[str, ...]:
    """How the hand's settled scores arise: each remaining hand's pips and rounding (or the
    event the game makes of them) and the scores before and after."""
    events = [e for e in match.events if e.kind == "score" and e["cause"] != "play"]
    before = list(match.scores)
    for e in events:
        if e["result"] == APPLIED:
            before[e["side"]] -= e["raw"]
    lines = [f"{_settled(e)}: {e['raw']:+d} to side {e['side']}" for e in events]
    if not events:
        lines.append("nothing to settle")
    lines.append(f"the scores by side {before} before settlement, {list(match.scores)} after")
    if any(drift):
        lines.append(
            f"the play scores recorded differ from the rules' by {drift} by side: counted in"
        )
    return tuple(lines)


def _settled(event: Event) -> str:
    """One settlement event in words: whose pips, how many, how rounded."""
    seat, cause = event["seat"], event["cause"]
    fields = event.fields
    if cause == "deduction":
        return f"seat {seat} holds {event['pips']} pips, rounded to {event['rounded']}"
    if cause == "going-out":
        opponents = event["opponents"]
        text = (
            f"seat {seat} went out (last play {event['play']}); the opponents hold"
            f" {opponents['pips']} pips, rounded to {opponents['rounded']}"
        )
        if "partner" in fields:
            partner = event["partner"]
            text += f"; the partner holds {partner['pips']}, rounded to {partner['rounded']}"
        return text
    if cause == "block":
        return (
            f"seat {seat} holds {event['pips']} pips, lighter by {list(event['differences'])},"
            f" rounded to {event['rounded']}"
        )
    return f"seat {seat}: {cause}"


def explain_winner(match: MatchState | None, recorded: list[int], target: int) -> tuple[str, ...]:
    """Why the rules name the winner they do: the scores by side the rules' replay came to
    against the target, and the record's own scores beside them where they differ."""
    if match is None:
        return ()
    scores = list(match.scores)
    lines = [f"under the rules the scores by side come to {scores}; the target is {target}"]
    if match.winner is not None:
        lines.append(f"side {match.winner} reached it: it wins")
    else:
        lines.append("no side has won: the match goes on")
    if recorded != scores:
        lines.append(f"the record's own scores are {recorded}")
    return tuple(lines)
