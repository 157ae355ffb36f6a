"""The match state: tables, deals, leaders, seeded matches and the end of the match."""

from __future__ import annotations

import random

import pytest
from deals import B4, B4_ACTIONS, H2, H2_ACTIONS, deal

from fives_engine import (
    Deal,
    FivesError,
    IllegalActionError,
    IllegalDealError,
    MatchState,
    RulesetError,
    Setup,
    find_game,
    parse_action,
    round_to_five,
)
from fives_engine.deal import check_deal, draw_winner, neutral_draw, on_top
from fives_engine.tiles import Tile


def _play(match: MatchState, actions: list[str]) -> None:
    for text in actions:
        match.apply_action(parse_action(text))


def test_round_to_five_rounds_remainders_1_2_down_and_3_4_up() -> None:
    assert [round_to_five(p) for p in range(13)] == [0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10]


def test_the_ruleset_reads_the_table_from_the_game_parameters() -> None:
    five_up, all_fives = find_game("five-up"), find_game("all-fives")
    assert five_up.players == (2, 3, 4) and five_up.partnerships(4) == "fixed"
    assert five_up.partnerships(3) is None and all_fives.partnerships(4) == "optional"
    assert [all_fives.deal_size(n) for n in (2, 3, 4)] == [9, 7, 5]
    assert all_fives.deal_size(2, "seven-five") == 7 and all_fives.deal_size(3, "five-each") == 5
    assert five_up.target(2) == 305 and all_fives.target(2) == 250 and all_fives.target(4) == 200
    assert (five_up.target_check, find_game("exact-61").overshoot) == (
        "after-settlement",
        "discard-event",
    )
    with pytest.raises(RulesetError, match="unknown deal option 'six-each'"):
        all_fives.deal_size(2, "six-each")


def test_a_setup_the_game_does_not_allow_is_refused() -> None:
    five_up = find_game("five-up")
    with pytest.raises(IllegalDealError) as caught:
        Setup.of(five_up, 4, partnerships=False)
    assert caught.value.rule == "side.partnership"
    with pytest.raises(IllegalDealError) as caught:
        Setup.of(five_up, 3, partnerships=True)
    assert caught.value.rule == "side.alone"
    with pytest.raises(RulesetError, match="played by 2, 3, 4 players, not 5"):
        Setup.of(five_up, 5)
    setup = Setup.of(find_game("all-fives"), 4)
    assert setup.partnerships and setup.side_of(2) == 0 and setup.partner_of(1) == 3
    assert Setup.of(find_game("all-fives"), 4, partnerships=False).sides == 4


def test_a_deal_names_every_tile_it_holds_twice_or_misses() -> None:
    ruleset = find_game("five-up")
    bad = Deal.of(B4.hands, (*B4.boneyard[:-1], Tile(0, 0)), 0)
    with pytest.raises(IllegalDealError, match=r"twice: \[0\|0\]; missing: \[4\|6\]"):
        check_deal(bad, ruleset, Setup.of(ruleset, 4), None, False)


def test_a_neutral_draw_resolves_ties_and_is_checked() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4):
        for _ in range(50):
            rounds = neutral_draw(players, rng)
            leader = draw_winner(rounds, players)
            last = rounds[-1]
            top = max(t.pips for t in last if t is not None)
            assert [s for s, t in enumerate(last) if t is not None and t.pips == top] == [leader]
    tie = (Tile(4, 6), Tile(1, 2), Tile(5, 5))
    for rounds, message in [
        ((tie,), "leaves seats \\[0, 2\\] tied"),
        ((tie, (Tile(3, 6), Tile(0, 0), Tile(0, 1))), "seats \\[0, 2\\] draw"),
        ((tie, (Tile(3, 6), None, Tile(3, 6))), "drawn twice"),
        (((Tile(6, 6), Tile(0, 0), Tile(0, 1)), tie), "already decides"),
    ]:
        with pytest.raises(IllegalDealError, match=message):
            draw_winner(rounds, 3)


def test_the_same_seed_gives_the_same_match_bit_for_bit() -> None:
    for game in ("five-up", "exact-61", "all-fives"):
        ruleset = find_game(game)
        setup = Setup.of(ruleset, 3)
        runs = []
        for _ in range(2):
            match = MatchState.seeded(ruleset, setup, 11)
            choose = random.Random(3)
            while not match.is_terminal and len(match.hands) < 4:
                match.apply_action(choose.choice(match.legal_actions()))
            runs.append(([d.to_json() for d in match.deals], [e.to_json() for e in match.events]))
        assert runs[0] == runs[1]
        other = MatchState.seeded(ruleset, setup, 12)
        assert other.deals[0] != MatchState.seeded(ruleset, setup, 11).deals[0]


def test_a_match_is_dealt_hand_by_hand_and_refuses_actions_between_hands() -> None:
    ruleset = find_game("five-up")
    match = MatchState(ruleset, Setup.of(ruleset, 2))
    assert match.needs_deal and match.current_player is None and match.legal_actions() == []
    with pytest.raises(IllegalActionError) as caught:
        match.apply_action(parse_action("[3|4]"))
    match.deal(H2)
    with pytest.raises(FivesError, match=r"a hand is still being played \[rule hand.end.going-out"):
        match.deal(H2)  # the boneyard holds tiles: only going out could have ended the hand
    _play(match, H2_ACTIONS)
    assert match.needs_deal and match.next_leader == 0
    with pytest.raises(IllegalActionError) as caught:
        match.apply_action(parse_action("[3|4]"))
    assert caught.value.rule == "hand.end.going-out"
    with pytest.raises(IllegalDealError) as refused:
        match.deal(Deal.of(H2.hands, H2.boneyard, 1))
    assert refused.value.rule == "lead.went-out-leads"
    match.deal(Deal.of(H2.hands, H2.boneyard))
    assert match.current_player == 0 and match.leaders == [0, 0]


def test_after_a_block_the_next_hand_needs_a_neutral_draw() -> None:
    ruleset = find_game("all-fives")
    match = MatchState(ruleset, Setup.of(ruleset, 4))
    match.deal(B4)
    _play(match, B4_ACTIONS[:-1])
    with pytest.raises(FivesError, match=r"still being played \[rule hand.end.block\]"):
        match.deal(B4)  # the boneyard is empty: the caller takes the hand for blocked
    _play(match, B4_ACTIONS[-1:])
    assert match.needs_deal and match.next_leader is None
    with pytest.raises(IllegalDealError) as refused:
        match.deal(Deal.of(B4.hands, B4.boneyard))
    assert refused.value.rule == "lead.after-block"


def test_nothing_is_applied_once_the_match_is_won() -> None:
    ruleset = find_game("exact-61")
    match = MatchState(ruleset, Setup.of(ruleset, 2), scores=[300, 0])
    match.deal(H2)
    _play(match, H2_ACTIONS[:8])
    assert match.is_terminal and match.winner == 0 and match.scores == [305, 0]
    events = list(match.events)
    with pytest.raises(IllegalActionError) as caught:
        match.apply_action(parse_action("[0|0]@[0|6]:small-end"), 1)
    assert caught.value.rule == "match.exact-hit-wins" and "the match is over" in str(caught.value)
    assert match.events == events and match.current_player is None
    with pytest.raises(FivesError, match="the match is over"):
        match.deal(deal(["[0|0]"], ""))


def test_the_top_of_a_draw_round_is_every_seat_tied_for_the_highest_total() -> None:
    assert on_top((Tile(4, 6), Tile(1, 2), Tile(5, 5))) == [0, 2]
    assert on_top((None, Tile(0, 1), Tile(0, 0))) == [1]


def test_a_copy_of_a_match_plays_on_without_changing_the_original() -> None:
    ruleset = find_game("all-fives")
    match = MatchState.seeded(ruleset, Setup.of(ruleset, 3), 4)
    choose = random.Random(1)
    for _ in range(10):
        match.apply_action(choose.choice(match.legal_actions()))

    def facts() -> tuple[object, ...]:
        return ([e.to_json() for e in match.events], list(match.scores), match.legal_actions())

    before = facts()
    other = match.copy()
    while not other.is_terminal:
        other.apply_action(choose.choice(other.legal_actions()))
    assert other.winner is not None and len(other.hands) > 1
    assert facts() == before
    assert match.hand is match.hands[-1] and len(match.hands) == 1
