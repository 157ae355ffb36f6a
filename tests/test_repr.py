"""``repr`` of the layout, a hand and a match: a plain shell shows the plays, the hands and
the scores in the notation, never ``<... object at 0x...>``."""

from __future__ import annotations

from fives_engine import Layout, MatchState, Setup, Tile, find_game


def test_a_layout_shows_its_plays_and_total() -> None:
    layout = Layout.from_plays(["5|5"])
    layout.play(layout.legal_plays(Tile.parse("5|0"))[0])
    assert repr(layout) == f"<Layout {' '.join(map(str, layout.plays))}, total 10>"
    assert "0x" not in repr(layout)
    assert repr(Layout("first-double")) == "<Layout first-double empty, total 0>"


def test_a_hand_shows_whose_turn_the_layout_and_every_hand() -> None:
    game = find_game("five-up")
    match = MatchState.seeded(game, Setup.of(game, 2), 3)
    hand = match.hand
    assert hand is not None and hand.current_player is not None
    seat = hand.current_player
    played = hand.legal_actions()[0]
    match.apply_action(played)
    text = repr(hand)
    assert text.startswith(f"<HandState five-up, seat {1 - seat} to act; <Layout {played},")
    for held_by, held in enumerate(hand.hands):
        assert f"seat {held_by} holds {' '.join(map(str, held))}" in text
    assert text.endswith(f"; boneyard {len(hand.boneyard)}>")
    assert repr(match) == f"<MatchState five-up, scores 0, 0 display; hand 1: {text}>"


def test_a_finished_match_shows_the_scores_and_the_winner() -> None:
    game = find_game("all-fives")
    match = MatchState.seeded(game, Setup.of(game, 3), 3)
    while not match.is_terminal:  # a seeded match deals each hand itself
        match.apply_action(match.legal_actions()[0])
    scores = ", ".join(map(str, match.scores))
    assert repr(match) == f"<MatchState all-fives, scores {scores}; side {match.winner} won>"
