"""Five Up, Exact 61 and All Fives as OpenSpiel games, played on the fast path
(:mod:`fives_fast`, checked step by step against the reference engine).

``import fives_openspiel`` registers ``fives_five_up``, ``fives_exact_61`` and
``fives_all_fives`` with ``pyspiel`` (the ``openspiel`` extra installs it); then
``pyspiel.load_game("fives_all_fives(players=4,partnerships=false)")``. Nothing else in
the project imports this package.
"""

from __future__ import annotations

from fives_openspiel.game import GAMES, FivesGame, FivesState

__all__ = ["GAMES", "FivesGame", "FivesState"]
