"""The fast path (``fives_fast``) against the reference engine: seeded hands and matches
played through both, compared at every step (``tests/fast_differential.py``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fast_differential import (
    TABLES,
    hand_disagreement,
    match_disagreement,
    perft_disagreement,
    refusal_disagreement,
    setup_of,
)

from fives_engine import DOUBLE_SIX, Port, find_game
from fives_engine.deal import draw_winner, random_deal
from fives_engine.position import Position
from fives_fast import FastHand, FastMatch, action_id, action_to_string, deal_ids
from fives_fast.refusal import refusal_rule
from fives_fast.tables import DRAW, JOIN, NUM_ACTIONS, PASS, action_of

HANDS_PER_TABLE = 100
RARE_SEEDS = 300
MATCHES_PER_TABLE = 9
TARGETS = (None, 5, 40)  # the game's own target, and small ones: many match ends, ties
POSITION_HANDS = 3  # hands per table whose every position is counted by perft
REFUSAL_HANDS = 3  # hands per table with refused actions tried before every action


def _label(table: tuple[str, int, bool]) -> str:
    game, players, partners = table
    return f"{game}-{players}{'-partners' if partners else ''}"


@pytest.mark.parametrize("table", TABLES, ids=_label)
def test_hands_agree_step_by_step(table: tuple[str, int, bool]) -> None:
    for seed in range(HANDS_PER_TABLE):
        assert hand_disagreement(*table, seed) is None, f"seed {seed}"


def test_matches_agree_step_by_step_and_meet_every_rule() -> None:
    seen: Counter[str] = Counter()
    for table in TABLES:
        for seed in range(MATCHES_PER_TABLE):
            target = TARGETS[seed % len(TARGETS)]
            problem = match_disagreement(*table, seed, target, seen)
            assert problem is None, f"{_label(table)} seed {seed} target {target}: {problem}"
    # the matches met every kind of event the games have, so the comparison covered them
    kinds = {"hand", "play", "draw", "pass", "out", "block", "win"}
    kinds |= {f"score:{cause}:applied" for cause in ("play", "deduction", "going-out")}
    kinds |= {f"score:{cause}:discarded" for cause in ("play", "going-out")}
    assert kinds <= set(seen), sorted(kinds - set(seen))


@pytest.mark.parametrize(
    ("table", "target", "kind"),
    [
        (("five-up", 2, False), 5, "tie"),  # settle, then a tie at the top plays on
        (("exact-61", 4, True), None, "score:block:applied"),  # blocked: the differences
        (("exact-61", 3, False), None, "score:block:applied"),
    ],
)
def test_rare_ends_agree(table: tuple[str, int, bool], target: int | None, kind: str) -> None:
    """Matches until one meets ``kind`` (rare at random), each compared step by step."""
    seen: Counter[str] = Counter()
    for seed in range(RARE_SEEDS):
        problem = match_disagreement(*table, seed, target, seen)
        assert problem is None, f"{_label(table)} seed {seed}: {problem}"
        if kind in seen:
            return
    pytest.fail(f"no {kind} in {RARE_SEEDS} matches of {_label(table)}")


def test_seeded_deals_are_the_reference_engines() -> None:
    for game, players, partners in TABLES:
        ruleset = find_game(game)
        setup = setup_of(ruleset, players, partners)
        for seed in range(20):
            deal = random_deal(ruleset, setup, random.Random(seed), None)
            hands, boneyard, leader = deal_ids(
                players, setup.deal_size(ruleset), random.Random(seed)
            )
            assert [[DOUBLE_SIX[t] for t in h] for h in hands] == [list(h) for h in deal.hands]
            assert [DOUBLE_SIX[t] for t in boneyard] == list(deal.boneyard)
            assert leader == draw_winner(deal.draws, players)


def test_action_ids_round_trip_and_name_the_reference_notation() -> None:
    plays = [a for a in range(NUM_ACTIONS) if JOIN[a] is not None]
    for action in range(NUM_ACTIONS):
        assert action_id(action_of(action)) == action
        assert action_to_string(action) == str(action_of(action))
    # a play id joins its tile by a half showing the pips of the place it takes
    for action in plays:
        join = JOIN[action]
        assert join is not None
        tile, anchor, place, _ = join
        if anchor >= 0:
            port = Port.parse(action_to_string(action).rsplit(":", 1)[1])
            assert place == 1 << port.rank
            assert DOUBLE_SIX[tile] != DOUBLE_SIX[anchor]
    with pytest.raises(ValueError, match="not in"):
        action_of(NUM_ACTIONS)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h, b: h[0].append(h[1][0]), r"tile \[\d\|\d\] \(id \d+\) is dealt twice"),
        (lambda h, b: b.append(h[0][0]), r"is dealt twice"),
        (lambda h, b: h[0].append(99), r"tile id 99 is not a tile of the set \(0 to 27\)"),
        (lambda h, b: h[1].append(-1), r"tile id -1 is not a tile"),
    ],
)
def test_a_deal_no_game_can_have_is_refused(change: Any, message: str) -> None:
    """FastHand took a tile twice and tile id 99 (a mask bit past the set) silently."""
    hands, boneyard, leader = deal_ids(2, 7, random.Random(3))
    change(hands, boneyard)
    with pytest.raises(ValueError, match=message):
        FastHand(True, hands, boneyard, leader)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    rng = random.Random(3)
    hands, boneyard, leader = deal_ids(2, 7, rng)
    hand = FastHand(True, hands, boneyard, leader)
    held = hand.hand(leader)
    not_held = next(t for t in range(len(DOUBLE_SIX)) if t not in held)
    with pytest.raises(ValueError, match=r"not legal here"):
        hand.apply_action(2 + not_held)
    assert hand.hand(leader) == held and not hand.log
    with pytest.raises(ValueError, match="not legal"):
        hand.apply_action(0)  # a draw with a lead to make


def test_a_copy_plays_on_alone() -> None:
    ruleset = find_game("all-fives")
    match = FastMatch(ruleset, setup_of(ruleset, 2, False), rng=random.Random(5))
    rng = random.Random(5)
    for _ in range(10):
        match.apply_action(rng.choice(match.legal_actions()))
    assert match.hand is not None
    copy = match.hand.copy()
    before = (copy.masks, copy.state, copy.log)
    snapshot = [list(x) for x in before]
    while not match.hand.is_terminal:
        match.hand.apply_action(rng.choice(match.hand.legal_actions()))
    assert [copy.masks, copy.state, copy.log] == snapshot


@pytest.mark.parametrize("table", TABLES, ids=_label)
def test_positions_agree_by_perft(table: tuple[str, int, bool]) -> None:
    """Every position of a hand, read from its text, counts alike: finished ones too."""
    for seed in range(POSITION_HANDS):
        assert perft_disagreement(*table, seed) is None, f"seed {seed}"


@pytest.mark.parametrize("table", TABLES, ids=_label)
def test_refusals_name_the_same_rule(table: tuple[str, int, bool]) -> None:
    for seed in range(REFUSAL_HANDS):
        assert refusal_disagreement(*table, seed) is None, f"seed {seed}"


@pytest.mark.parametrize(
    ("game", "option"),
    [
        (game, option)
        for game in ("five-up", "exact-61", "all-fives")
        for option in find_game(game).deal_options
    ],
)
def test_every_deal_option_agrees(game: str, option: str) -> None:
    for players in (2, 3, 4):
        for seed in range(MATCHES_PER_TABLE):
            assert hand_disagreement(game, players, players == 4, seed, option) is None
            problem = match_disagreement(game, players, players == 4, seed, 40, None, None, option)
            assert problem is None, f"{players} players, seed {seed}: {problem}"


def test_the_games_have_deal_options() -> None:
    """The test above would pass vacuously if no game had an option."""
    assert find_game("all-fives").deal_options


@pytest.mark.parametrize("table", TABLES, ids=_label)
def test_matches_from_starting_scores_agree(table: tuple[str, int, bool]) -> None:
    """Matches that start near the target (and past it: negative scores too), where the
    target checks decide at once."""
    game, players, partners = table
    setup = setup_of(find_game(game), players, partners)
    rng = random.Random(7)
    for seed in range(MATCHES_PER_TABLE):
        scores = [setup.target - 5 * rng.randrange(-2, 12) for _ in range(setup.sides)]
        scores[0] = -5 * rng.randrange(4) if seed % 3 == 0 else scores[0]
        problem = match_disagreement(game, players, partners, seed, None, None, scores)
        assert problem is None, f"seed {seed}, scores {scores}: {problem}"


def test_any_empty_hand_ends_the_hand_at_a_position() -> None:
    """Seat 0 has gone out and seat 1 is to move (fixtures/perft: went-out-is-over)."""
    text = (
        "five-up 2 [3|4],[4|5]@[3|4]:big-end,[3|6]@[3|4]:small-end,[6|6]@[3|6]:big-end,"
        "[0|6]@[6|6]:straight-b,[0|0]@[0|6]:small-end,[5|5]@[4|5]:big-end,"
        "[0|1]@[0|0]:straight-b,[1|2]@[0|1]:big-end -/[1|3],[1|4],[2|4],[3|3] "
        "[1|1],[3|5],[0|2],[2|6],[0|3],[2|5],[2|2],[1|5],[1|6],[4|4],[0|5],[4|6],[5|6],"
        "[2|3],[0|4] 1"
    )
    hand = FastHand.at(Position.parse(text))
    assert hand.is_terminal and hand.went_out == 0 and hand.legal_actions() == []
    assert refusal_rule(hand, 1, DRAW) == "hand.end.going-out"


@pytest.fixture
def ends_only_for_the_seat_to_move() -> Iterator[None]:
    """The old fast path: a position's hand is over only if the seat to move holds nothing."""
    real = FastHand.at

    def bent(position: Position) -> FastHand:
        hand = real(position)
        if hand.masks[hand.current]:
            hand.went_out = -1
        return hand

    FastHand.at = staticmethod(bent)  # type: ignore[method-assign,assignment]
    yield
    FastHand.at = real  # type: ignore[method-assign]


@pytest.mark.usefixtures("ends_only_for_the_seat_to_move")
def test_the_differential_check_catches_a_hand_that_plays_on_after_going_out() -> None:
    found = [perft_disagreement(*table, seed) for table in TABLES[:3] for seed in range(2)]
    assert any(problem and "perft" in problem for problem in found)


@pytest.fixture
def passing_names_the_wrong_rule() -> Iterator[None]:
    """A fast path that refuses a pass before an empty boneyard for turn.must-play."""
    import fast_differential as differential

    real = differential.refusal_rule

    def bent(hand: FastHand, seat: int, action: int) -> str | None:
        rule = real(hand, seat, action)
        return "turn.must-play" if action == PASS and rule == "turn.pass-empty-boneyard" else rule

    differential.refusal_rule = bent
    yield
    differential.refusal_rule = real


@pytest.mark.usefixtures("passing_names_the_wrong_rule")
def test_the_differential_check_catches_a_refusal_naming_the_wrong_rule() -> None:
    found = [refusal_disagreement(*table, seed) for table in TABLES[:3] for seed in range(2)]
    assert any(problem and "pass by seat" in problem for problem in found)


@pytest.fixture
def plays_of_tiles_already_down() -> Iterator[None]:
    """A fast path that lists plays of tiles already on the layout."""
    real = FastHand.plays_of
    FastHand.plays_of = FastHand._plays  # type: ignore[method-assign]
    yield
    FastHand.plays_of = real  # type: ignore[method-assign]


@pytest.mark.usefixtures("plays_of_tiles_already_down")
def test_the_differential_check_catches_plays_of_tiles_on_the_layout() -> None:
    found = [hand_disagreement(*table, seed) for table in TABLES[:3] for seed in range(2)]
    assert any(problem and "legal plays of tiles" in problem for problem in found)
