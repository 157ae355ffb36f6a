"""The hand state: canonical actions, rejections that name the rule and change nothing."""

from __future__ import annotations

import re

import pytest
from deals import B4, B4_ACTIONS, H2

from fives_engine import (
    DRAW,
    PASS,
    FivesError,
    HandState,
    IllegalActionError,
    IllegalMoveError,
    IllegalPlayError,
    NotationError,
    Play,
    find_game,
    parse_action,
)
from fives_engine.tiles import DOUBLE_SIX


def _hand(actions: int = 0) -> HandState:
    hand = HandState(find_game("five-up"), B4, 0)
    for text in B4_ACTIONS[:actions]:
        hand.apply_action(parse_action(text))
    return hand


def _snapshot(hand: HandState) -> tuple[object, ...]:
    return (
        hand.hands,
        hand.boneyard,
        hand.layout.plays,
        hand.current_player,
        hand.drawn,
        list(hand.events),
        list(hand.actions),
        hand.legal_actions(),
    )


@pytest.mark.parametrize(
    "text",
    ["draw", "pass", "[1|4]", "[1|1]@[1|4]:small-end", "[1|5]@[1|1]:branch-a"],
)
def test_an_action_has_one_text_that_round_trips(text: str) -> None:
    assert str(parse_action(text)) == text
    assert parse_action(f"  {text.upper() if text in ('draw', 'pass') else text} ") == parse_action(
        text
    )


def test_every_tile_lead_round_trips_and_bad_text_is_named() -> None:
    for tile in DOUBLE_SIX:
        assert parse_action(str(tile)) == Play(tile)
    assert parse_action("draw") == DRAW and parse_action("pass") == PASS and DRAW != PASS
    with pytest.raises(NotationError, match="not an action: 'fold'"):
        parse_action("fold")


def test_a_refused_action_and_a_refused_play_are_siblings() -> None:
    """As python-chess keeps its move errors: a refused draw is no illegal play; both are
    illegal moves, FivesErrors and ValueErrors, and a refused play in a hand is an action
    the turn refuses."""
    assert not issubclass(IllegalActionError, IllegalPlayError)
    assert not issubclass(IllegalPlayError, IllegalActionError)
    for error in (IllegalActionError, IllegalPlayError):
        assert issubclass(error, IllegalMoveError)
        assert issubclass(error, FivesError) and issubclass(error, ValueError)


@pytest.mark.parametrize(
    ("actions", "seat", "text", "rule"),
    [
        (0, 1, "[0|5]", "turn.clockwise"),
        (4, 0, "pass", "turn.pass-empty-boneyard"),
        (6, 0, "[1|2]@[4|5]:big-end", "turn.play-drawn-tile"),
        (6, 0, "draw", "turn.play-drawn-tile"),
        (7, 1, "draw", "turn.must-play"),
        (7, 1, "pass", "turn.must-play"),
        (7, 1, "[3|5]@[4|5]:big-end", "hand.own-tiles"),
        (7, 1, "[0|5]@[1|6]:small-end", "play.match-attach-point"),
        (14, 2, "draw", "turn.pass-empty-boneyard"),
        (20, 0, "pass", "hand.end.block"),
    ],
)
def test_a_rejected_action_names_rule_action_seat_and_state_and_changes_nothing(
    actions: int, seat: int, text: str, rule: str
) -> None:
    hand = _hand(actions)
    before = _snapshot(hand)
    with pytest.raises(IllegalActionError) as caught:
        hand.apply_action(parse_action(text), seat)
    assert caught.value.rule == rule
    message = str(caught.value)
    assert f"seat {seat} {text}" in message and f"[rule {rule}]" in message
    assert "layout" in message  # the state is quoted
    assert _snapshot(hand) == before


def test_an_action_is_given_as_a_value_or_as_its_text() -> None:
    by_text, by_value = _hand(), _hand()
    by_text.apply_action("[2|5]")
    by_value.apply_action(parse_action("[2|5]"), 0)
    assert by_text.events == by_value.events
    with pytest.raises(TypeError, match="an action is a Play, Draw or Pass"):
        by_text.apply_action(3)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        by_text.apply_action("fold")


def test_legal_actions_come_in_canonical_order() -> None:
    hand = _hand(7)
    assert [str(a) for a in hand.legal_actions()] == [
        "[0|5]@[4|5]:big-end",
        "[1|5]@[1|6]:small-end",
        "[1|5]@[4|5]:big-end",
    ]
    assert hand.legal_actions() == hand.layout.legal_plays(hand.hand(1))


def test_every_legal_action_applies_and_a_copy_is_independent() -> None:
    hand = _hand(7)
    for action in hand.legal_actions():
        other = hand.copy()
        other.apply_action(action)
        assert other.current_player == 2 and hand.current_player == 1
    assert _snapshot(hand) == _snapshot(_hand(7))


def test_the_28_tiles_stay_accounted_for_through_a_hand() -> None:
    hand = HandState(find_game("exact-61"), H2, 0)
    while not hand.is_terminal:
        hand.apply_action(hand.legal_actions()[0])
        tiles = [t for s in range(2) for t in hand.hand(s)] + [*hand.boneyard, *hand.layout.tiles]
        assert sorted(tiles) == list(DOUBLE_SIX)
    assert hand.legal_actions() == [] and hand.current_player is None


def test_a_tile_put_on_top_of_the_boneyard_is_the_next_drawn() -> None:
    hand = HandState(find_game("exact-61"), H2, 0)
    rest = list(hand.boneyard)
    chosen = rest[-1]
    hand.put_on_top(chosen)
    assert hand.boneyard == (chosen, *rest[:-1])  # the others keep their order
    while DRAW not in [action for _, action in hand.actions]:
        hand.apply_action(hand.legal_actions()[0])
    seat, _ = hand.actions[-1]
    first = next(e for e in hand.events if e.kind == "draw")
    assert first.to_json() == {"event": "draw", "seat": seat, "tile": str(chosen)}
    held = hand.hand(0)[0]
    with pytest.raises(FivesError, match=re.escape(f"{held} is not in the boneyard")):
        hand.put_on_top(held)
