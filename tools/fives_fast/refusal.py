"""Which rule refuses an action, in the protocol's order of checks (spec/protocol.md,
"Rejected actions: which rule"), over a :class:`~fives_fast.hand.FastHand`.

Every refusal names a rule, the first of the order it breaks. The fast path keeps no place
names, so for row 5 (a held tile played where the layout forbids it) it answers
:data:`LAYOUT`: the rule is the play's own, from the table "Rejected plays", which whoever
serves the fast path names with a layout that keeps them (the reference engine's).
"""

from __future__ import annotations

from fives_fast.hand import FastHand
from fives_fast.tables import LEAD, NUM_PORTS, NUM_TILES, PLAY, side_a_of

#: Row 5: the play's layout rule ("Rejected plays"), not named by the fast path.
LAYOUT = "layout"


def tile_of(action: int) -> int:
    """The tile id a play (or lead) id places; -1 for a draw or a pass."""
    if action < LEAD:
        return -1
    if action < PLAY:
        return action - LEAD
    return (action - PLAY) // (NUM_TILES * NUM_PORTS)


def refusal_rule(hand: FastHand, seat: int, action: int) -> str | None:
    """The rule that refuses ``action`` by ``seat`` here, or None if it is legal."""
    if hand.is_terminal:
        return "hand.end.going-out" if hand.went_out >= 0 else "hand.end.block"
    if seat != hand.current:
        return "turn.clockwise"
    legal = hand.legal_actions()
    if action in legal or side_a_of(action) in legal:
        return None  # side B while side A is open is the move on side A
    tile = tile_of(action)
    if hand.drawn >= 0 and tile != hand.drawn:
        return "turn.play-drawn-tile"
    if tile >= 0:
        return LAYOUT if hand.masks[seat] >> tile & 1 else "hand.own-tiles"
    if any(a >= LEAD for a in legal):
        return "turn.must-play"
    return "turn.pass-empty-boneyard"  # a draw from an empty boneyard, or a pass before it
