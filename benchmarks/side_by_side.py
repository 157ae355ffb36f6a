"""Our random playouts and the peers', timed in the same process, round after round.

Each round plays every table through the plain engine, then through the fast path, then
each peer once (the same seeded hands every round); each keeps its fastest round, so a
burst of noise on the machine spoils one round, not one side. The plain engine and the
fast path play the very same hands: a difference in their counts stops the run.
"""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks import block_dominoes, peer
from benchmarks.playouts import TABLES, Count, Table, play_hands, play_hands_fast
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
    ours: dict[Table, Rate]  # the plain engine: before
    peer: Rate | None  # None when the peer is not installed
    peer_version: str | None
    rounds: int
    fast: dict[Table, Rate]  # the fast path: after
    openspiel: Rate | None = None  # python_block_dominoes; None without the openspiel extra
    openspiel_version: str | None = None


def _faster(old: Rate | None, new: Rate) -> Rate:
    return new if old is None or new.seconds < old.seconds else old


def side_by_side(hands: int, peer_games: int, rounds: int, openspiel_games: int) -> SideBySide:
    version = peer.installed()
    spiel = block_dominoes.installed()
    ours: dict[Table, Rate] = {}
    fast: dict[Table, Rate] = {}
    theirs: Rate | None = None
    block: Rate | None = None
    for _ in range(rounds):
        for table in TABLES:
            seconds, count = timed(lambda: play_hands(table, hands))  # noqa: B023
            ours[table] = _faster(ours.get(table), Rate(count, seconds))
        for table in TABLES:
            seconds, count = timed(lambda: play_hands_fast(table, hands))  # noqa: B023
            if count != ours[table].count:
                plain = ours[table].count
                raise RuntimeError(
                    f"{table.label}: the fast path played {count}, the plain engine {plain}"
                )
            fast[table] = _faster(fast.get(table), Rate(count, seconds))
        if version is not None:
            seconds, count = timed(lambda: peer.play_games(peer_games))
            theirs = _faster(theirs, Rate(count, seconds))
        if spiel is not None:
            seconds, count = timed(lambda: block_dominoes.play_games(openspiel_games))
            block = _faster(block, Rate(count, seconds))
    return SideBySide(ours, theirs, version, rounds, fast, block, spiel)
