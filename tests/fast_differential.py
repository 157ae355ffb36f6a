"""Differential checking: seeded hands and matches played through the reference engine and
the fast path side by side, compared at every step.

At every step both must list the same legal actions (as text, in order), the same legal
plays of any set of tiles (``FastHand.plays_of``, ``Layout.legal_plays``), have the same
player to act, and the action (chosen at random from the reference's list) must cause the
same events, in the protocol's JSON; a match must also keep the same scores and end the
same way, from any starting scores and under every deal option. Positions are compared by
perft (each position the hand reaches, written as text and read back by both; a finished
hand with every seat to move), and refusals by the rule each engine names for the same
attempt. The first difference is returned as one line; None means they agreed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from fives_engine import DOUBLE_SIX, FivesError, HandState, MatchState, Ruleset, Setup, find_game
from fives_engine.deal import Deal, draw_winner, random_deal
from fives_engine.perft import divide
from fives_engine.position import Position, position_of
from fives_fast.hand import FastHand
from fives_fast.match import FastMatch
from fives_fast.refusal import LAYOUT, refusal_rule
from fives_fast.tables import (
    DRAW,
    LEAD,
    NUM_PORTS,
    NUM_TILES,
    PASS,
    PLAY_BASE,
    TILE_ID,
    action_id,
    action_of,
    action_to_string,
)

#: Every table of the three games: (game, players, partners).
TABLES: tuple[tuple[str, int, bool], ...] = (
    *((game, n, n == 4) for game in ("five-up", "exact-61", "all-fives") for n in (2, 3, 4)),
    ("all-fives", 4, False),
)


def setup_of(
    ruleset: Ruleset,
    players: int,
    partners: bool,
    target: int | None = None,
    deal_option: str | None = None,
) -> Setup:
    return Setup.of(
        ruleset, players, partners if players == 4 else None, deal_option, target=target
    )


def _differ(step: int, what: str, reference: object, fast: object) -> str | None:
    if reference == fast:
        return None
    return f"step {step}: {what} differ: reference {reference!r}, fast {fast!r}"


def _one_step(
    reference: HandState | MatchState, fast: FastHand | FastMatch, chooser: random.Random, step: int
) -> tuple[str | None, list[dict[str, Any]] | None]:
    """Compare who acts and what is legal; then, unless the game is over (no events), apply
    one action chosen at random to both and compare the events it caused."""
    legal = [str(a) for a in reference.legal_actions()]
    fast_legal = [action_to_string(a) for a in fast.legal_actions()]
    problem = _differ(step, "players to act", reference.current_player, fast.current_player)
    problem = problem or _differ(step, "legal actions", legal, fast_legal)
    if problem or reference.is_terminal or fast.is_terminal:
        return problem, None
    action = chooser.choice(reference.legal_actions())
    start = len(fast.log)
    events = [e.to_json() for e in reference.apply_action(action)]
    fast.apply_action(action_id(action))
    return _differ(step, f"events of {action}", events, fast_events(fast, start)), events


def _seeded_hand(
    game: str, players: int, partners: bool, seed: int, deal_option: str | None = None
) -> tuple[Deal, int, random.Random]:
    """A seeded deal, its leader, and the generator that goes on choosing the actions."""
    ruleset = find_game(game)
    setup = setup_of(ruleset, players, partners, deal_option=deal_option)
    rng = random.Random(seed)
    deal = random_deal(ruleset, setup, rng, None)
    return deal, draw_winner(deal.draws, setup.players), rng


def hand_disagreement(
    game: str, players: int, partners: bool, seed: int, deal_option: str | None = None
) -> str | None:
    """Play one seeded hand through both engines; the first difference, or None."""
    ruleset = find_game(game)
    deal, leader, rng = _seeded_hand(game, players, partners, seed, deal_option)
    reference = HandState(ruleset, deal, leader)
    fast = FastHand.of(ruleset, [list(h) for h in deal.hands], list(deal.boneyard), leader)
    picker = random.Random(-seed)
    step = 0
    while True:
        problem = _plays_differ(step, reference, fast, picker)
        if problem:
            return problem
        problem, events = _one_step(reference, fast, rng, step)
        if problem or events is None:
            return problem or _differ(step, "ends", reference.is_terminal, fast.is_terminal)
        problem = _differ(step, "hands", [list(h) for h in reference.hands], fast.hands())
        if problem:
            return problem
        step += 1


def _plays_differ(
    step: int, reference: HandState, fast: FastHand, picker: random.Random
) -> str | None:
    """The legal plays of a random set of tiles (held, on the layout or in the boneyard)."""
    tiles = picker.sample(range(NUM_TILES), picker.randint(0, NUM_TILES))
    want = [str(p) for p in reference.layout.legal_plays([DOUBLE_SIX[t] for t in tiles])]
    got = [action_to_string(a) for a in fast.plays_of(sum(1 << t for t in tiles))]
    return _differ(step, f"legal plays of tiles {sorted(tiles)}", want, got)


def fast_events(fast: FastHand | FastMatch, start: int) -> list[dict[str, object]]:
    return [e.to_json() for e in fast.events(start)]


def match_disagreement(
    game: str,
    players: int,
    partners: bool,
    seed: int,
    target: int | None = None,
    seen: Counter[str] | None = None,
    scores: list[int] | None = None,
    deal_option: str | None = None,
) -> str | None:
    """Play one seeded match through both engines, from ``scores`` (zero by default); the
    first difference, or None.

    ``seen``, when given, counts the kinds of events met (a score as ``score:CAUSE:RESULT``),
    so that a caller can tell which rules the matches exercised."""
    ruleset = find_game(game)
    setup = setup_of(ruleset, players, partners, target, deal_option)
    reference = MatchState(ruleset, setup, scores, rng=random.Random(seed))
    fast = FastMatch(ruleset, setup, scores, rng=random.Random(seed))
    chooser = random.Random(-seed)
    opening = [e.to_json() for e in reference.events]
    problem = _differ(0, "opening events", opening, fast_events(fast, 0))
    step = 0
    while problem is None:
        problem, events = _one_step(reference, fast, chooser, step)
        if problem or events is None:
            return problem or _differ(step, "winners", reference.winner, fast.winner)
        if seen is not None:
            seen.update(_kind(e) for e in events)
        problem = _differ(step, "scores", reference.scores, fast.scores)
        step += 1
    return problem


def _kind(event: dict[str, Any]) -> str:
    kind = str(event["event"])
    return f"{kind}:{event['cause']}:{event['result']}" if kind == "score" else kind


def _positions(game: str, state: HandState, partners: bool) -> Iterator[Position]:
    """The position of ``state``; once the hand is over, with each seat to move in turn."""
    position = position_of(state, game, partners)
    if not state.is_terminal:
        yield position
        return
    for seat in range(state.players):
        yield replace(position, to_move=seat, drawn=None)


def _perft_differ(step: int, position: Position, depth: int) -> str | None:
    text = str(position)
    reference = divide(Position.parse(text).state(), depth)
    fast = divide(FastHand.at(Position.parse(text)), depth, action_to_string)
    return _differ(step, f"perft {depth} of {text!r}", reference, fast)


def perft_disagreement(
    game: str, players: int, partners: bool, seed: int, depth: int = 2
) -> str | None:
    """Play one seeded hand through the reference engine and count perft to ``depth`` from
    every position it reaches, read back from its text by both engines (the finished hand
    with every seat to move); the first difference, or None."""
    ruleset = find_game(game)
    deal, leader, rng = _seeded_hand(game, players, partners, seed)
    state = HandState(ruleset, deal, leader)
    step = 0
    while True:
        for position in _positions(game, state, partners):
            problem = _perft_differ(step, position, depth)
            if problem:
                return problem
        if state.is_terminal:
            return None
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1


def _reference_rule(state: HandState, seat: int, action: int) -> str | None:
    """The rule the reference engine names refusing ``action`` by ``seat``, or None; a
    play the fast path leaves to the layout (row 5) is :data:`LAYOUT`."""
    try:
        state.copy().apply_action(action_of(action), seat)
    except FivesError as exc:
        rule = str(getattr(exc, "rule", "") or f"{type(exc).__name__} without a rule")
        return rule if rule.startswith(("turn.", "hand.")) else LAYOUT
    return None


def _attempts(state: HandState, rng: random.Random, count: int) -> list[int]:
    """Actions to try: a draw, a pass, leads of tiles held or not, and ``count`` plays of
    held tiles (and of one tile not held) at any place of a tile on the layout."""
    tiles = [TILE_ID[t] for seat in range(state.players) for t in state.hand(seat)]
    held = [TILE_ID[t] for t in state.hand(state.current_player or 0)]
    on_layout = [TILE_ID[t] for t in state.layout.tiles]
    attempts = [DRAW, PASS, *(LEAD + t for t in held), LEAD + rng.choice(tiles)]
    if on_layout:
        players = [*held, rng.choice(tiles)]
        attempts += [
            PLAY_BASE[rng.choice(players)] + rng.choice(on_layout) * NUM_PORTS + port
            for port in (rng.randrange(NUM_PORTS) for _ in range(count))
        ]
    return attempts


def refusal_disagreement(
    game: str, players: int, partners: bool, seed: int, tries: int = 12
) -> str | None:
    """Play one seeded hand through both engines; before each action, attempt refused ones
    (by the seat to act and by the next seat) and compare the rule each engine names; the
    first difference, or None."""
    ruleset = find_game(game)
    deal, leader, rng = _seeded_hand(game, players, partners, seed)
    reference = HandState(ruleset, deal, leader)
    fast = FastHand.of(ruleset, [list(h) for h in deal.hands], list(deal.boneyard), leader)
    step = 0
    while True:
        seat = reference.current_player if reference.current_player is not None else leader
        for action in _attempts(reference, rng, tries):
            for actor in (seat, (seat + 1) % players):
                want = _reference_rule(reference, actor, action)
                got = refusal_rule(fast, actor, action)
                what = f"rule refusing {action_to_string(action)} by seat {actor}"
                problem = _differ(step, what, want, got)
                if problem:
                    return problem
        if reference.is_terminal:
            return None
        chosen = rng.choice(reference.legal_actions())
        reference.apply_action(chosen)
        fast.apply_action(action_id(chosen))
        step += 1
