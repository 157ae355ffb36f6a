"""Layout and score requests, built play by play from the reference engine's legal plays.

The generator knows no rule: it proposes plays (legal ones from the engine's own list,
and for ``reject`` probes candidates of every shape an engine tends to get wrong) and
keeps a probe only when the engine rejects it.
"""

from __future__ import annotations

import random
from typing import Any

from fives_engine import DOUBLE_SIX, Layout, Play, Port, Tile, find_game
from fives_engine.terms import BRANCH_PORTS, END_PORTS, STRAIGHT_PORTS
from fives_tools.certify.fuzz.scope import Scope

#: The longest layout built (the set has 28 tiles; most mistakes show within a dozen).
MAX_PLAYS = 14
_PROBE_TRIES = 24


def build_layout(rng: random.Random, game: str, length: int) -> Layout:
    """Up to ``length`` legal plays, doubles favoured (spinners are where layouts go wrong)."""
    layout = find_game(game).new_layout()
    for _ in range(length):
        plays = layout.legal_plays([t for t in DOUBLE_SIX if t not in layout])
        if not plays:
            break
        doubles = [p for p in plays if p.tile.is_double]
        pool = doubles if doubles and rng.random() < 0.35 else plays
        layout.play(rng.choice(pool))
    return layout


def _length(rng: random.Random) -> int:
    return rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 12, MAX_PLAYS])


def _probe(rng: random.Random, layout: Layout) -> Play:
    """One candidate for a rejected play, of a shape picked at random."""
    placed = layout.tiles
    free = [t for t in DOUBLE_SIX if t not in layout]
    shape = rng.choice(["b-side", "branch", "tile-down", "mismatch", "wrong-place", "lead"])
    doubles = [t for t in placed if t.is_double]
    anchor = rng.choice(doubles if doubles and shape in ("b-side", "branch") else placed)
    if shape == "lead":
        return Play(rng.choice(free))
    if shape == "tile-down":
        point = rng.choice(layout.attach_points() or [None])
        if point is not None:
            return Play(rng.choice(placed), point.tile, point.port)
    if shape in ("b-side", "branch") and anchor.is_double:
        sides = (Port.STRAIGHT_SIDE_B, *BRANCH_PORTS) if shape == "b-side" else BRANCH_PORTS
        port = rng.choice(sides)
        matching = [t for t in free if t.has(anchor.low)]
        return Play(rng.choice(matching or free), anchor, port)
    if shape == "wrong-place":
        wrong = END_PORTS if anchor.is_double else (*STRAIGHT_PORTS, *BRANCH_PORTS)
        return Play(rng.choice(free), anchor, rng.choice(wrong))
    return Play(rng.choice(free), anchor, rng.choice(list(Port)))


def reject_probe(rng: random.Random, layout: Layout) -> Play | None:
    """A play the engine refuses on ``layout`` (None if the tries found none)."""
    for _ in range(_PROBE_TRIES):
        play = _probe(rng, layout)
        if not layout.is_legal(play):
            return play
    return None


def hand_probe(rng: random.Random, layout: Layout) -> list[Tile]:
    """A hand to ask the legal plays of: mostly free tiles, now and then one already down."""
    free = [t for t in DOUBLE_SIX if t not in layout]
    hand = rng.sample(free, min(len(free), rng.randint(1, 7)))
    if layout.tiles and rng.random() < 0.15:
        hand.append(rng.choice(layout.tiles))
    return sorted(set(hand))


def layout_request(rng: random.Random, game: str, scope: Scope, probe: str) -> dict[str, Any]:
    """``probe``: ``none``, ``hand``, ``reject`` or ``both``."""
    layout = build_layout(rng, game, _length(rng))
    request: dict[str, Any] = {
        "type": "layout",
        "game": game,
        "plays": [p.text for p in layout.plays],
    }
    if probe in ("reject", "both"):
        play = reject_probe(rng, layout)
        if play is not None:
            request["reject"] = play.text
    if probe in ("hand", "both"):
        request["hand"] = [str(t) for t in hand_probe(rng, layout)]
    return request


def score_request(rng: random.Random, game: str, scope: Scope) -> dict[str, Any]:
    """A total of scoring ends: multiples of 5 and their neighbours, zero included."""
    total = 5 * rng.randint(0, 12) + rng.choice([0, 0, 0, -1, 1, 2, 3, 4])
    return {"type": "score", "game": game, "total": max(0, total)}
