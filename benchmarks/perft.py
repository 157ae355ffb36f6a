"""Perft speed: the positions of ``fixtures/perft/positions.perft`` and the opening of a
seeded hand of each game, each searched one depth deeper at a time until a depth takes
its share of the time budget (or the hand is over on every line).

Two rates: *leaves* per second (perft's count, the chess convention) and *actions applied*
per second (every action played while walking the tree: the leaves of the shallower
depths), which is the engine's real work.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.playouts import seeded_hand
from fives_engine import HandState, Setup, find_game
from fives_engine.perft import perft
from fives_engine.position import Position

POSITIONS = Path(__file__).resolve().parent.parent / "fixtures" / "perft" / "positions.perft"
MAX_DEPTH = 12


@dataclass(frozen=True)
class PerftRun:
    name: str
    depth: int
    leaves: int
    applied: int
    seconds: float

    @property
    def leaves_per_s(self) -> float:
        return self.leaves / self.seconds

    @property
    def applied_per_s(self) -> float:
        return self.applied / self.seconds


def positions() -> list[tuple[str, HandState]]:
    """The perft file's positions (each once; a finished hand has nothing to search), then a
    seeded opening for each game."""
    out: list[tuple[str, HandState]] = []
    ids = re.findall(r"^id (\S+)$", POSITIONS.read_text("utf-8"), re.M)
    texts = re.findall(r"^position (.+)$", POSITIONS.read_text("utf-8"), re.M)
    for text, ident in dict(zip(texts, ids, strict=True)).items():
        position = Position.parse(text)
        state = position.state()
        if not state.is_terminal:
            out.append((f"{position.game}/{ident}", state))
    for game in ("five-up", "exact-61", "all-fives"):
        ruleset = find_game(game)
        hand = seeded_hand(ruleset, Setup.of(ruleset, 2), random.Random(1))
        out.append((f"{game}/seeded opening, 2 players", hand))
    return out


def search(name: str, state: HandState, budget_s: float) -> PerftRun:
    """Perft at depth 1, 2, ... until one depth takes an eighth of the budget, or the next
    one (growing as the last did) would take more than the whole budget."""
    shallower = 0  # leaves of the depths searched so far: the actions a deeper walk applies
    run = PerftRun(name, 0, 1, 0, 0.0)
    for depth in range(1, MAX_DEPTH + 1):
        start = time.perf_counter()
        leaves = perft(state, depth)
        seconds = time.perf_counter() - start
        if leaves == 0:
            break  # every line of the hand is over
        growth = leaves / run.leaves
        run = PerftRun(name, depth, leaves, shallower, seconds)
        shallower += leaves
        if seconds > budget_s / 8 or seconds * growth > budget_s:
            break
    return run


def perft_speed(budget_s: float) -> list[PerftRun]:
    return [search(name, state, budget_s) for name, state in positions()]
