"""The reference engine of the Fives family of domino games.

It reads every rule-dependent choice from the game documents of ``spec/`` and knows
nothing of the test suite, the harness or the renderers.
"""

from __future__ import annotations

from fives_engine.errors import FivesError, IllegalPlayError, NotationError, RulesetError
from fives_engine.layout import Layout
from fives_engine.rules import Rule, Ruleset, Score, find_game, game_names, load_game
from fives_engine.terms import AttachPoint, Connection, Play, Port, ScoringEnd, parse_plays
from fives_engine.tiles import DOUBLE_SIX, Tile

__all__ = [
    "DOUBLE_SIX",
    "AttachPoint",
    "Connection",
    "FivesError",
    "IllegalPlayError",
    "Layout",
    "NotationError",
    "Play",
    "Port",
    "Rule",
    "Ruleset",
    "RulesetError",
    "Score",
    "ScoringEnd",
    "Tile",
    "find_game",
    "game_names",
    "load_game",
    "parse_plays",
]
