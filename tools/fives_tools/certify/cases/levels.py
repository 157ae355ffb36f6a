"""Capability levels: the parts of the rules an implementation may declare it covers.

Each level is a section of the certificate. A layout fixture is split into one case per
level, each comparing only that level's fields, so an implementation that computes play
scores but no attach points still gets a certificate for what it does. Cases of a level
the implementation does not declare are skipped with a reason, never failed.

A bare total (``{"type": "score", "total": 12}``) is a level of its own, ``score-table``:
an engine whose scoring is fused with its board cannot answer it, and it must still be
certifiable at ``play-score``, which layouts alone check.
"""

from __future__ import annotations

from collections.abc import Sequence

PLAY_SCORE = "play-score"
SCORE_TABLE = "score-table"
SCORING_ENDS = "scoring-ends"
ATTACH_POINTS = "attach-points"
CONNECTIONS = "connections"
TURN_FLOW = "turn-flow"
SETTLEMENT = "settlement"
MATCH_END = "match-end"

#: Every level, in the order of the certificate, with what it covers.
LEVELS: dict[str, str] = {
    PLAY_SCORE: "the score of each play (raw, and display where the game keeps it)",
    SCORE_TABLE: "the score of a bare total of the scoring ends, without a layout",
    SCORING_ENDS: "the scoring ends with the value each contributes, and their total",
    ATTACH_POINTS: "the attach points, the legal plays of a hand, and illegal plays rejected",
    CONNECTIONS: "the tiles, the spinners and how the tiles connect",
    TURN_FLOW: "legal actions, draws, passes, block and going out from an injected deal",
    SETTLEMENT: "end-of-hand settlement of the remaining hands",
    MATCH_END: "target checks and the end of the match",
}

#: Which fields of a layout expectation belong to which level.
LAYOUT_FIELDS: dict[str, tuple[str, ...]] = {
    PLAY_SCORE: ("score",),
    SCORING_ENDS: ("scoring_ends", "total"),
    ATTACH_POINTS: ("attach_points", "legal_plays", "error"),
    CONNECTIONS: ("tiles", "spinners", "connections"),
}

#: The level of every fixture kind that is not split by field.
KIND_LEVEL: dict[str, str] = {
    "score": SCORE_TABLE,
    "turns": TURN_FLOW,
    "settlement": SETTLEMENT,
    "match": MATCH_END,
    "perft": TURN_FLOW,
}


#: What each level needs: a request of the level cannot be answered without answering
#: what the levels it implies compare (``spec/protocol.md``, "Levels imply what they
#: need"). A ``match`` is scripted hands played turn by turn and settled hand by hand; a
#: ``turns`` reply carries the raw score of every play, the play score of the layout the
#: hand has built. Nothing else is implied: a ``settlement`` is told the last play's score.
IMPLIES: dict[str, tuple[str, ...]] = {
    TURN_FLOW: (PLAY_SCORE,),
    MATCH_END: (TURN_FLOW, SETTLEMENT),
}


def implied(level: str) -> list[str]:
    """Every level ``level`` implies, directly or through another, in the certificate's
    order (``level`` itself left out)."""
    found: set[str] = set()
    todo = list(IMPLIES.get(level, ()))
    while todo:
        need = todo.pop()
        if need not in found:
            found.add(need)
            todo.extend(IMPLIES.get(need, ()))
    return sorted(found - {level}, key=order)


def missing_implied(declared: Sequence[str]) -> dict[str, list[str]]:
    """Declared level -> the levels it implies that the declaration leaves out."""
    out = {}
    for level in declared:
        missing = [need for need in implied(level) if need not in declared]
        if missing:
            out[level] = missing
    return out


def order(level: str) -> int:
    return list(LEVELS).index(level) if level in LEVELS else len(LEVELS)
