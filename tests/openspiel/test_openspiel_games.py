"""The three games in OpenSpiel: OpenSpiel's own checks (random simulations with
serialization, the committed playthroughs) and what the layer promises on top: canonical
action texts, chance exactly where the engine would shuffle, hidden tiles kept hidden,
returns as documented. Needs the ``openspiel`` extra (``make test`` installs it)."""

from __future__ import annotations

import base64
import itertools
import os
import pickle
import random
import re
from pathlib import Path
from typing import Any

import pytest

#: Set by `make test-openspiel` (a CI step): there a missing extra fails the run instead of
#: skipping it, so that the step cannot pass without running a test.
REQUIRED = "FIVES_REQUIRE_OPENSPIEL"

if os.environ.get(REQUIRED):
    import pyspiel  # an ImportError here is a collection error: the run fails
else:
    pyspiel = pytest.importorskip(
        "pyspiel",
        reason="the openspiel extra is not installed; `make test-openspiel` (a CI step) runs these",
    )

from absl import flags  # noqa: E402 - only with the extra
from open_spiel.python.algorithms import generate_playthrough  # noqa: E402

from fives_engine import DOUBLE_SIX, HandState, Layout, parse_action  # noqa: E402
from fives_fast import action_to_string  # noqa: E402
from fives_openspiel import GAMES  # noqa: E402
from fives_openspiel.encoding import NUM_ACTIONS, action_id, action_of  # noqa: E402
from fives_openspiel.playthroughs import PLAYTHROUGHS  # noqa: E402
from fives_openspiel.progress import Chance  # noqa: E402

PLAYTHROUGH_DIR = Path(__file__).parent / "playthroughs"
CHANCE = int(pyspiel.PlayerId.CHANCE)


def _reference_hand(state: Any) -> HandState:
    """The reference engine's hand at the position of ``state``'s fast hand (its layout
    played again, the same hands, boneyard, seat to act and tile just drawn)."""
    progress = state.progress
    hand, ruleset = progress.match.hand, progress.table.ruleset
    layout = Layout(ruleset.spinners)
    for play in hand.plays():
        layout.play(action_to_string(play))
    boneyard = tuple(DOUBLE_SIX[t] for t in hand.boneyard[hand.next :])
    drawn = DOUBLE_SIX[hand.drawn] if hand.drawn >= 0 else None
    return HandState.resume(ruleset, layout, hand.hands(), boneyard, hand.current, drawn)


def _random_game(game_string: str, seed: int) -> list[Any]:
    """Every state of one uniformly random game, from the first to the terminal one."""
    game = pyspiel.load_game(game_string)
    state = game.new_initial_state()
    choose = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(choose.choices(outcomes, weights)[0])
        else:
            state.apply_action(choose.choice(state.legal_actions()))
        states.append(state.clone())
    return states


@pytest.mark.parametrize(
    "game_string",
    [
        "fives_five_up(per_hand=true)",
        "fives_five_up(players=4,target=20)",
        "fives_exact_61(players=3,per_hand=true)",
        "fives_exact_61(target=20)",
        "fives_all_fives(players=4,partnerships=false,hand_size=5,per_hand=true)",
        "fives_all_fives(players=2,hand_size=7,target=20)",
    ],
)
def test_random_simulations_pass_openspiel_checks_with_serialization(game_string: str) -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game(game_string), num_sims=2, serialize=True, verbose=False
    )


def test_every_game_has_its_committed_playthrough() -> None:
    assert sorted(p.name for p in PLAYTHROUGH_DIR.glob("*.txt")) == sorted(PLAYTHROUGHS)
    short_names = {game.split("(")[0] for game, _ in PLAYTHROUGHS.values()}
    assert short_names == set(GAMES)


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_a_playthrough_replays_line_for_line(name: str) -> None:
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()  # the generator reads one absl flag, at its default
    expected, actual = generate_playthrough.replay(str(PLAYTHROUGH_DIR / name))
    for number, (want, got) in enumerate(
        zip(expected.splitlines(), actual.splitlines(), strict=False), 1
    ):
        assert got == want, f"{name} line {number} differs"
    assert actual == expected


def test_every_action_id_names_one_engine_action_and_back() -> None:
    ids = [action_id(action_of(i)) for i in range(NUM_ACTIONS)]
    assert ids == list(range(NUM_ACTIONS))
    assert str(action_of(0)) == "draw" and str(action_of(1)) == "pass"
    assert [str(action_of(2 + i)) for i in range(len(DOUBLE_SIX))] == [str(t) for t in DOUBLE_SIX]
    # [1|1] (tile 7) at the small end (rank 3) of [1|4] (tile 10)
    assert action_id(parse_action("[1|1]@[1|4]:small-end")) == 30 + (7 * 28 + 10) * 6 + 3
    for bad in (-1, NUM_ACTIONS):
        with pytest.raises(ValueError, match="is not in"):
            action_of(bad)


def test_legal_actions_are_the_engines_in_the_canonical_notation() -> None:
    for state in _random_game("fives_all_fives(players=3,per_hand=true)", 4):
        if state.is_terminal() or state.is_chance_node():
            continue
        texts = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
        engine = _reference_hand(state).legal_actions()
        assert sorted(texts) == sorted(str(a) for a in engine)
        assert [state.string_to_action(t) for t in texts] == state.legal_actions()


def test_chance_deals_draws_for_the_lead_and_draws_from_the_boneyard() -> None:
    seen = set()
    states = _random_game("fives_five_up(target=20)", 7)
    for state, following in itertools.pairwise(states):
        if not state.is_chance_node():
            continue
        progress = state.progress
        kind = progress.chance
        seen.add(kind)
        tiles = [a for a, _ in state.chance_outcomes()]
        if kind is Chance.BONEYARD:
            hand = progress.match.hand
            assert sorted(tiles) == sorted(hand.boneyard[hand.next :])
            seat = progress.match.current_player
            drawn = following.history()[-1]
            assert following.progress.match.hand.hand(seat).count(drawn) == 1
        elif kind is Chance.DEAL:
            dealt = [t for hand in progress.dealt for t in hand]
            assert sorted(tiles + dealt) == list(range(len(DOUBLE_SIX)))
        else:
            assert progress.match.next_leader is None  # a first hand or after a block
    assert seen == set(Chance)


def test_a_tie_in_the_draw_for_the_lead_is_drawn_again_by_the_tied_seats() -> None:
    state = pyspiel.load_game("fives_exact_61(players=3,per_hand=true)").new_initial_state()
    ids = {str(t): i for i, t in enumerate(DOUBLE_SIX)}
    for tile in ("[1|4]", "[0|5]", "[0|1]"):  # seats 0 and 1 tie on 5
        state.apply_action(ids[tile])
    assert state.action_to_string(CHANCE, ids["[6|6]"]) == "seat 0 draws [6|6] for the lead"
    assert len(state.chance_outcomes()) == len(DOUBLE_SIX)  # the whole set again
    state.apply_action(ids["[0|0]"])
    state.apply_action(ids["[2|3]"])
    deal = state.action_to_string(CHANCE, state.chance_outcomes()[0][0])
    assert deal == "seat 0 is dealt [0|0]"
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 1  # the engine's leader of that draw
    assert "hand 1: seat 1 leads" in state.information_state_string(2)


def test_a_player_sees_their_own_tiles_and_never_anyone_elses() -> None:
    states = _random_game("fives_exact_61(players=3,target=30)", 3)
    for state in states[:: max(1, len(states) // 40)]:
        for seat in range(3):
            info = state.information_state_string(seat)
            others = [s for s in range(3) if s != seat]
            for other in others:
                private = rf"^seat {other} (is dealt|draws) \[\d\|\d\]$"
                assert not re.search(private, info, re.MULTILINE)
            hand = state.progress.match.hand
            showing = not state.progress.dealt[0] and not state.progress.rounds
            if hand is not None and showing:
                held = " ".join(str(DOUBLE_SIX[t]) for t in hand.hand(seat)) or "-"
                assert f"holds {held}" in state.observation_string(seat)
                tensor = state.observation_tensor(seat)
                assert sum(tensor[3 : 3 + 28]) == len(hand.hand(seat))


def test_match_returns_give_the_winning_side_one_and_are_zero_sum() -> None:
    for game_string in (
        "fives_five_up(players=4,target=40)",
        "fives_all_fives(players=3,target=40)",
    ):
        final = _random_game(game_string, 2)[-1]
        match = final.progress.match
        returns = final.returns()
        assert abs(sum(returns)) < 1e-9
        winners = match.setup.seats_of(match.winner)
        assert [r == 1.0 for r in returns] == [s in winners for s in range(len(returns))]


def test_hand_returns_are_each_sides_points_of_the_hand_against_the_others() -> None:
    final = _random_game("fives_all_fives(players=3,per_hand=true)", 5)[-1]
    scores = final.progress.match.scores
    assert final.returns() == [s - (sum(scores) - s) / 2 for s in scores]
    assert final.progress.match.hand_count == 1


@pytest.mark.parametrize(
    ("game_string", "message"),
    [
        ("fives_all_fives(hand_size=6)", "deals 5 or 7 or 9 tiles each, not 6"),
        ("fives_five_up(players=4,partnerships=false)", "always played in partnerships"),
        ("fives_exact_61(max_hands=0)", "max_hands must be at least 1"),
    ],
)
def test_a_table_the_game_does_not_allow_is_refused_by_name(game_string: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game(game_string)


def test_a_resampled_world_looks_the_same_to_the_player_and_deals_the_hidden_tiles_anew() -> None:
    states = _random_game("fives_five_up(players=3,per_hand=true)", 6)
    moved = 0
    for state in states:
        if state.is_terminal() or state.is_chance_node() or state.progress.match.needs_deal:
            continue
        seat = state.current_player()
        world = state.resample_from_infostate(seat, random.Random(seat).random)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
        hand, other = state.progress.match.hand, world.progress.match.hand
        assert other.hand(seat) == hand.hand(seat) and other.plays() == hand.plays()
        hidden = sorted(
            [*hand.boneyard[hand.next :], *(t for s in range(3) if s != seat for t in hand.hand(s))]
        )
        assert (
            sorted(
                [
                    *other.boneyard[other.next :],
                    *(t for s in range(3) if s != seat for t in other.hand(s)),
                ]
            )
            == hidden
        )
        moved += any(other.hand(s) != hand.hand(s) for s in range(3) if s != seat)
    assert moved > 0  # the other hands do change


@pytest.mark.parametrize("player", [7, 2, -1])
def test_a_player_without_a_seat_cannot_resample(player: int) -> None:
    """``resample_from_infostate(7)`` was accepted for a 2-player game: every hand was
    dealt anew, as if hidden from nobody."""
    states = _random_game("fives_five_up(players=2,per_hand=true)", 3)
    state = next(s for s in states if not s.is_chance_node() and not s.progress.match.needs_deal)
    with pytest.raises(ValueError, match=f"player {player} has no seat at a 2-player table"):
        state.resample_from_infostate(player, random.Random(1).random)
    assert state.resample_from_infostate(1, random.Random(1).random) is not None


def test_a_saved_state_is_its_action_history_and_loads_back() -> None:
    game = pyspiel.load_game("fives_all_fives(players=3,per_hand=true)")
    state = _random_game("fives_all_fives(players=3,per_hand=true)", 9)[25]
    saved = state.serialize()
    assert saved == "".join(f"{action}\n" for action in state.history())
    loaded = game.deserialize_state(saved)
    assert loaded.history() == state.history() and str(loaded) == str(state)


class _Payload:
    """Unpickling this runs a command: what a crafted "saved game" would carry."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.marker,))


def test_a_pickle_payload_in_a_saved_state_is_refused_and_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    encoded = base64.b64encode(pickle.dumps({"progress": _Payload(marker)})).decode()
    game = pyspiel.load_game("fives_five_up")
    for saved in (f"history=\nmove_number=0\n__dict__={encoded}\n", encoded):
        with pytest.raises(ValueError, match="a saved state is one action id a line; line 1"):
            game.deserialize_state(saved)
    assert not marker.exists()


@pytest.mark.parametrize(
    ("saved", "message"),
    [
        ("0\n1\n99\n", r"saved action 3 \(99\) is not legal there"),
        ("0\n-1\n", "line 2 is '-1'"),
        ("\u0663\n", "line 1 is '\u0663'"),  # an Arabic-Indic three
        ("0 1\n", "line 1 is '0 1'"),
    ],
)
def test_a_saved_state_that_is_not_a_legal_history_is_refused(saved: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game("fives_five_up").deserialize_state(saved)
