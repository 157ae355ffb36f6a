"""Fast playouts beside the reference engine: the same hands and matches, integer-coded.

``fives_engine`` is the engine people read to learn the rules; this package plays the
very same games for simulations that run millions of actions (random playouts, game-tree
search). Tiles are ids 0..27 in the canonical order of the double-six set and actions are
OpenSpiel's integer ids (:mod:`fives_fast.tables`); text comes only when asked
(:func:`action_to_string`), and the event log is built from a compact record only when it
is read. The tile rules are not restated: the tables are worked out once from the
reference engine's own; `tests/fast_differential.py` plays seeded hands and matches
through both engines and names the first step where they disagree.
"""

from __future__ import annotations

from fives_fast.deal import deal_ids
from fives_fast.hand import FastHand
from fives_fast.match import FastMatch
from fives_fast.tables import DRAW, NUM_ACTIONS, PASS, action_id, action_to_string

__all__ = [
    "DRAW",
    "NUM_ACTIONS",
    "PASS",
    "FastHand",
    "FastMatch",
    "action_id",
    "action_to_string",
    "deal_ids",
]
