"""The rules of a replay step: which rule a record's step breaks or exercises, for the
audit's reference replay and its fast replay alike.

The replays say what happened (a seat acted out of turn, a play no place takes, the hand
ended, the next hand's leader); this module says which rule decides it, so the two walks
(:mod:`fives_tools.certify.observe.record_audit`, :mod:`fives_tools.certify.observe.fast`)
and the cases' blame cannot name two rules for one fault.
"""

from __future__ import annotations

from fives_engine import DRAW, Action, Draw, HandState, Pass, Play, Ruleset
from fives_tools.certify.judge.exercise import kept

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


def allowing_rule(ruleset: Ruleset, action: Action) -> str:
    """The rule that makes a legal action legal (named when an implementation left it out)."""
    if isinstance(action, Draw):
        rule = "turn.draw-until-playable"
    elif isinstance(action, Pass):
        rule = "turn.pass-empty-boneyard"
    elif isinstance(action, Play) and action.anchor is None:
        rule = "lead.any-tile"
    elif isinstance(action, Play) and action.port is not None and action.port.is_branch:
        rule = f"layout.spinner.{ruleset.spinners}"
    elif isinstance(action, Play) and action.anchor is not None and action.anchor.is_double:
        rule = "layout.double.crosswise"
    else:
        rule = PLACEMENT
    return (kept(ruleset, [rule]) or [PLACEMENT])[0]
