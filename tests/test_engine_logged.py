"""The engine's public way to apply an action as an implementation's log shows it, though
the rules refuse it: what the audit goes on from, so that no module of the harness writes
the engine's private fields (the check below fails one that does)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fives_engine import (
    DRAW,
    PASS,
    HandState,
    IllegalActionError,
    MatchState,
    Play,
    Setup,
    find_game,
)

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def _match() -> tuple[MatchState, HandState, int]:
    """A dealt All Fives match, its hand, and the seat to act."""
    ruleset = find_game("all-fives")
    match = MatchState.seeded(ruleset, Setup.of(ruleset, 2), 5)
    hand = match.hand
    assert hand is not None and hand.current_player is not None
    return match, hand, hand.current_player


def test_an_action_out_of_turn_is_applied_as_logged_and_the_hand_goes_on() -> None:
    match, hand, seat = _match()
    other = 1 - seat
    lead = next(a for a in hand.turn_of(other).legal_actions() if isinstance(a, Play))
    with pytest.raises(IllegalActionError):
        match.copy().apply_action(lead, other)  # the rules refuse it
    events = match.apply_logged(lead, other)
    assert events and events[0]["seat"] == other and lead.tile not in hand.hand(other)
    assert hand.current_player == seat  # the next seat after the one that played


def test_what_leaves_no_position_to_go_on_from_is_refused_and_changes_nothing() -> None:
    match, hand, seat = _match()
    held = set(hand.hand(seat))
    foreign = next(
        a
        for a in hand.turn_of(1 - seat).legal_actions()
        if isinstance(a, Play) and a.tile not in held
    )
    before = (hand.hands, hand.current_player, len(hand.actions))
    with pytest.raises(IllegalActionError, match="not a play it could make"):
        match.apply_logged(foreign, seat)
    assert (hand.hands, hand.current_player, len(hand.actions)) == before
    with pytest.raises(ValueError, match="no seat 7"):
        hand.turn_of(7)


def test_a_draw_from_an_empty_boneyard_and_a_move_after_the_hand_are_refused() -> None:
    match, hand, _ = _match()
    while hand.boneyard and not hand.is_terminal:
        seat = hand.current_player
        assert seat is not None
        match.apply_logged(DRAW, seat)  # draws while holding plays: refused, applied
    if not hand.is_terminal:
        with pytest.raises(IllegalActionError, match="the boneyard is empty"):
            hand.admit_logged(DRAW, 0)
    hand.went_out = 0  # the hand over
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.admit_logged(PASS, 1)


def _private_writes(source: str) -> list[tuple[int, str]]:
    """Assignments to a private attribute (``x._name = ...``) of anything but self or cls."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            items = target.elts if isinstance(target, ast.Tuple) else [target]
            for item in items:
                if (
                    isinstance(item, ast.Attribute)
                    and item.attr.startswith("_")
                    and not item.attr.startswith("__")
                    and not (isinstance(item.value, ast.Name) and item.value.id in ("self", "cls"))
                ):
                    found.append((item.lineno, ast.unparse(item)))
    return found


@pytest.mark.parametrize(
    "path", sorted((TOOLS / "fives_tools").rglob("*.py")), ids=lambda p: p.name
)
def test_no_module_of_the_harness_writes_an_objects_private_fields(path: Path) -> None:
    assert not _private_writes(path.read_text("utf-8")), path


def test_the_check_sees_a_private_field_written() -> None:
    source = "def f(hand, self):\n    hand._current, hand._drawn = 1, None\n    self._x = 2\n"
    assert _private_writes(source) == [(2, "hand._current"), (2, "hand._drawn")]
