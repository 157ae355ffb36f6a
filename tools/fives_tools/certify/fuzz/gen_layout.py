"""Layout and score requests, built play by play from the legal plays of the fast path
(:mod:`fives_fast`, held to the reference engine by `tests/fast_differential.py`).

The generator knows no rule: it proposes plays (legal ones from the fast path's own list,
and for ``reject`` probes candidates of every shape an engine tends to get wrong) and
keeps a probe only when the rules refuse it. Plays are tile and action ids, so building a
layout costs a few bit operations a play; the reference engine answers the request (and
a probe that turns out legal there makes the request invalid, never a verdict).
"""

from __future__ import annotations

import random
from typing import Any

from fives_engine import DOUBLE_SIX, Play, Tile, find_game
from fives_engine.layout import EVERY_DOUBLE
from fives_engine.terms import BRANCH_PORTS, END_PORTS, STRAIGHT_PORTS, Port
from fives_fast import FastHand, action_to_string
from fives_fast.refusal import tile_of
from fives_fast.tables import (
    IS_DOUBLE,
    LEAD,
    NUM_ACTIONS,
    NUM_PORTS,
    NUM_TILES,
    PLAY,
    POINTS,
    side_a_of,
)
from fives_tools.certify.fuzz.scope import Scope

#: The longest layout built (the set has 28 tiles; most mistakes show within a dozen).
MAX_PLAYS = 14
_PROBE_TRIES = 24
#: Per action id: whether it places a double.
_DOUBLE = tuple(a >= LEAD and IS_DOUBLE[tile_of(a)] for a in range(NUM_ACTIONS))
_PORTS = tuple(Port)  # by rank
#: Side A's rank -> side B's, of each mirror pair (layout.symmetric-attach-points).
_SIDE_B = {a.rank: p.rank for p in _PORTS if (a := p.side_a) is not None}


class Built:
    """A layout being built: a fast hand whose seat 0 holds every tile off the layout."""

    def __init__(self, game: str) -> None:
        every_double = find_game(game).spinners == EVERY_DOUBLE
        self.hand = FastHand(every_double, [list(range(NUM_TILES)), []], [], 0)
        self.tiles: list[int] = []  # in play order
        self._legal: list[int] | None = None  # legal_plays, until the next play

    def legal_plays(self) -> list[int]:
        """Every legal play of a tile off the layout, in canonical order (none once no
        tile fits: the hand is blocked)."""
        if self._legal is None:
            self.hand.current = 0
            self._legal = self.hand.legal_actions()
        return self._legal

    def play(self, action: int) -> None:
        """Play a legal play (one :meth:`legal_plays` lists)."""
        self.hand.current = 0
        self.hand.apply_action(action)
        self.tiles.append(tile_of(action))
        self._legal = None

    def free(self) -> list[int]:
        """The tiles off the layout, in canonical order."""
        return [t for t in range(NUM_TILES) if self.hand.state[t] < 0]

    def attach_points(self) -> list[tuple[int, int]]:
        """Every open attach point as (tile, place rank), mirror images included, in
        canonical order (``Layout.attach_points``)."""
        points = sorted(p for s in self.hand.open for p in POINTS[s])
        return [divmod(p, NUM_PORTS) for p in points]

    def is_legal(self, tile: int, anchor: int | None, port: int) -> bool:
        """Whether tile ``tile`` may go at ``port`` of ``anchor`` (a lead if None); side B of
        a mirror pair is legal wherever side A is, the same move (``Layout.same_move``)."""
        if anchor is None:
            return LEAD + tile in self.legal_plays()
        action = PLAY + (tile * NUM_TILES + anchor) * NUM_PORTS + port
        return action in self.legal_plays() or side_a_of(action) in self.legal_plays()


def build_layout(rng: random.Random, game: str, length: int) -> Built:
    """Up to ``length`` legal plays, doubles favoured (spinners are where layouts go wrong)."""
    built = Built(game)
    for _ in range(length):
        plays = built.legal_plays()
        if not plays:
            break
        doubles = [p for p in plays if _DOUBLE[p]]
        pool = doubles if doubles and rng.random() < 0.35 else plays
        built.play(rng.choice(pool))
    return built


def _length(rng: random.Random) -> int:
    return rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 12, MAX_PLAYS])


Probe = tuple[int, int | None, int]  # tile, anchor (None: a lead), place rank


def _probe(rng: random.Random, built: Built) -> Probe:
    """One candidate for a rejected play, of a shape picked at random."""
    placed = built.tiles
    free = built.free()
    shape = rng.choice(["b-side", "branch", "tile-down", "mismatch", "wrong-place", "lead"])
    doubles = [t for t in placed if IS_DOUBLE[t]]
    anchor = rng.choice(doubles if doubles and shape in ("b-side", "branch") else placed)
    if shape == "lead":
        return rng.choice(free), None, 0
    if shape == "tile-down":
        point = rng.choice(built.attach_points() or [None])
        if point is not None:
            return rng.choice(placed), point[0], point[1]
    if shape in ("b-side", "branch") and IS_DOUBLE[anchor]:
        sides = (Port.STRAIGHT_SIDE_B, *BRANCH_PORTS) if shape == "b-side" else BRANCH_PORTS
        port = rng.choice(sides)
        low = DOUBLE_SIX[anchor].low
        matching = [t for t in free if DOUBLE_SIX[t].has(low)]
        return rng.choice(matching or free), anchor, port.rank
    if shape == "wrong-place":
        wrong = END_PORTS if IS_DOUBLE[anchor] else (*STRAIGHT_PORTS, *BRANCH_PORTS)
        return rng.choice(free), anchor, rng.choice(wrong).rank
    return rng.choice(free), anchor, rng.choice(_PORTS).rank


def _text(probe: Probe) -> str:
    tile, anchor, port = probe
    if anchor is None:
        return Play(DOUBLE_SIX[tile]).text
    return Play(DOUBLE_SIX[tile], DOUBLE_SIX[anchor], _PORTS[port]).text


def _named(rng: random.Random, action: int) -> str:
    """A play's text; one on side A of a mirror pair is now and then written naming side B,
    the same move while side A is open (layout.symmetric-attach-points): a request asks it."""
    port = (action - PLAY) % NUM_PORTS if action >= PLAY else -1
    if port in _SIDE_B and rng.random() < 0.25:
        action += _SIDE_B[port] - port
    return action_to_string(action)


def reject_probe(rng: random.Random, built: Built) -> str | None:
    """A play the rules refuse on the layout, as text (None if the tries found none)."""
    for _ in range(_PROBE_TRIES):
        probe = _probe(rng, built)
        if not built.is_legal(*probe):
            return _text(probe)
    return None


def hand_probe(rng: random.Random, built: Built) -> list[Tile]:
    """A hand to ask the legal plays of: mostly free tiles, now and then one already down."""
    free = built.free()
    hand = rng.sample(free, min(len(free), rng.randint(1, 7)))
    if built.tiles and rng.random() < 0.15:
        hand.append(rng.choice(built.tiles))
    return [DOUBLE_SIX[t] for t in sorted(set(hand))]


def layout_request(rng: random.Random, game: str, scope: Scope, probe: str) -> dict[str, Any]:
    """``probe``: ``none``, ``hand``, ``reject`` or ``both``."""
    layout = build_layout(rng, game, _length(rng))
    request: dict[str, Any] = {
        "type": "layout",
        "game": game,
        "plays": [_named(rng, p) for p in layout.hand.plays()],
    }
    if probe in ("reject", "both"):
        play = reject_probe(rng, layout)
        if play is not None:
            request["reject"] = play
    if probe in ("hand", "both"):
        request["hand"] = [str(t) for t in hand_probe(rng, layout)]
    return request


def score_request(rng: random.Random, game: str, scope: Scope) -> dict[str, Any]:
    """A total of scoring ends: multiples of 5 and their neighbours, zero included."""
    total = 5 * rng.randint(0, 12) + rng.choice([0, 0, 0, -1, 1, 2, 3, 4])
    return {"type": "score", "game": game, "total": max(0, total)}
