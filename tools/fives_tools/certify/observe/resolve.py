"""An implementation's action text resolved against the reference's state: a play in the
notation is itself; a play in the pips form (``fives_engine.PipsPlay``) is matched against
the reference's legal plays. Candidates that differ only as mirror images (the two side
branches of a spinner, the two straight sides of a lone double) are one move and resolve
to the first; candidates that truly differ are *undecided*, never guessed.

It also says why: the rule that forbids an action the rules refuse, and the rule that
allows a legal action an implementation left out of what it offered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fives_engine import (
    DOUBLE_SIX,
    Action,
    HandState,
    IllegalMoveError,
    PipsPlay,
    Play,
    Port,
)
from fives_engine.terms import END_PORTS
from fives_tools.certify.judge import steps
from fives_tools.certify.observe.load import parse_action_text

_TWINS = {
    frozenset((Port.SIDE_BRANCH_A, Port.SIDE_BRANCH_B)),
    frozenset((Port.STRAIGHT_SIDE_A, Port.STRAIGHT_SIDE_B)),
}


@dataclass(frozen=True)
class Resolved:
    """What an action text stands for: one action, none (``candidates`` empty: no legal
    play fits it) or several that truly differ (undecided)."""

    text: str
    candidates: tuple[Action, ...]
    pips: PipsPlay | None = None

    @property
    def action(self) -> Action | None:
        return self.candidates[0] if len(self.candidates) == 1 else None


def _mirrors(plays: list[Play]) -> bool:
    """Whether the plays differ only as mirror images: one tile on one anchor, twin places."""
    first = plays[0]
    return all(
        (p.tile, p.anchor) == (first.tile, first.anchor)
        and p.port is not None
        and first.port is not None
        and (p.port == first.port or frozenset((p.port, first.port)) in _TWINS)
        for p in plays
    )


def _same_move(action: Action, legal: list[Action]) -> Action:
    """A play naming side B of a mirror pair whose side A is a legal place for it is the
    play on side A, the same move (``Layout.same_move``); any other action is itself."""
    if isinstance(action, Play) and action not in legal and action.port is not None:
        twin = action.port.side_a
        if twin is not None and (first := Play(action.tile, action.anchor, twin)) in legal:
            return first
    return action


def resolve(text: str, legal: list[Action]) -> Resolved:
    """``text`` against the legal actions of the turn (the reference's, canonical order)."""
    parsed = parse_action_text(text)
    if not isinstance(parsed, PipsPlay):
        return Resolved(text, (_same_move(parsed, legal),))
    fits = [a for a in legal if isinstance(a, Play) and parsed.matches(a)]
    if len(fits) > 1 and _mirrors(fits):
        fits = fits[:1]
    if not fits and parsed.is_lead:
        return Resolved(text, (Play(parsed.tile),), parsed)
    return Resolved(text, tuple(fits), parsed)


def _possible(hand: HandState, pips: PipsPlay) -> list[Play]:
    """Every canonical play the pips text may stand for, legal or not, on the places its
    anchor has (a double's sides and branches, another tile's ends): a place no such tile
    has is no reading of the text, and would blame the crosswise rule for an end taken."""
    anchors = [pips.anchor] if pips.anchor is not None else hand.layout.tiles
    return [
        Play(pips.tile, anchor, port)
        for anchor in anchors
        for port in Port
        if anchor in DOUBLE_SIX
        and (port in END_PORTS) != anchor.is_double
        and pips.matches(Play(pips.tile, anchor, port))
    ]


def refusal(hand: HandState, seat: int, resolved: Resolved) -> tuple[str, str]:
    """(rule, reason) the rules give for refusing the action ``seat`` took."""
    tries: list[Action] = list(resolved.candidates)
    pips = resolved.pips
    if pips is not None and pips.pips is not None and not pips.tile.has(pips.pips):
        # placed against an end it does not match, as the engine made it: whatever place
        # of that end it took, the tile shows no half with the end's pips
        return steps.PLACEMENT, f"{resolved.text}: {pips.tile} has no {pips.pips}"
    if resolved.pips is not None and not tries:
        tries = list(_possible(hand, resolved.pips))
        if not tries:
            where = resolved.pips.anchor or f"an open end showing {resolved.pips.pips}"
            return steps.PLACEMENT, f"{resolved.text}: no place on {where} takes it"
    found: tuple[str, str] | None = None
    state = f" ({hand.describe()})"
    for action in tries:
        try:
            hand.copy().apply_action(action, seat)
        except IllegalMoveError as exc:
            reason = re.sub(r" \[rule [^\]]*\]", "", str(exc)).replace(state, "")
            found = found or (exc.rule, reason)
            continue
        if isinstance(action, Play) and (move := hand.layout.same_move(action)) != action:
            found = found or (steps.SAME_MOVE, f"{action}: the same move as {move}, twice")
    return found or (steps.PLACEMENT, f"{resolved.text}: refused")


def offered_difference(
    offered: list[str], legal: list[Action]
) -> tuple[list[Action], list[Resolved]]:
    """(legal actions not offered, offered texts that stand for no legal action).

    An offered pips text covers every legal play it may stand for; side B of a mirror pair
    whose side A is open covers the play on side A (one move), unless that is offered too:
    then it is the same move offered twice."""
    covered: set[Action] = set()
    extra: list[Resolved] = []
    texts = set(offered)
    for text in offered:
        parsed = parse_action_text(text)
        if isinstance(parsed, PipsPlay):
            fits = [a for a in legal if isinstance(a, Play) and parsed.matches(a)]
            covered.update(fits)
            if not fits:
                extra.append(Resolved(text, (), parsed))
            continue
        move = _same_move(parsed, legal)
        if move in legal and (move == parsed or str(move) not in texts):
            covered.add(move)
        else:
            extra.append(Resolved(text, (parsed,)))
    missing = [a for a in legal if a not in covered]
    return missing, extra
