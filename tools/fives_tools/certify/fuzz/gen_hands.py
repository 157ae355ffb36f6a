"""Injected deals played through with random legal actions: ``turns`` and ``perft``.

Every action comes from the fast path's ``legal_actions`` (:mod:`fives_fast`, the same
actions in the same order as the reference engine's, held to it by
`tests/fast_differential.py`), so a hand costs the generator a few bit operations an
action; the reference engine answers the request. Where a hand is cut (and so what is
asked) is biased towards where engines go wrong: the last tiles of the boneyard, the turn
right after a draw, the end of the hand, a block.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from fives_engine import DOUBLE_SIX, Deal, Ruleset, Setup, find_game
from fives_engine.deal import neutral_draw, random_deal
from fives_engine.position import Position
from fives_fast import DRAW, PASS, FastHand, action_to_string
from fives_fast.refusal import refusal_rule
from fives_fast.tables import action_of
from fives_tools.certify.fuzz.scope import Scope, Table

_REJECT_TRIES = 16
#: How many playouts a block-seeking recipe tries before it settles for a hand going out.
BLOCK_TRIES = 4


@dataclass(frozen=True)
class Played:
    """A hand played through: its table, deal, leader and every action taken."""

    game: str
    table: Table
    setup: Setup
    deal: Deal
    leader: int
    actions: tuple[int, ...]  # action ids
    left: tuple[int, ...]  # boneyard tiles left after 0, 1, ... len(actions) actions
    final: FastHand = field(compare=False, repr=False)

    def replay(self, upto: int | None = None) -> FastHand:
        """The hand after its first ``upto`` actions (all by default); the whole hand's
        state is shared, not copied."""
        if upto is None or upto >= len(self.actions):
            return self.final
        state = fast_hand(self.ruleset, self.deal, self.leader)
        for action in self.actions[:upto]:
            state.apply_action(action)
        return state

    @property
    def ruleset(self) -> Ruleset:
        return find_game(self.game)


def pick_table(rng: random.Random, game: str, scope: Scope) -> Table:
    tables = scope.tables(game)
    if not tables:
        raise ValueError(f"no table of {game} in scope")
    return rng.choice(tables)


def setup_of(game: str, table: Table) -> Setup:
    return Setup.of(find_game(game), table.players, table.partnerships, table.deal_option)


def new_deal(rng: random.Random, ruleset: Ruleset, setup: Setup, by_draw: bool) -> Deal:
    """A shuffled deal led by a random seat, or (``by_draw``) by a neutral draw."""
    deal = random_deal(ruleset, setup, rng, went_out=0)
    if by_draw:
        return Deal.of(deal.hands, deal.boneyard, None, neutral_draw(setup.players, rng))
    return Deal.of(deal.hands, deal.boneyard, rng.randrange(setup.players))


def fast_hand(ruleset: Ruleset, deal: Deal, leader: int) -> FastHand:
    """The fast path's hand of ``deal`` led by ``leader``."""
    return FastHand.of(ruleset, [list(h) for h in deal.hands], list(deal.boneyard), leader)


def play_out(rng: random.Random, state: FastHand) -> tuple[list[int], list[int]]:
    """Random legal actions until the hand ends: the action ids, and the boneyard tiles
    left before the first and after each."""
    actions = []
    size = len(state.boneyard)
    left = [size - state.next]
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
        left.append(size - state.next)
    return actions, left


def played_hand(rng: random.Random, game: str, scope: Scope, want_block: bool = False) -> Played:
    """A random hand of a random table, played to its end (a block if ``want_block`` finds one)."""
    table = pick_table(rng, game, scope)
    setup = setup_of(game, table)
    ruleset = find_game(game)
    best: Played | None = None
    for _ in range(BLOCK_TRIES if want_block else 1):
        deal = new_deal(rng, ruleset, setup, by_draw=False)
        leader = deal.leader or 0
        state = fast_hand(ruleset, deal, leader)
        actions, left = play_out(rng, state)
        best = Played(game, table, setup, deal, leader, tuple(actions), tuple(left), state)
        if state.blocked:
            break
    assert best is not None
    return best


def cut_point(rng: random.Random, played: Played) -> int:
    """How many actions to keep: weighted towards the boneyard's last tiles, the turn after
    a draw and the end of the hand."""
    end = len(played.actions)
    weights = [
        1.0
        + 3 * (played.left[k] <= 2)
        + 3 * (k > 0 and played.actions[k - 1] == DRAW)
        + 5 * (k == end)
        for k in range(end + 1)
    ]
    return rng.choices(range(end + 1), weights)[0]


def _reject_candidate(rng: random.Random, state: FastHand) -> tuple[int, int]:
    current = state.current_player
    seat = current if current is not None and rng.random() < 0.6 else rng.randrange(state.players)
    shape = rng.choice(["draw", "pass", "own-play", "other-tile", "not-drawn"])
    if shape in ("draw", "pass"):
        return seat, DRAW if shape == "draw" else PASS
    if shape == "other-tile":
        others = 0
        for s in range(state.players):
            others |= state.masks[s] if s != seat else 0
        plays = state.plays_of(others)
    elif shape == "not-drawn" and state.drawn >= 0:
        plays = state.plays_of(state.masks[seat] & ~(1 << state.drawn))
    else:
        plays = state.plays_of(state.masks[seat])
    return seat, rng.choice(plays) if plays else DRAW


def reject_probe(rng: random.Random, state: FastHand) -> dict[str, Any] | None:
    """An attempted action (possibly out of turn) the rules refuse, or None."""
    for _ in range(_REJECT_TRIES):
        seat, action = _reject_candidate(rng, state)
        if refusal_rule(state, seat, action) is not None:
            return {"seat": seat, "action": action_to_string(action)}
    return None


def action_texts(actions: tuple[int, ...]) -> list[str]:
    return [action_to_string(a) for a in actions]


def turns_request(
    rng: random.Random, game: str, scope: Scope, *, reject: bool, to_the_end: bool
) -> dict[str, Any]:
    played = played_hand(rng, game, scope, want_block=to_the_end)
    upto = len(played.actions) if to_the_end else cut_point(rng, played)
    request: dict[str, Any] = {
        "type": "turns",
        "game": game,
        **played.table.fields(),
        "deal": played.deal.to_json(),
        "actions": action_texts(played.actions[:upto]),
    }
    if reject:
        probe = reject_probe(rng, played.replay(upto))
        if probe is not None:
            request["reject"] = probe
    return request


def perft_request(rng: random.Random, game: str, scope: Scope) -> dict[str, Any]:
    """A position cut from a hand in progress; depth 1 to 3 keeps the count small."""
    played = played_hand(rng, game, scope)
    upto = min(cut_point(rng, played), len(played.actions) - 1)  # still in progress
    position = position_at(played.replay(upto), game, played.setup.partnerships)
    return {
        "type": "perft",
        "game": game,
        "position": str(position),
        "depth": rng.choice([1, 1, 2, 2, 3]),
    }


def position_at(state: FastHand, game: str, partnerships: bool) -> Position:
    """The position of a fast hand in progress (``fives_engine.position.position_of``)."""
    return Position(
        game,
        state.players,
        state.players == 4 and partnerships,
        tuple(action_of(a) for a in state.plays()),  # type: ignore[misc]
        tuple(tuple(hand) for hand in state.hands()),
        tuple(DOUBLE_SIX[t] for t in state.boneyard[state.next :]),
        state.current if state.current_player is not None else state.leader,
        None if state.drawn < 0 else DOUBLE_SIX[state.drawn],
    )
