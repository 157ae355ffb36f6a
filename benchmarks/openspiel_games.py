"""Our games through pyspiel's Python loop, table by table, against OpenSpiel's own Python
dominoes in the same loop and the same rounds: ``python_block_dominoes`` beside our two-
and three-player tables, ``python_team_dominoes`` beside the four-player ones; and the
floor, :mod:`benchmarks.null_game` in the shape of each (its chance nodes and actions per
game), so that each rate can also be read as a fraction of what the loop allows.

The loop is :func:`benchmarks.block_dominoes.play_games`' (chance nodes applied and timed,
not counted); each game is also timed with the observation tensor of the player to act
read at each player's node, as learning code reads it. One hand per game
(``per_hand=true``). Each side keeps its fastest round. Skipped (None) without the
``openspiel`` extra.
"""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks import block_dominoes
from benchmarks.playouts import Count
from benchmarks.timing import timed

TEAM_GAME = "python_team_dominoes"
#: Our tables, as OpenSpiel game strings, one hand each.
TABLES = tuple(
    f"{name}(players={players}{extra},per_hand=true)"
    for name in block_dominoes.OURS
    for players, extra in ((2, ""), (3, ""), (4, ""), (4, ",partnerships=false"))
    if extra == "" or name == "fives_all_fives"
)


def peer_of(game_string: str) -> str:
    """The OpenSpiel game a table of ours is measured against."""
    return TEAM_GAME if "players=4" in game_string else block_dominoes.GAME


@dataclass(frozen=True)
class Loop:
    """One game string through the loop: the fastest round, bare and observed."""

    game: str
    count: Count
    chance_nodes: int
    seconds: float
    observed_seconds: float  # the same games, each player's node also reading the tensor

    @property
    def actions_per_s(self) -> float:
        return self.count.actions / self.seconds

    @property
    def observed_per_s(self) -> float:
        return self.count.actions / self.observed_seconds


@dataclass(frozen=True)
class OpenSpielGames:
    version: str
    rounds: int
    ours: dict[str, Loop]  # by game string, TABLES
    peers: dict[str, Loop]  # by game name
    floors: dict[str, Loop]  # by the game string of ours (or the peer) it is the floor of

    def peer(self, game_string: str) -> Loop:
        return self.peers[peer_of(game_string)]


def _faster(old: Loop | None, new: Loop) -> Loop:
    if old is None:
        return new
    return Loop(
        new.game,
        new.count,
        new.chance_nodes,
        min(old.seconds, new.seconds),
        min(old.observed_seconds, new.observed_seconds),
    )


def _loop(game_string: str, games: int) -> Loop:
    seconds, (count, chance) = timed(lambda: block_dominoes.loop(games, game_string))
    observed, (again, _) = timed(lambda: block_dominoes.loop(games, game_string, observe=True))
    if again != count:
        raise RuntimeError(f"{game_string}: observed, the loop played {again}, bare {count}")
    return Loop(game_string, count, chance, seconds, observed)


def _floor_string(loop: Loop, size: int) -> str:
    games = loop.count.hands
    chance = round(loop.chance_nodes / games)
    actions = round(loop.count.actions / games)
    return f"benchmarks_null(chance={chance},actions={actions},tensor={size})"


def openspiel_games(games: int, rounds: int) -> OpenSpielGames | None:
    """``games`` games of each peer and of each table of ours per round, and the floors."""
    version = block_dominoes.installed()
    if version is None:
        return None
    import pyspiel

    from benchmarks import null_game  # noqa: F401 - registers the floor

    ours: dict[str, Loop] = {}
    peers: dict[str, Loop] = {}
    floors: dict[str, Loop] = {}
    shapes: dict[str, str] = {}
    for _ in range(rounds):
        for peer in (block_dominoes.GAME, TEAM_GAME):
            peers[peer] = _faster(peers.get(peer), _loop(peer, games))
        for table in TABLES:
            ours[table] = _faster(ours.get(table), _loop(table, games))
        for name, loop in [*peers.items(), *ours.items()]:
            if name not in shapes:
                size = pyspiel.load_game(name).observation_tensor_size()
                shapes[name] = _floor_string(loop, size)
            floors[name] = _faster(floors.get(name), _loop(shapes[name], games))
    return OpenSpielGames(version, rounds, ours, peers, floors)
