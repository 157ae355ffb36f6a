"""How much each measurement does: the full workload of a committed report, and a tiny one
that only shows the command works (its numbers mean nothing)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Workload:
    name: str
    hands: int  # random playouts per table, per round
    peer_games: int  # the peer's playouts per round
    openspiel_games: int  # python_block_dominoes playouts per round
    rounds: int  # interleaved rounds; each side keeps its fastest
    layouts: int  # whole layouts per game for the per-play cost
    perft_budget_s: float  # per perft position
    certify_repeat: int  # interleaved certification rounds (the median decides)
    memory_hands: int  # playouts per table under tracemalloc
    fuzz_requests: int  # fuzz requests per measurement (times the jobs)
    bot_games: int  # OpenSpiel games (hands) per game, MCTS against random
    bot_simulations: int  # MCTS simulations per decision
    openspiel_table_games: int  # per round, each game of benchmarks.openspiel_games
    suite: list[str] = field(default_factory=list)  # pytest selection; empty: everything


FULL = Workload(
    "full",
    hands=1000,
    peer_games=4000,
    openspiel_games=1000,
    openspiel_table_games=200,
    rounds=5,
    layouts=3000,
    perft_budget_s=2.0,
    certify_repeat=7,
    memory_hands=100,
    fuzz_requests=3000,
    bot_games=20,
    bot_simulations=20,
)
QUICK = Workload(
    "quick",
    hands=5,
    peer_games=10,
    openspiel_games=5,
    openspiel_table_games=2,
    rounds=1,
    layouts=10,
    perft_budget_s=0.02,
    certify_repeat=1,
    memory_hands=1,
    fuzz_requests=10,
    bot_games=1,
    bot_simulations=2,
    suite=["tests/test_tiles_and_notation.py"],
)
