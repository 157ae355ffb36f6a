"""The rules of a replay step: which rule a record's step breaks or exercises, for the
audit's reference replay and its fast replay alike.

The replays say what happened (a seat acted out of turn, a play no place takes, the hand
ended, the next hand's leader); this module says which rule decides it, so the two walks
(:mod:`fives_tools.certify.observe.record_audit`, :mod:`fives_tools.certify.observe.fast`)
and the cases' blame cannot name two rules for one fault.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from fives_engine import DRAW, Action, HandState, Ruleset
from fives_tools.certify.judge.events import in_order
from fives_tools.certify.judge.exercise import kept
from fives_tools.certify.judge.fields import allowing
from fives_tools.certify.judge.fields import offered_rules as offered_families

#: A play that no place of the layout takes (the tile's pips match no open end), or that the
#: reference refuses without naming a rule.
PLACEMENT = "play.match-attach-point"
#: Side B of a mirror pair played while side A is open: the same move twice.
SAME_MOVE = "layout.side-a-first"
#: Who leads the next hand after one went out.
WENT_OUT_LEADS = "lead.went-out-leads"
#: The number of tiles dealt to each player.
HAND_SIZE = "deal.hand-size"
#: The points a match is played to.
TARGET = "match.target"
#: The display points of a hand's scores: judged where a hand's events show them and agree.
DISPLAY = "score.unit.display"
#: Play going on after a tie at the top.
TIE_PLAYS_ON = "match.tie-plays-on"
#: A hand blocked: no seat can play and the boneyard gives nothing; a hand the record
#: leaves while the rules say it goes on breaks it.
BLOCK = "hand.end.block"
GOING_OUT = "hand.end.going-out"
#: Who leads the first hand: a neutral draw; after a block, a new one.
NEUTRAL_DRAW = "lead.neutral-draw"
AFTER_BLOCK = "lead.after-block"


def turn_rule(hand: HandState) -> str:
    """The rule that keeps the turn with the player to act: the playable tile they just
    drew, the draw they are in the middle of, or else the order of play."""
    if hand.drawn is not None:
        return "turn.play-drawn-tile"
    if hand.actions and hand.actions[-1] == (hand.current_player, DRAW):
        return "turn.draw-until-playable"
    return "turn.clockwise"


def draw_rule(after_block: bool) -> str:
    """The rule that decides who leads a hand dealt with a neutral draw."""
    return AFTER_BLOCK if after_block else NEUTRAL_DRAW


def deal_refusal(rule: str, after_block: bool) -> str:
    """The rule a deal the reference refuses breaks: the draw's rule of this hand where the
    refusal names the neutral draw, else the rule it names."""
    return draw_rule(after_block) if rule == NEUTRAL_DRAW else rule


def hand_end_rule(went_out: bool) -> str:
    """The rule that ends a hand: going out, or a block."""
    return GOING_OUT if went_out else BLOCK


def ended_rule(ended: str) -> str:
    """The rule of a record's ``ended`` word (``out`` or ``block``)."""
    return {"out": GOING_OUT, "block": BLOCK}[ended]


def allowing_rules(ruleset: Ruleset, action: Action) -> list[str]:
    """The game's rules that allow the legal ``action`` (:func:`.fields.allowing`, as the
    cases and fuzz judge an action left out), the narrowest family first."""
    return in_order(allowing(str(action)), list(ruleset.rules)) or kept(ruleset, [PLACEMENT])


def offered_rules(
    ruleset: Ruleset, missing: list[Action], refused: list[str], nothing: bool
) -> list[str]:
    """The candidates of one wrong list of offers: the rules that allow each legal action
    left out and, with nothing offered at all, who may act (:func:`.fields.offered_rules`,
    the one judgement of an offered list), and the rule the reference refuses each action
    offered where it is not legal by (``refused``: the replay knows the position, where a
    case knows only the lists). The most often named first: a forced opening that leaves
    out every other tile is ``lead.any-tile``'s; as often named, a refusal first."""
    named = [rule for action in missing for rule in allowing_rules(ruleset, action)]
    if nothing:
        named += in_order(offered_families([], [], True), list(ruleset.rules))
    # as often named, the rule refusing an action offered where it is not legal comes first:
    # the reference names it from the position, where a left-out action only says which
    # kind of move was due (one tile left unoffered as a draw, and a pass offered instead)
    return most_common([*refused, *named])


def due_rules(ruleset: Ruleset, legal: list[Action]) -> list[str]:
    """The rules that say what was due where an implementation made a move the rules do
    not have: those that allow each legal action, the most often named first."""
    return most_common(rule for action in legal for rule in allowing_rules(ruleset, action))


def most_common(rules: Iterable[str]) -> list[str]:
    """The rules named, each once, the most often named first: a step's candidates."""
    return [rule for rule, _ in Counter(rules).most_common()]
