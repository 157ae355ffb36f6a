"""The reference engine of the Fives family of domino games.

It reads every rule-dependent choice from the game documents of ``spec/`` and knows
nothing of the test suite, the harness or the renderers: the pictures a notebook shows of
a layout, a hand or a match are asked of the renderer only when wanted
(:mod:`fives_engine.display`).
"""

from __future__ import annotations

from fives_engine.actions import DRAW, PASS, Action, Draw, Pass, parse_action
from fives_engine.deal import Deal
from fives_engine.errors import (
    FivesError,
    IllegalActionError,
    IllegalDealError,
    IllegalMoveError,
    IllegalPlayError,
    NotationError,
    RecordError,
    RulesetError,
)
from fives_engine.events import Event
from fives_engine.hand import HandState
from fives_engine.layout import Layout
from fives_engine.match import MatchState
from fives_engine.rules import Rule, Ruleset, Score, find_game, game_names, load_game
from fives_engine.settlement import round_to_five
from fives_engine.setup import Setup
from fives_engine.terms import (
    AttachPoint,
    Connection,
    PipsPlay,
    Play,
    Port,
    ScoringEnd,
    parse_plays,
)
from fives_engine.tiles import DOUBLE_SIX, Tile

__all__ = [
    "DOUBLE_SIX",
    "DRAW",
    "PASS",
    "Action",
    "AttachPoint",
    "Connection",
    "Deal",
    "Draw",
    "Event",
    "FivesError",
    "HandState",
    "IllegalActionError",
    "IllegalDealError",
    "IllegalMoveError",
    "IllegalPlayError",
    "Layout",
    "MatchState",
    "NotationError",
    "Pass",
    "PipsPlay",
    "Play",
    "Port",
    "RecordError",
    "Rule",
    "Ruleset",
    "RulesetError",
    "Score",
    "ScoringEnd",
    "Setup",
    "Tile",
    "find_game",
    "game_names",
    "load_game",
    "parse_action",
    "parse_plays",
    "round_to_five",
]
