"""Which rules a checked step exercises, so the certificate can say how often each rule
was observed. A rule counts only where the step's check could have failed on it: a play's
legality exercises the layout rules of that play, a score the scoring-end rules of the
layout it was counted on, a settlement the settlement rules of that kind of ending.

Every list is kept to the rules the game document has (``Ruleset.rules``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fives_engine import Action, Draw, HandState, Layout, Play, Ruleset, Setup
from fives_engine.events import DISCARDED, Event
from fives_engine.match import END_RULES
from fives_engine.terms import Port

_SPINNER_RULE = {
    "every-double": "layout.spinner.every-double",
    "first-double": "layout.spinner.first-double",
}
_MIRRORED = (Port.STRAIGHT_SIDE_A, Port.STRAIGHT_SIDE_B, Port.SIDE_BRANCH_A, Port.SIDE_BRANCH_B)


def kept(ruleset: Ruleset, rules: Iterable[str]) -> list[str]:
    """``rules`` without repeats, kept to those the game has."""
    out: list[str] = []
    for rule in rules:
        if rule in ruleset.rules and rule not in out:
            out.append(rule)
    return out


def deal_rules(ruleset: Ruleset, setup: Setup, drawn: Iterable[str]) -> list[str]:
    """The rules a hand's deal exercises, with the lead rules of a neutral draw ``drawn``
    (a draw written is checked)."""
    rules = ["deal.hand-size", "equipment.double-six", *drawn]
    if setup.deal_option is not None:
        rules.append("deal.options")
    return kept(ruleset, rules)


def play_rules(ruleset: Ruleset, layout: Layout, play: Play) -> list[str]:
    """The rules that decide whether ``play`` is legal on ``layout``."""
    return placed_rules(ruleset, play, play.anchor is not None and play.anchor in layout.spinners)


def placed_rules(ruleset: Ruleset, play: Play, on_spinner: bool) -> list[str]:
    """:func:`play_rules` from the one fact of the layout they read, whether the anchor is
    a spinner: what the fast replay (:mod:`.fast`) knows without a reference layout."""
    spinner = _SPINNER_RULE.get(ruleset.spinners, "")
    if play.anchor is None or play.port is None:
        rules = ["lead.any-tile"]
        if play.tile.is_double:
            rules += ["layout.double.crosswise", spinner]
        return kept(ruleset, rules)
    rules = ["play.match-attach-point", "hand.own-tiles"]
    if play.anchor.is_double:
        rules.append("layout.double.crosswise")
        if on_spinner:
            rules.append("layout.spinner.straights-first")
    if play.port.is_branch:
        rules.append(spinner)
    if play.tile.is_double:
        rules += ["layout.double.crosswise", spinner]
    if play.port in _MIRRORED:
        rules.append("layout.side-a-first")
    return kept(ruleset, rules)


def action_rules(ruleset: Ruleset, hand: HandState, action: Action) -> list[str]:
    """The rules an action's legality exercises, in the state before it."""
    on_spinner = isinstance(action, Play) and action.anchor in hand.layout.spinners
    return turn_rules(ruleset, action, hand.drawn is not None, on_spinner)


def turn_rules(ruleset: Ruleset, action: Action, drawn: bool, on_spinner: bool) -> list[str]:
    """:func:`action_rules` from the facts they read: a playable tile just ``drawn``, and
    whether a play's anchor is a spinner."""
    rules = ["turn.clockwise"]
    if drawn:
        rules.append("turn.play-drawn-tile")
    if isinstance(action, Play):
        rules += placed_rules(ruleset, action, on_spinner)
    elif isinstance(action, Draw):
        rules += ["turn.must-play", "turn.draw-until-playable"]
    else:
        rules += ["turn.must-play", "turn.pass-empty-boneyard"]
    return kept(ruleset, rules)


def offered_rules(ruleset: Ruleset, hand: HandState, legal: list[Action]) -> list[str]:
    """The rules that decide the whole set of legal actions at a turn."""
    each = [action_rules(ruleset, hand, action) for action in legal]
    return offer_rules(ruleset, hand.drawn is not None, each)


def offer_rules(ruleset: Ruleset, drawn: bool, each: Iterable[Iterable[str]]) -> list[str]:
    """:func:`offered_rules` from the facts they read: a playable tile just ``drawn``, and
    the rules of ``each`` legal action (:func:`turn_rules`)."""
    rules = ["turn.must-play"]
    if drawn:
        rules.append("turn.play-drawn-tile")
    for action in each:
        rules += action
    return kept(ruleset, rules)


def score_rules(ruleset: Ruleset, layout: Layout, went_out: bool) -> list[str]:
    """The rules a play's score exercises, on the layout it was counted on."""
    rules = ["score.play.multiple-of-five", "score.unit.raw"]  # a score is given raw
    counted = {end.tile for end in layout.scoring_ends()}
    for end in layout.scoring_ends():
        rules.append(
            "score.ends.outer-end"
            if end.port is not None
            else "score.ends.double-outer-both-halves"
        )
    if any(t.is_double for t in layout.tiles):
        rules.append("layout.double.crosswise")  # a crosswise double shows both halves
    if any(t.is_double and t not in counted for t in layout.tiles):
        rules.append("score.ends.double-interior-zero")
    if any(p.port.is_branch for p in layout.attach_points()):
        rules += ["score.ends.unstarted-branch-zero", "layout.attach-points-not-scoring-ends"]
    if went_out:
        rules.append("score.last-play")
    return kept(ruleset, rules)


def hand_end_rules(
    ruleset: Ruleset,
    setup: Setup,
    events: Sequence[Event],
    terminal: bool,
    went_out: bool,
    scores: list[int],
) -> tuple[bool, list[str]]:
    """Whether the match was won before (or without) any settlement of the hand, and the
    rules the hand's scores exercise: the match's end then, else its settlement's, and
    those of the match its ``events`` show (both replays count them so)."""
    settled = any(e.kind == "score" and e["cause"] != "play" for e in events)
    won = terminal and not settled
    if won:
        rules = [end_rule(ruleset), "match.target"]
    else:
        rules = settlement_rules(ruleset, setup, went_out, scores)
    rules += match_rules(ruleset, setup, events)
    return won, kept(ruleset, rules)


def settlement_rules(
    ruleset: Ruleset, setup: Setup, went_out: bool, scores: list[int]
) -> list[str]:
    """The rules a hand's settled scores exercise."""
    rules = ["settle.round-nearest-five"]
    if ruleset.settlement == "exact-61-differences":
        if went_out:
            rules += ["settle.exact-61.opponents", "settle.exact-61.going-out-event"]
            if setup.partnerships:
                rules.append("settle.exact-61.partner")
        else:
            rules += [
                "settle.exact-61.block-differences",
                "settle.exact-61.block-events",
                "settle.exact-61.block-winner",  # who wins the block decides the scores
            ]
    else:
        rules.append("settle.deduct-each-hand")
        rules.append("settle.deduct-only" if went_out else "settle.block-no-winner")
        if setup.partnerships:
            rules.append("settle.partners-apart")
    if any(s < 0 for s in scores):
        rules.append("score.negative")
    return kept(ruleset, rules)


def match_rules(ruleset: Ruleset, setup: Setup, events: Iterable[Event]) -> list[str]:
    """The rules the match's scores by side exercise, given the events that made them."""
    rules = ["side.partnership" if setup.partnerships else "side.alone"]
    for event in events:
        if event.kind == "tie":
            rules.append("match.tie-plays-on")
        elif event.kind == "score" and event["result"] == DISCARDED:
            rules.append("match.overshoot-discarded")
        elif event.kind == "score" and event["cause"] == "play":
            rules.append("match.exact-61.play-events")
    return kept(ruleset, rules)


def end_rule(ruleset: Ruleset) -> str:
    """The rule that ends the match in this game."""
    return END_RULES[ruleset.target_check]
