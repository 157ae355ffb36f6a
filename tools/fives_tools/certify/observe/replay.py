"""What the audit replays and shows: the deal the reference plays a record's hand from,
the record cut after a divergence, the rule that keeps a turn where it is, and the
actions the rules refuse that the reference can still apply as the implementation did.
"""

from __future__ import annotations

from typing import Any

from fives_engine import (
    DOUBLE_SIX,
    Action,
    Deal,
    Draw,
    HandState,
    MatchState,
    Play,
    Tile,
)
from fives_engine.events import Event
from fives_tools.certify.observe.load import parse_action_text


def _tiles(texts: list[str]) -> list[Tile]:
    return [Tile.parse(t) for t in texts]


def replay_deal(deal: dict[str, Any], actions: list[dict[str, Any]], leader: int | None) -> Deal:
    """The deal the reference replays: the record's boneyard, or else one made of the tiles
    the draws name, in order, followed by the tiles nobody holds (never drawn here)."""
    hands = [_tiles(h) for h in deal["hands"]]
    draws = [[None if t is None else Tile.parse(t) for t in r] for r in deal.get("draws", [])]
    if "boneyard" in deal:
        boneyard = _tiles(deal["boneyard"])
    else:
        drawn = [
            Tile.parse(a["tile"])
            for a in actions
            if "action" in a and isinstance(parse_action_text(a["action"]), Draw)
        ]
        seen = {t for h in hands for t in h} | set(drawn)
        boneyard = drawn + [t for t in DOUBLE_SIX if t not in seen]
    return Deal.of(hands, boneyard, leader, draws)


def numbered(events: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
    """A hand's events as written, replayed alone, as hand ``index`` of the match."""
    return [{**e, "number": index} if e.get("event") == "hand" else e for e in events]


def text(value: Any) -> str:
    return "null" if value is None else str(value)


def prefix(record: dict[str, Any], hand: int, action: int | None) -> dict[str, Any]:
    """The record cut after match action ``action`` (or after hand ``hand`` when None):
    the shortest prefix of the record that shows a divergence there."""
    hands = [dict(h) for h in record["hands"][:hand]]
    if action is not None:
        before = sum(len(h["actions"]) for h in record["hands"][: hand - 1])
        last = hands[-1]
        if action - before < len(last["actions"]):
            last["actions"] = last["actions"][: action - before]
            for key in ("ended", "scores", "events"):
                last.pop(key, None)
    out = {k: v for k, v in record.items() if k not in ("hands", "result")}
    out["hands"] = hands
    if hand == len(record["hands"]) and action is None and "result" in record:
        out["result"] = record["result"]
    return out


def forcible(hand: HandState, seat: int, action: Action) -> bool:
    """Whether the reference can apply ``action`` as the implementation did though the rules
    refuse it there: a play of a held tile the layout takes (out of turn, or instead of the
    playable tile just drawn), a draw while the boneyard has a tile, or a pass. A play the
    layout refuses or of a tile not held leaves no position to go on from."""
    if hand.is_terminal:
        return False
    if isinstance(action, Draw):
        return bool(hand.boneyard)
    if isinstance(action, Play):
        return action in as_if_turn(hand, seat)
    return True


def as_if_turn(hand: HandState, seat: int) -> list[Action]:
    """The plays ``seat`` would have were it their turn with no drawn tile to play: what
    an action out of turn is resolved against."""
    return hand.turn_of(seat).legal_actions()


def force(match: MatchState, seat: int, action: Action) -> list[Event]:
    """Apply ``action`` by ``seat`` as the implementation did (:func:`forcible` says it can
    be): the turn is given to ``seat`` and the action taken as one just listed legal, so
    the hand's own checks are passed over and its scoring, block and settlement are not."""
    return match.apply_logged(action, seat)
