"""Our random playouts and the peer's, timed in the same process, round after round.

Each round plays every table once and then the peer once (the same seeded hands every
round); each keeps its fastest round, so a burst of noise on the machine spoils one round,
not one side.
"""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks import peer
from benchmarks.playouts import TABLES, Count, Table, play_hands
from benchmarks.timing import timed


@dataclass(frozen=True)
class Rate:
    count: Count
    seconds: float

    @property
    def hands_per_s(self) -> float:
        return self.count.hands / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.count.actions / self.seconds

    @property
    def plays_per_s(self) -> float:
        return self.count.plays / self.seconds


@dataclass(frozen=True)
class SideBySide:
    ours: dict[Table, Rate]
    peer: Rate | None  # None when the peer is not installed
    peer_version: str | None
    rounds: int


def _faster(old: Rate | None, new: Rate) -> Rate:
    return new if old is None or new.seconds < old.seconds else old


def side_by_side(hands: int, peer_games: int, rounds: int) -> SideBySide:
    version = peer.installed()
    ours: dict[Table, Rate] = {}
    theirs: Rate | None = None
    for _ in range(rounds):
        for table in TABLES:
            seconds, count = timed(lambda: play_hands(table, hands))  # noqa: B023
            ours[table] = _faster(ours.get(table), Rate(count, seconds))
        if version is not None:
            seconds, count = timed(lambda: peer.play_games(peer_games))
            theirs = _faster(theirs, Rate(count, seconds))
    return SideBySide(ours, theirs, version, rounds)
