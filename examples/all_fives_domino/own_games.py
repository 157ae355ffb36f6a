"""The package's own games as observation records (spec/records.md): the ``selfplay``
request of the all-fives-domino adapter.

The package plays exactly as it plays for its users: its ``Game`` runs its ``DominoRound``s
(its shuffle, its deal of seven each, its choice of leader and lead, its draws, its
settlement and its target of ``config.TARGET_SCORE``), its bots choose (``AllFivesGreedyBrain``
in seat 0, ``RandomBrain`` in seat 1). This module only watches: a round and a player that
note what the package did, calling the package's own methods for everything. It computes
no rule: the ``offered`` actions are the package's own ``valid_options``, the ``score`` of
a play the points the package added to the player, the hand's ``scores`` what its
settlement left. Plays are written in the pips form (the package names no places):
``tile@piece:pips``, the pips the tile shares with the open side it went on.

Asked for a steered game (a ``selfplay`` request with ``deals``, spec/protocol.md), it only
stacks the package's deck: the shuffle of each round leaves the pool in the order that deals
the deal asked (seven each, dealt one by one to each player in turn, then the boneyard
drawn in its order); the package still picks its leader and everything else. It plays the
table it always plays (seven each to two players, its own target): any other is
``unsupported``.

What the record cannot carry: the package may play a double "closed" (face down), which
neither the notation nor the pips form can say; such a play is written as the play of that
double on that open side.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from importlib import metadata
from typing import Any

import src.main.game.Game as game_module  # the package installs its code as `src`
from src.main.config import TARGET_SCORE
from src.main.game.Brain import AllFivesGreedyBrain, RandomBrain
from src.main.game.DominoRound import DominoRound
from src.main.game.exceptions.Game import GameWinSignal
from src.main.game.Game import Game
from src.main.game.Player import Player

PACKAGE = "all-fives-domino"


def tile_text(piece: Any) -> str:
    low, high = piece.sides
    return f"[{low}|{high}]"


def shared_pips(piece: Any, origin: Any) -> int:
    """The pips ``piece`` shares with an open side of ``origin``: where the package puts it."""
    return int(next(side for side in piece.sides if side in origin.open_sides))


def _option_text(option: tuple[Any, Any, bool]) -> str:
    piece, origin, _closed = option
    return f"{tile_text(piece)}@{tile_text(origin)}:{shared_pips(piece, origin)}"


class Log:
    """The record being written: the hands so far and the seat of each player."""

    def __init__(self, deals: list[dict[str, Any]] | None = None) -> None:
        self.deals = deals  # a steered game's deals, in order; None: the package's shuffle
        self.hands: list[dict[str, Any]] = []
        self.players: list[Any] = []
        self.winner: int | None = None  # the seat the package declared the winner

    def seat(self, player: Any) -> int:
        return self.players.index(player)

    def act(self, player: Any, action: dict[str, Any]) -> dict[str, Any]:
        """Note ``action`` by ``player`` in the hand being played; the noted action."""
        noted = {"seat": self.seat(player), **action}
        if self.hands:
            self.hands[-1]["actions"].append(noted)
        return noted

    def close_hand(self, ended: str | None = None) -> None:
        """The last hand's end and its scores by seat after the package's settlement."""
        if self.hands and "scores" not in self.hands[-1]:
            hand = self.hands[-1]
            if ended is not None:
                hand["ended"] = ended
            hand["scores"] = [p.score for p in self.players]


class WatchedPlayer(Player):  # type: ignore[misc]
    """The package's player, noting each tile it draws once the deal is over."""

    log: Log
    dealt = False

    @property
    def score(self) -> int:
        return int(Player.score.fget(self))

    @score.setter
    def score(self, value: int) -> None:
        try:
            Player.score.fset(self, value)
        except GameWinSignal:  # the package declares this player the winner
            self.log.winner = self.log.seat(self)
            raise

    def draw(self) -> None:
        before = list(self.hand)
        super().draw()
        if self.dealt:
            [drawn] = [p for p in self.hand if p not in before]
            self.log.act(self, {"action": "draw", "tile": tile_text(drawn)})


class WatchedRound(DominoRound):  # type: ignore[misc]
    """The package's round, noting its deal, its leader and every play and pass."""

    log: Log
    playing = False

    def __init__(self, player1: Any, player2: Any, game: Any, begins: Any = None) -> None:
        for player in (player1, player2):
            player.dealt = False  # the package's deal is the record's deal, not draws
        deals = self.log.deals
        if deals is not None and len(self.log.hands) >= len(deals):
            raise DealsPlayed
        with _stacked(None if deals is None else deals[len(self.log.hands)]):
            super().__init__(player1, player2, game, begins)

    def check_required_starting_piece(self) -> None:
        log = self.log
        log.close_hand()
        log.hands.append(
            {
                "deal": {
                    "hands": [[tile_text(p) for p in q.hand] for q in log.players],
                    "boneyard": [tile_text(p) for p in reversed(self.pool)],
                },
                "actions": [],
            }
        )
        for player in log.players:
            player.dealt = True
        super().check_required_starting_piece()

    def play(self, piece: Any, origin: Any = None, close: bool = False) -> None:
        player, log = self.current_player, self.log
        if origin is None:  # the lead: the package plays it itself, offering nothing else
            text, offered = tile_text(piece), [tile_text(piece)]
            log.hands[-1]["deal"]["leader"] = log.seat(player)
        else:
            on_board = self.board.find_piece(origin.sides)
            text = _option_text((piece, on_board, close))
            offered = sorted({_option_text(o) for o in self.valid_options()})
        before = player.score
        action = log.act(player, {"action": text, "offered": offered})
        self.playing = True
        try:
            super().play(piece, origin, close)
        finally:
            self.playing = False
            action["score"] = player.score - before

    def swap_current_player(self) -> None:
        if not self.playing:  # run() gives the turn away: the player had no option
            self.log.act(self.current_player, {"action": "pass"})
        super().swap_current_player()

    def run(self) -> None:
        super().run()
        out = any(len(p.hand) == 0 for p in self.log.players)
        self.log.hands[-1]["ended"] = "out" if out else "block"


class DealsPlayed(Exception):
    """A steered game's deals are all played: the game stops there."""


@contextlib.contextmanager
def _stacked(deal: dict[str, Any] | None) -> Any:
    """The package's round shuffles its pool into the order that deals ``deal`` (None:
    its own shuffle) meanwhile: it pops the pool's last piece for each draw, seven to
    each player in turn, then the boneyard's."""
    if deal is None:
        yield
        return
    hands = deal["hands"]
    order = [tile for pair in zip(*hands, strict=True) for tile in pair] + deal["boneyard"]

    class Stack:
        @staticmethod
        def shuffle(pool: list[Any]) -> None:
            pieces = {tile_text(piece): piece for piece in pool}
            pool[:] = [pieces[tile] for tile in reversed(order)]

    module = sys.modules[DominoRound.__module__]
    saved = module.random
    module.random = Stack
    try:
        yield
    finally:
        module.random = saved


def _record(log: Log) -> dict[str, Any]:
    return {
        "format": "fives-record",
        "version": 1,
        "game": "all-fives",
        "setup": {
            "players": 2,
            "partnerships": False,
            "deal_option": "seven-five",
            "target": TARGET_SCORE,
            "scores": [0, 0],
        },
        "implementation": {"name": PACKAGE, "version": metadata.version(PACKAGE)},
        "hands": log.hands,
        "result": {"scores": [p.score for p in log.players], "winner": log.winner},
    }


def play_own_game(
    unit: str, seed: int, deals: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """One hand or one match of the package's own, as an observation record; dealt
    ``deals`` (a steered game) when given, until they run out."""
    random.seed(seed)
    log = Log(deals)
    WatchedRound.log = WatchedPlayer.log = log
    log.players = [WatchedPlayer(AllFivesGreedyBrain(), "greedy"), WatchedPlayer(RandomBrain())]
    game = Game(*log.players)
    # the package prints its own chatter ("None wins!" at every match's end, its random
    # brain's "Making random decision"): kept from the records on stdout and from stderr,
    # which is for what goes wrong
    with contextlib.redirect_stdout(io.StringIO()), _rounds_watched(), _until_dealt():
        if unit == "match":
            game.run()  # the package's own loop of rounds, settlements and target
        else:
            with contextlib.suppress(GameWinSignal):
                game.round = WatchedRound(log.players[0], log.players[1], game)
                game.round.run()
                game.award_round_score()
    log.close_hand()
    return _record(log)


@contextlib.contextmanager
def _until_dealt() -> Any:
    """A steered game ends when its deals are played."""
    with contextlib.suppress(DealsPlayed):
        yield


@contextlib.contextmanager
def _rounds_watched() -> Any:
    """The package's ``Game`` deals its rounds through the watched round meanwhile."""
    saved = game_module.DominoRound
    game_module.DominoRound = WatchedRound
    try:
        yield
    finally:
        game_module.DominoRound = saved


def selfplay_reply(request: dict[str, Any]) -> dict[str, Any]:
    if request.get("players", 2) != 2 or request.get("partnerships"):
        return {"error": {"kind": "unsupported", "message": "the package plays two players"}}
    unit = str(request.get("unit", "match"))
    if unit not in ("hand", "match"):
        return {"error": {"kind": "bad-request", "message": f"unit {unit!r}: hand or match"}}
    deals = request.get("deals")
    if deals is not None and (
        request.get("deal_option") != "seven-five" or request.get("target") is not None
    ):
        said = "the package deals seven each to two players (seven-five), to its own target"
        return {"error": {"kind": "unsupported", "message": said}}
    return {"record": play_own_game(unit, int(request.get("seed", 1)), deals)}


def main(argv: list[str]) -> int:
    """``python own_games.py [GAMES] [hand|match]``: that many of the package's own games
    (seeds 1 .. GAMES), one observation record a line, for ``fives audit``."""
    games = int(argv[0]) if argv else 20
    unit = argv[1] if len(argv) > 1 else "match"
    for seed in range(1, games + 1):
        record = play_own_game(unit, seed)
        sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
