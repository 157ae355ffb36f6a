"""The fast path (:mod:`fives_fast`) behind the adapter interface, for its turn flow.

``fives_fast`` plays the same hands as the reference engine over tile ids and bit masks.
Served like any implementation, it is held to the hand-written ``turn-flow`` cases by
``fives certify`` and compared with the reference engine by ``fives fuzz``::

    fives certify --python fives_tools.certify.adapters.fast:FastImplementation
    fives fuzz --python fives_tools.certify.adapters.fast:FastImplementation

It answers ``turns`` and ``perft`` requests, the level ``turn-flow``, and the score of a
layout, ``play-score``, which turn flow implies (every play event carries its score): the
layout's plays are played again by one seat holding their tiles, as for a perft position.
It keeps no list of attach points or scoring ends (only their moves and total), and it
settles with the reference engine's own functions, so it declares no other level.
Checking the deal is the reference engine's (:func:`fives_engine.deal.check_deal`): what
is under test is the play of the hand.
Every refusal names its rule (:mod:`fives_fast.refusal`); only the rule of a held tile
played where the layout forbids it is named by the reference engine's layout, as the fast
path keeps no place names.
"""

from __future__ import annotations

from typing import Any

from fives_engine import (
    DOUBLE_SIX,
    Deal,
    FivesError,
    IllegalDealError,
    IllegalMoveError,
    Play,
    find_game,
    parse_action,
)
from fives_engine.deal import check_deal
from fives_engine.layout import EVERY_DOUBLE
from fives_engine.perft import divide
from fives_fast import FastHand, action_id, action_to_string
from fives_fast.refusal import LAYOUT, refusal_rule
from fives_fast.tables import TILE_ID
from fives_tools.certify.adapters.reference import (
    ReferenceImplementation,
    position_of,
    rejected,
    table_of,
)
from fives_tools.certify.cases import levels


def _hand(request: dict[str, Any]) -> FastHand:
    ruleset = find_game(request["game"])
    deal = Deal.from_json(request["deal"])
    leader = check_deal(deal, ruleset, table_of(request, len(deal.hands)), None, False)
    return FastHand.of(ruleset, [list(h) for h in deal.hands], list(deal.boneyard), leader)


def _apply(hand: FastHand, text: str) -> None:
    """A scripted action; one the fast path refuses is a bad request, as in the reference."""
    try:
        hand.apply_action(action_id(parse_action(text)))
    except ValueError as exc:
        raise FivesError(f"the script's action {text!r} is not legal: {exc}") from None


def _layout_rule(game: str, plays: list[str], play: Play) -> str:
    """The rule the reference engine's layout names for ``play`` after ``plays``."""
    layout = find_game(game).new_layout()
    for text in plays:
        layout.play(text)
    try:
        layout.play(play)
    except IllegalMoveError as exc:
        return exc.rule
    raise FivesError(f"{play} is legal on the layout but not in the hand")  # never expected


def perft_reply(request: dict[str, Any]) -> dict[str, Any]:
    try:
        hand = FastHand.at(position_of(request))
    except IllegalDealError as exc:
        return rejected(exc, "illegal-deal")
    split = divide(hand, int(request["depth"]), action_to_string)
    return {"nodes": sum(split.values()), "divide": split}


def layout_reply(request: dict[str, Any]) -> dict[str, Any]:
    """The ``score`` of the layout ``plays`` build: seat 0 holds their tiles and plays them
    in order (the other tiles are seat 1's one and the boneyard, so no hand ends early)."""
    ruleset = find_game(request["game"])
    plays = [action_id(Play.parse(str(text))) for text in request["plays"]]
    held = [TILE_ID[Play.parse(str(text)).tile] for text in request["plays"]]
    rest = [t for t in range(len(DOUBLE_SIX)) if t not in held]
    hand = FastHand(ruleset.spinners == EVERY_DOUBLE, [held, rest[:1]], rest[1:], 0)
    for play in plays:
        hand.current = 0
        _apply(hand, action_to_string(play))
    score = ruleset.play_score(hand.total)  # the scoring of a total its play events use
    reply: dict[str, Any] = {"score": {"raw": score.raw}}
    if score.display is not None:
        reply["score"]["display"] = score.display
    return reply


def turns_reply(request: dict[str, Any]) -> dict[str, Any]:
    try:
        hand = _hand(request)
    except IllegalDealError as exc:
        return rejected(exc, "illegal-deal")
    for text in request["actions"]:
        _apply(hand, text)
    reply: dict[str, Any] = {}
    if "reject" in request:
        attempt = request["reject"]
        parsed = parse_action(attempt["action"])
        seat = attempt.get("seat", hand.current_player)  # without one: the player to act
        action = action_id(parsed)
        rule = refusal_rule(hand, seat, action)
        if rule is not None:
            if rule == LAYOUT and isinstance(parsed, Play):
                plays = [str(e["play"]) for e in hand.events() if e.kind == "play"]
                rule = _layout_rule(str(request["game"]), plays, parsed)
            message = f"{attempt['action']} by seat {seat} is not legal here"
            reply["error"] = {"kind": "illegal-action", "rule": rule, "message": message}
        else:
            hand.apply_action(action)
            reply["error"] = None
    events = [e.to_json() for e in hand.events()]
    reply.update(
        current_player=hand.current_player,
        legal_actions=[action_to_string(a) for a in hand.legal_actions()],
        events=events,
        hands=[[str(t) for t in seat] for seat in hand.hands()],
        boneyard=[str(DOUBLE_SIX[t]) for t in hand.boneyard[hand.next :]],
        plays=[e["play"] for e in events if e["event"] == "play"],
        ended=None if not hand.is_terminal else ("out" if hand.went_out >= 0 else "block"),
    )
    return reply


#: The name the fast path gives itself in its ``ready`` message.
FAST_PATH_NAME = "fives fast path"


class FastImplementation(ReferenceImplementation):
    """The fast path as a Python implementation of the protocol: turn flow and play scores."""

    def start(self) -> dict[str, Any]:
        ready = super().start()
        ready["implementation"] = {**ready["implementation"], "name": FAST_PATH_NAME}
        ready["levels"] = [levels.PLAY_SCORE, levels.TURN_FLOW]
        ready.pop("selfplay")  # it answers turns, perft and play-score only
        ready.pop("selfplay_deals")
        return ready

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        answers = {"layout": layout_reply, "turns": turns_reply, "perft": perft_reply}
        reply = answers.get(str(request.get("type")))
        if reply is None:
            message = "the fast path plays hands and scores layouts only"
            return {"error": {"kind": "unsupported", "message": message}}
        try:
            return reply(request)
        except FivesError as exc:
            return {"error": {"kind": "bad-request", "message": str(exc)}}
