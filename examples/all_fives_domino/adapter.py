"""An adapter for the PyPI package ``all-fives-domino`` (1.0.23), speaking the NDJSON protocol
of ``spec/protocol.md`` on stdin/stdout.

It only translates: each request is answered by the package's own ``Board``, ``Piece``,
``AllFivesScorer`` and ``DominoRound``; no rule of the game is written here. The package's
board is a tree of pieces without place names (no ends, straight sides, side branches:
just open sides showing pips), so the adapter answers in the pips form
(``"places": "pips"``, spec/protocol.md "Places in the pips form"):

* ``play-score`` and ``score-table``: ``AllFivesScorer.board_score`` / ``.score``.
* ``attach-points``: every open side of every piece (``Piece.open_sides``), once per open
  side of the piece as the package counts them (a double has ``total_sides``, 2 or 4 when
  the package has made it its crossing, of which ``closed_sides`` are taken); legal plays
  are the package's own options (``DominoRound.valid_options``) written
  ``tile@piece:pips``; a rejected play is refused when the package refuses it
  (``Board.play`` raises, or the piece is not among its options on that open side).
* ``scoring-ends``: ``total`` is the package's count of the board (``AllFivesScorer.count``);
  each scoring end is a piece with open sides and the share of that count the package gives
  it (its count less its linked pieces' counts), a lone tile's share told side by side, a
  crossing the package counts nothing for left out.
* ``connections`` is not declared: it names places (the runner would skip it anyway).
* ``turn-flow``, ``settlement`` and ``match-end`` are not: its ``DominoRound`` deals a
  shuffled set of its own and picks the leader itself, so an injected deal cannot be given
  to it. It plays its own games instead: ``selfplay`` (``own_games.py``).

A canonical play in a request (``[1|2]@[1|1]:straight-b``) is put on the package's board
as the package plays: the tile, on the anchor piece, by the pips of the place (the
anchor's small end shows its low pips, its big end its high pips, a double its pips
everywhere).

Only All Fives, and only two players (the package's rounds and games have two).

    fives certify --adapter 'python examples/all_fives_domino/adapter.py'
"""

from __future__ import annotations

import copy
import io
import json
import re
import sys
from importlib import metadata
from types import SimpleNamespace
from typing import Any

from own_games import selfplay_reply, shared_pips, tile_text  # beside this file
from src.main.game.Board import Board  # the package installs its code as `src`
from src.main.game.DominoRound import DominoRound
from src.main.game.Hand import Hand
from src.main.game.Piece import Piece
from src.main.game.Scorer import AllFivesScorer

PACKAGE = "all-fives-domino"
TILE = re.compile(r"\[(\d)\|(\d)\]")
PLAY = re.compile(r"(\[\d\|\d\])(?:@(\[\d\|\d\]):([a-z-]+))?")


def piece(text: str) -> Any:
    """A ``[a|b]`` tile of the canonical notation as the package's ``Piece``."""
    found = TILE.fullmatch(text.strip())
    if found is None:
        raise ValueError(f"not a tile: {text!r}")
    return Piece(int(found[1]), int(found[2]))


def translate(play: str) -> tuple[Any, Any | None, int | None]:
    """A canonical play as the package plays it: the piece, the anchor piece and the pips
    of the place (a small end shows the anchor's low pips, a big end its high pips, every
    place of a double its pips), or no anchor for a lead."""
    found = PLAY.fullmatch(play.strip())
    if found is None:
        raise ValueError(f"not a play: {play!r}")
    if found[2] is None:
        return piece(found[1]), None, None
    anchor = piece(found[2])
    low, high = anchor.sides
    return piece(found[1]), anchor, high if found[3] == "big-end" else low


def build(plays: list[str]) -> Any:
    """The package's board after ``plays``: each tile on its anchor; the package attaches
    it by the pips they share."""
    board = Board()
    for play in plays:
        tile, anchor, _ = translate(play)
        board.play(tile, anchor)
    return board


def options(board: Any, hand: list[str]) -> list[tuple[Any, Any, bool]]:
    """The package's own options for ``hand`` on ``board`` (``DominoRound.valid_options``
    reads only the board and the hand it is given)."""
    pieces = [piece(text) for text in hand]
    if not pieces:
        return []
    found: list[tuple[Any, Any, bool]] = DominoRound.valid_options(
        SimpleNamespace(board=board), Hand(*pieces)
    )
    return found


def attach_points(board: Any) -> list[str]:
    out = []
    for found in board.get_pieces():
        for side in found.open_sides:
            free = found.total_sides - found.closed_sides if found.is_double else 1
            out += [f"{tile_text(found)} ({side})"] * free
    return out


def scoring_ends(board: Any) -> list[str]:
    out = []
    for found in board.get_pieces():
        share = AllFivesScorer.count(found) - sum(AllFivesScorer.count(p) for p in found.linked)
        sides = found.open_sides
        if not sides or (found.is_crossing and share == 0):
            continue
        if len(sides) == 2:
            out += [f"{tile_text(found)}: {side}" for side in sides]
        else:
            out.append(f"{tile_text(found)}: {share}")
    return out


def refuses(board: Any, play: str) -> bool:
    """Whether the package refuses ``play`` on ``board`` (the board is left as it was)."""
    tile, anchor, pips = translate(play)
    on_board = board.find_piece(anchor.sides) if anchor is not None else None
    if anchor is not None and on_board is not None:
        offered = any(o[1] is on_board for o in options(board, [tile_text(tile)]))
        if not offered or pips not in tile.sides or pips not in on_board.open_sides:
            return True
    try:
        copy.deepcopy(board).play(tile, anchor)
    except Exception:  # the package's own refusal (duplicate, second origin, no anchor)
        return True
    return False


def layout_reply(request: dict[str, Any]) -> dict[str, Any]:
    if not request["plays"]:  # before the lead: the package's board needs a first tile, so
        # the empty layout is said here: no ends, a total of 0 (scored by the package), any
        # tile of the hand leads, and a play on an anchor is refused
        empty: dict[str, Any] = {
            "score": {"raw": AllFivesScorer.score(0)},
            "total": 0,
            "scoring_ends": [],
            "attach_points": [],
        }
        if "hand" in request:
            empty["legal_plays"] = sorted(set(request["hand"]))
        if "reject" in request:
            empty["error"] = {"kind": "illegal-play"} if "@" in request["reject"] else None
        return empty
    board = build(request["plays"])
    reply: dict[str, Any] = {
        "score": {"raw": AllFivesScorer.board_score(board)},
        "total": AllFivesScorer.count(board.origin),
        "scoring_ends": scoring_ends(board),
        "attach_points": attach_points(board),
    }
    if "hand" in request:
        reply["legal_plays"] = sorted(
            {
                f"{tile_text(tile)}@{tile_text(anchor)}:{shared_pips(tile, anchor)}"
                for tile, anchor, _ in options(board, request["hand"])
            }
        )
    if "reject" in request:
        reply["error"] = {"kind": "illegal-play"} if refuses(board, request["reject"]) else None
    return reply


def score_reply(request: dict[str, Any]) -> dict[str, Any]:
    return {"score": {"raw": AllFivesScorer.score(int(request["total"]))}}


HANDLERS = {"layout": layout_reply, "score": score_reply, "selfplay": selfplay_reply}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    if request.get("game") != "all-fives":
        return {"error": {"kind": "unsupported", "message": "the package plays All Fives only"}}
    handler = HANDLERS.get(request.get("type", ""))
    if handler is None:
        return {"error": {"kind": "unsupported", "message": f"no {request.get('type')} requests"}}
    try:
        return handler(request)
    except Exception as exc:  # the package refused a legal request: its words, one line
        said = f"{type(exc).__name__}: {exc}".splitlines()[0]
        return {"error": {"kind": "bad-request", "message": f"{PACKAGE} raised {said}"}}


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def main() -> int:
    for stream in (sys.stdin, sys.stdout):  # the protocol is UTF-8 whatever the console's
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", newline="\n")
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
                    "places": "pips",
                    "levels": ["play-score", "score-table", "scoring-ends", "attach-points"],
                    "selfplay": ["hand", "match"],
                    "selfplay_deals": True,
                }
            )
        elif message["type"] == "run":
            send({"type": "result", "seq": message["seq"], "reply": answer(message["request"])})
        elif message["type"] == "stop":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
