"""The reference engine behind the adapter interface.

This is the code a third party would write for its own engine: it turns a protocol
request into engine calls and the engine's values into the protocol's canonical text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fives_engine import (
    Deal,
    FivesError,
    HandState,
    IllegalActionError,
    IllegalDealError,
    IllegalMoveError,
    MatchState,
    Play,
    Setup,
    Tile,
    find_game,
    game_names,
    parse_action,
)
from fives_engine.deal import check_deal
from fives_engine.perft import divide
from fives_engine.position import Position
from fives_engine.tiles import parse_tiles
from fives_tools import __version__
from fives_tools.certify.adapters import protocol
from fives_tools.certify.cases import levels

if TYPE_CHECKING:
    from fives_tools.certify.adapters.python import PythonAdapter


def _layout_reply(request: dict[str, Any]) -> dict[str, Any]:
    ruleset = find_game(request["game"])
    layout = ruleset.new_layout()
    for text in request["plays"]:
        layout.play(Play.parse(text))
    reply: dict[str, Any] = {}
    if "reject" in request:
        try:
            layout.play(Play.parse(request["reject"]))
        except IllegalMoveError as exc:
            reply["error"] = {"kind": "illegal-play", "rule": exc.rule, "message": str(exc)}
        else:
            reply["error"] = None
    reply.update(
        tiles=[str(t) for t in layout.tiles],
        spinners=[str(t) for t in layout.spinners],
        connections=[str(c) for c in layout.connections],
        attach_points=[str(a) for a in layout.attach_points()],
        scoring_ends=[str(e) for e in layout.scoring_ends()],
        total=layout.total,
    )
    if "reject" not in request:
        score = ruleset.play_score(layout.total)
        reply["score"] = (
            {"raw": score.raw}
            if score.display is None
            else {"raw": score.raw, "display": score.display}
        )
    if "hand" in request:
        hand = [Tile.parse(t) for t in request["hand"]]
        reply["legal_plays"] = [str(p) for p in layout.legal_plays(hand)]
    return reply


def whole(value: Any, name: str, minimum: int | None = None) -> int:
    """A JSON number without a fractional part (``15.0`` is 15), at least ``minimum``;
    anything else is a bad request naming the field."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise FivesError(f"field {name!r}: expected a whole number, got {value!r}")
    if isinstance(value, float) and not value.is_integer():
        raise FivesError(f"field {name!r}: expected a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise FivesError(f"field {name!r}: expected {minimum} or more, got {value!r}")
    return int(value)


def _score_reply(request: dict[str, Any]) -> dict[str, Any]:
    total = whole(request["total"], "total", 0)  # a total of scoring ends: never below 0
    score = find_game(request["game"]).play_score(total)
    return {
        "score": {"raw": score.raw}
        if score.display is None
        else {"raw": score.raw, "display": score.display}
    }


def table_of(request: dict[str, Any], seats: int) -> Setup:
    """The table of a request; ``seats`` (hands given) must agree with ``players``."""
    players = int(request.get("players", seats))
    if players != seats:
        raise FivesError(f"{players} players but {seats} hands")
    target = request.get("target")
    return Setup.of(
        find_game(request["game"]),
        players,
        request.get("partnerships"),
        request.get("deal_option"),
        None if target is None else whole(target, "target"),
    )


def scores_of(request: dict[str, Any]) -> list[int] | None:
    """The request's starting ``scores``: whole numbers of either sign, or None."""
    scores = request.get("scores")
    if scores is None:
        return None
    return [whole(s, f"scores[{i}]") for i, s in enumerate(scores)]


def rejected(exc: IllegalActionError | IllegalDealError, kind: str) -> dict[str, Any]:
    return {"error": {"kind": kind, "rule": exc.rule, "message": str(exc)}}


def _turns_reply(request: dict[str, Any]) -> dict[str, Any]:
    ruleset = find_game(request["game"])
    deal = Deal.from_json(request["deal"])
    try:
        leader = check_deal(deal, ruleset, table_of(request, len(deal.hands)), None, False)
    except IllegalDealError as exc:
        return rejected(exc, "illegal-deal")
    hand = HandState(ruleset, deal, leader)
    for text in request["actions"]:
        hand.apply_action(parse_action(text))
    reply: dict[str, Any] = {}
    if "reject" in request:
        attempt = request["reject"]
        try:
            seat = attempt.get("seat")  # without one: the player to act attempts it
            hand.apply_action(parse_action(attempt["action"]), None if seat is None else int(seat))
        except IllegalActionError as exc:
            reply.update(rejected(exc, "illegal-action"))
        else:
            reply["error"] = None
    reply.update(
        current_player=hand.current_player,
        legal_actions=[str(a) for a in hand.legal_actions()],
        events=[e.to_json() for e in hand.events],
        hands=[[str(t) for t in hand.hand(s)] for s in range(hand.players)],
        boneyard=[str(t) for t in hand.boneyard],
        plays=[str(p) for p in hand.layout.plays],
        ended=None if not hand.is_terminal else ("out" if hand.went_out is not None else "block"),
    )
    return reply


def _scores(match: MatchState) -> dict[str, Any]:
    out: dict[str, Any] = {
        "scores": list(match.scores),
        "match_over": match.is_terminal,
        "winner": match.winner,
    }
    if match.display_scores is not None:
        out["display_scores"] = match.display_scores
    return out


def _settlement_reply(request: dict[str, Any]) -> dict[str, Any]:
    hands = [parse_tiles(h) for h in request["hands"]]
    try:  # a table the rules forbid is refused as in turns and match requests
        setup = table_of(request, len(hands))
    except IllegalDealError as exc:
        return rejected(exc, "illegal-deal")
    match = MatchState(find_game(request["game"]), setup, scores_of(request))
    went_out = request.get("went_out")
    if went_out is not None and hands[went_out]:
        raise FivesError(f"seat {went_out} went out but still holds tiles")
    if went_out is None and not request.get("block"):
        raise FivesError("a settlement request names the seat that went out, or block: true")
    match.finish_hand(
        hands, went_out, int(request.get("leader", 0)), int(request.get("last_play", 0))
    )
    reply = {"events": [e.to_json() for e in match.events], **_scores(match)}
    if went_out is None:
        reply["block_winner"] = match.block_winner
    return reply


def _match_reply(request: dict[str, Any]) -> dict[str, Any]:
    first = request["hands"][0]["hands"]
    try:
        setup = table_of(request, len(first))
    except IllegalDealError as exc:
        return rejected(exc, "illegal-deal")
    match = MatchState(find_game(request["game"]), setup, scores_of(request))
    match.check_start()
    for hand in request["hands"]:
        try:
            match.deal(Deal.from_json(hand))
        except IllegalDealError as exc:
            return rejected(exc, "illegal-deal")
        for text in hand["actions"]:
            match.apply_action(parse_action(text))
    return {
        "events": [e.to_json() for e in match.events if not e.is_turn],
        **_scores(match),
        "leaders": match.leaders,
        "hands_played": len(match.hands),
        "current_player": match.current_player,
        "legal_actions": [str(a) for a in match.legal_actions()],
    }


def position_of(request: dict[str, Any]) -> Position:
    """The position of a ``perft`` request: of the request's game, at a table the game
    allows (a table it forbids raises IllegalDealError, as in a ``turns`` request)."""
    position = Position.parse(str(request["position"]))
    if position.game != request["game"]:
        raise FivesError(f"a {request['game']} request for a {position.game} position")
    Setup.of(find_game(position.game), position.players, position.partnerships)
    return position


def _selfplay_reply(request: dict[str, Any]) -> dict[str, Any]:
    # imported when asked: the record writer brings jsonschema, which would slow the start
    # of every adapter process serving the reference engine
    from fives_tools.certify.adapters import selfplay

    players = int(request["players"])
    try:
        setup = table_of(request, players)
    except IllegalDealError as exc:
        return rejected(exc, "illegal-deal")
    seed = int(request.get("seed", 1))
    unit, deals = str(request.get("unit", "match")), request.get("deals")
    try:
        game = selfplay.play(find_game(request["game"]), setup, seed, unit, deals=deals)
    except IllegalDealError as exc:  # a steered deal the table cannot deal
        return rejected(exc, "illegal-deal")
    return {"record": selfplay.observation(game, seed)}


def _perft_reply(request: dict[str, Any]) -> dict[str, Any]:
    try:
        position = position_of(request)
    except IllegalDealError as exc:
        return rejected(exc, "illegal-deal")
    state = position.state()
    split = divide(state, int(request["depth"]))
    return {"nodes": sum(split.values()), "divide": split}


HANDLERS = {
    "layout": _layout_reply,
    "score": _score_reply,
    "turns": _turns_reply,
    "settlement": _settlement_reply,
    "match": _match_reply,
    "perft": _perft_reply,
    "selfplay": _selfplay_reply,
}


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one protocol request; bad requests are answered with an error reply."""
    kind = request.get("type")
    handler = HANDLERS.get(str(kind))
    if handler is None:
        return {"error": {"kind": "unsupported", "message": f"unknown request type {kind!r}"}}
    try:
        return handler(request)
    except FivesError as exc:  # malformed notation included (NotationError is a FivesError)
        return {"error": {"kind": "bad-request", "message": str(exc)}}


def declared_levels() -> list[str]:
    """The capability levels the handlers above cover."""
    out: set[str] = set()
    for request_type in HANDLERS:
        if request_type == "layout":
            out.update(levels.LAYOUT_FIELDS)
        elif request_type in levels.KIND_LEVEL:
            out.add(levels.KIND_LEVEL[request_type])
    return sorted(out, key=levels.order)


#: The name the reference engine gives itself: a run of it that fails a case is a fault of
#: the suite (a case's hand-worked value, or the engine), never of an implementer.
NAME = "fives reference engine"


class ReferenceImplementation:
    """The reference engine as a Python implementation of the protocol (see python_adapter)."""

    def start(self) -> dict[str, Any]:
        return {
            "protocol": protocol.protocol_version(),
            "implementation": {
                "name": NAME,
                "language": "python",
                "version": __version__,
            },
            "games": game_names(),
            "players": [2, 3, 4],
            "levels": declared_levels(),
            "selfplay": list(protocol.SELFPLAY_UNITS),
            "selfplay_deals": True,
        }

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        return handle(request)

    def stop(self) -> None:
        pass


def ReferenceAdapter() -> PythonAdapter:
    """The reference engine in process, driven through the same checks as any Python adapter
    (imported here: the protocol server, which serves this engine, never needs it)."""
    from fives_tools.certify.adapters.python import PythonAdapter

    return PythonAdapter(ReferenceImplementation(), "reference")
