"""Deterministic generation: ``(seed, index)`` and a scope give exactly one request.

Each request draws from its own generator, seeded with the text ``fives-fuzz:<seed>:<index>``
(string seeds are hashed with SHA-512, the same on every platform and run), so any single
request of a campaign can be rebuilt alone (``fives fuzz --seed S --index I``), and a
campaign can be split among processes or machines by index without changing a request.

``RECIPES`` is the distribution, documented in ``spec/fuzz.md``: a recipe is picked by
weight among those whose request type the scope allows, then a game of the scope.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from fives_tools.certify.fuzz import gen_hands, gen_layout, gen_scores
from fives_tools.certify.fuzz.scope import NEEDS_TABLE, Scope

Build = Callable[[random.Random, str, Scope], dict[str, Any]]


@dataclass(frozen=True)
class Recipe:
    name: str
    request_type: str
    weight: int
    build: Build


_L, _H, _S = gen_layout, gen_hands, gen_scores
RECIPES: tuple[Recipe, ...] = (
    Recipe("layout", "layout", 2, partial(_L.layout_request, probe="none")),
    Recipe("layout-hand", "layout", 3, partial(_L.layout_request, probe="hand")),
    Recipe("layout-reject", "layout", 3, partial(_L.layout_request, probe="reject")),
    Recipe("layout-both", "layout", 1, partial(_L.layout_request, probe="both")),
    Recipe("score", "score", 1, _L.score_request),
    Recipe("turns-cut", "turns", 2, partial(_H.turns_request, reject=False, to_the_end=False)),
    Recipe("turns-reject", "turns", 2, partial(_H.turns_request, reject=True, to_the_end=False)),
    Recipe("turns-end", "turns", 1, partial(_H.turns_request, reject=True, to_the_end=True)),
    Recipe("perft", "perft", 2, _H.perft_request),
    Recipe("settlement-out", "settlement", 2, partial(_S.settlement_request, twist="out")),
    Recipe("settlement-block", "settlement", 2, partial(_S.settlement_request, twist="block")),
    Recipe("settlement-zero", "settlement", 1, partial(_S.settlement_request, twist="zero")),
    Recipe("settlement-equal", "settlement", 1, partial(_S.settlement_request, twist="equal")),
    Recipe("match", "match", 3, partial(_S.match_request, illegal=False)),
    Recipe("match-bad-deal", "match", 1, partial(_S.match_request, illegal=True)),
    Recipe("match-ends", "match", 2, _S.match_end_request),
)


@dataclass(frozen=True)
class Generated:
    seed: int
    index: int
    recipe: str
    request: dict[str, Any]


def recipes_for(scope: Scope) -> list[Recipe]:
    types = set(scope.request_types())
    return [r for r in RECIPES if r.request_type in types]


def generate(seed: int, index: int, scope: Scope) -> Generated:
    """The request number ``index`` of the campaign ``seed`` within ``scope``."""
    rng = random.Random(f"fives-fuzz:{seed}:{index}")
    recipes = recipes_for(scope)
    recipe = rng.choices(recipes, [r.weight for r in recipes])[0]
    games = list(scope.games)
    if recipe.request_type in NEEDS_TABLE:
        games = [g for g in games if scope.tables(g)] or games
    game = rng.choice(games)
    return Generated(seed, index, recipe.name, recipe.build(rng, game, scope))
