"""The replay of a record under the other reading of an interpretation it seems to take
(the readings, and the rule each decides, are the judge's:
:mod:`fives_tools.certify.judge.readings`). A record is held to the other reading only
where its behaviour is that reading's, replayed: the audit then reports one divergence of
requirement ``implementation-defined`` naming the interpretation, and judges the rest of
the record under that reading rather than piling up its consequences.
"""

from __future__ import annotations

from typing import Any

from fives_engine import IllegalDealError, MatchState, Ruleset, Tile
from fives_engine.deal import draw_winner
from fives_tools.certify.observe.replay import force
from fives_tools.certify.observe.resolve import resolve


def lowest_draw_leader(draws: list[list[str | None]], players: int) -> int | None:
    """The seat a written neutral draw gives the lead when the lowest tile wins, or None
    when it is no such draw either. Each tile is mirrored ([a|b] to [6-a|6-b]: pips 12 -
    p, still distinct) so the highest-wins check of the reference decides it, not a copy."""
    mirrored = [
        tuple(
            None if t is None else Tile.of(6 - Tile.parse(t).low, 6 - Tile.parse(t).high)
            for t in round_
        )
        for round_ in draws
    ]
    try:
        return draw_winner(mirrored, players)
    except IllegalDealError:
        return None


def named_leader(deal: dict[str, Any], actions: list[dict[str, Any]], players: int) -> int | None:
    """The seat a hand's deal names as leader: its ``leader``, else, for a written neutral
    draw, the seat the lowest tile gives when that seat led (who led says who won the
    draw); None when it names none."""
    leader: int | None = deal.get("leader")
    if leader is None and deal.get("draws") and actions:
        lowest = lowest_draw_leader(deal["draws"], players)
        leader = lowest if lowest == actions[0].get("seat") else None
    return leader


def replayed(match: MatchState, ruleset: Ruleset) -> MatchState:
    """``match``'s current hand played again under ``ruleset``, from the same scores and
    deal, every action as it was applied (those the rules refuse forced as before)."""
    hand = match.hands[-1]
    again = MatchState(ruleset, match.setup, match.initial_scores)
    again.deal(match.deals[-1])
    for seat, action in hand.actions:
        if seat == again.current_player and action in again.legal_actions():
            again.apply_action(action, seat)
        else:
            force(again, seat, action)
    return again


def plays(match: MatchState, actions: list[dict[str, Any]]) -> bool:
    """Whether ``match`` takes the record's ``actions``, each the turn's player's and
    legal (applied to ``match``: give a copy)."""
    for entry in actions:
        if match.is_terminal or "action" not in entry or entry["seat"] != match.current_player:
            return False
        action = resolve(entry["action"], match.legal_actions()).action
        if action is None or action not in match.legal_actions():
            return False
        match.apply_action(action, entry["seat"])
    return True
