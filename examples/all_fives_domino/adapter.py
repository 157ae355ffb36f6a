"""An adapter for the PyPI package ``all-fives-domino`` (1.0.23), speaking the NDJSON protocol
of ``spec/protocol.md`` on stdin/stdout.

It only translates: each request is answered by the package's own ``Board``, ``Piece`` and
``AllFivesScorer``; no rule of the game is written here. What the package cannot be asked
is not declared, so the runner skips those cases with a reason:

* ``play-score`` and ``score-table`` are declared: ``Board.play`` builds the layout and
  ``AllFivesScorer.board_score`` / ``AllFivesScorer.score`` score it.
* ``scoring-ends``, ``attach-points`` and ``connections`` are not: the package's board is a
  tree of pieces without named places (ends, straight sides, side branches), so it cannot
  say which place a tile took, list the places open, or reject a play for its place.
* ``turn-flow``, ``settlement`` and ``match-end`` are not: its ``DominoRound`` deals a
  shuffled set of its own and picks the leader itself, so an injected deal cannot be given
  to it.

Only All Fives, and only two players (the package's rounds and games have two).

    fives certify --adapter 'python examples/all_fives_domino/adapter.py'
"""

from __future__ import annotations

import json
import re
import sys
from importlib import metadata
from typing import Any

from src.main.game.Board import Board  # the package installs its code as `src`
from src.main.game.Piece import Piece
from src.main.game.Scorer import AllFivesScorer

PACKAGE = "all-fives-domino"
TILE = re.compile(r"\[(\d)\|(\d)\]")


def piece(text: str) -> Any:
    """A ``[a|b]`` tile of the canonical notation as the package's ``Piece``."""
    found = TILE.fullmatch(text.strip())
    if found is None:
        raise ValueError(f"not a tile: {text!r}")
    return Piece(int(found[1]), int(found[2]))


def build(plays: list[str]) -> Any:
    """The package's board after ``plays``. A play names its anchor tile and a place
    (``[1|1]@[1|4]:small-end``); the package takes only the anchor, and attaches the tile
    to it by its pips, so the place is left to it."""
    board = Board()
    for play in plays:
        tile, _, anchor = play.partition("@")
        board.play(piece(tile), piece(anchor.split(":")[0]) if anchor else None)
    return board


def layout_reply(request: dict[str, Any]) -> dict[str, Any]:
    if not request["plays"]:  # before the lead: the package's board needs a tile; no ends
        return {"score": {"raw": AllFivesScorer.score(0)}}
    board = build(request["plays"])
    return {"score": {"raw": AllFivesScorer.board_score(board)}}


def score_reply(request: dict[str, Any]) -> dict[str, Any]:
    return {"score": {"raw": AllFivesScorer.score(int(request["total"]))}}


HANDLERS = {"layout": layout_reply, "score": score_reply}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    if request.get("game") != "all-fives":
        return {"error": {"kind": "unsupported", "message": "the package plays All Fives only"}}
    handler = HANDLERS.get(request.get("type", ""))
    if handler is None:
        return {"error": {"kind": "unsupported", "message": f"no {request.get('type')} requests"}}
    if "reject" in request:
        return {"error": {"kind": "unsupported", "message": "the package names no places"}}
    try:
        return handler(request)
    except Exception as exc:  # the package refused a legal request: its words, one line
        said = f"{type(exc).__name__}: {exc}".splitlines()[0]
        return {"error": {"kind": "bad-request", "message": f"{PACKAGE} raised {said}"}}


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message["type"] == "start":
            send(
                {
                    "type": "ready",
                    "protocol": "1.0",
                    "implementation": {
                        "name": PACKAGE,
                        "language": "python",
                        "version": metadata.version(PACKAGE),
                    },
                    "games": ["all-fives"],
                    "players": [2],
                    "levels": ["play-score", "score-table"],
                }
            )
        elif message["type"] == "run":
            send({"type": "result", "seq": message["seq"], "reply": answer(message["request"])})
        elif message["type"] == "stop":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
