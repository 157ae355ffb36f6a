"""The reference engine behind the adapter interface.

This is the code a third party would write for its own engine: it turns a protocol
request into engine calls and the engine's values into the protocol's canonical text.
"""

from __future__ import annotations

from importlib import metadata
from typing import Any

from fives_engine import (
    FivesError,
    IllegalPlayError,
    NotationError,
    Play,
    Tile,
    find_game,
    game_names,
)
from fives_tools import levels, protocol
from fives_tools.python_adapter import PythonAdapter


def _layout_reply(request: dict[str, Any]) -> dict[str, Any]:
    ruleset = find_game(request["game"])
    layout = ruleset.new_layout()
    for text in request["plays"]:
        layout.play(Play.parse(text))
    reply: dict[str, Any] = {}
    if "reject" in request:
        try:
            layout.play(Play.parse(request["reject"]))
        except IllegalPlayError as exc:
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


def _score_reply(request: dict[str, Any]) -> dict[str, Any]:
    score = find_game(request["game"]).play_score(int(request["total"]))
    return {
        "score": {"raw": score.raw}
        if score.display is None
        else {"raw": score.raw, "display": score.display}
    }


HANDLERS = {"layout": _layout_reply, "score": _score_reply}


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one protocol request; bad requests are answered with an error reply."""
    kind = request.get("type")
    handler = HANDLERS.get(str(kind))
    if handler is None:
        return {"error": {"kind": "unsupported", "message": f"unknown request type {kind!r}"}}
    try:
        return handler(request)
    except NotationError as exc:
        return {"error": {"kind": "bad-request", "message": str(exc)}}
    except FivesError as exc:
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


class ReferenceImplementation:
    """The reference engine as a Python implementation of the protocol (see python_adapter)."""

    def start(self) -> dict[str, Any]:
        return {
            "protocol": protocol.protocol_version(),
            "implementation": {
                "name": "fives reference engine",
                "language": "python",
                "version": metadata.version("fives-conformance"),
            },
            "games": game_names(),
            "players": [2, 3, 4],
            "levels": declared_levels(),
        }

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        return handle(request)

    def stop(self) -> None:
        pass


def ReferenceAdapter() -> PythonAdapter:
    """The reference engine in process, driven through the same checks as any Python adapter."""
    return PythonAdapter(ReferenceImplementation(), "reference")
