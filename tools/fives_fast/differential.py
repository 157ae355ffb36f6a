"""Differential checking: seeded hands and matches played through the reference engine and
the fast path side by side, compared at every step.

At every step both must list the same legal actions (as text, in order), have the same
player to act, and the action (chosen at random from the reference's list) must cause the
same events, in the protocol's JSON; a match must also keep the same scores and end the
same way. The first difference is returned as one line; None means they agreed.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from fives_engine import HandState, MatchState, Ruleset, Setup, find_game
from fives_engine.deal import draw_winner, random_deal
from fives_fast.hand import FastHand
from fives_fast.match import FastMatch
from fives_fast.tables import action_id, action_to_string

#: Every table of the three games: (game, players, partners).
TABLES: tuple[tuple[str, int, bool], ...] = (
    *((game, n, n == 4) for game in ("five-up", "exact-61", "all-fives") for n in (2, 3, 4)),
    ("all-fives", 4, False),
)


def setup_of(ruleset: Ruleset, players: int, partners: bool, target: int | None = None) -> Setup:
    return Setup.of(ruleset, players, partners if players == 4 else None, target=target)


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


def hand_disagreement(game: str, players: int, partners: bool, seed: int) -> str | None:
    """Play one seeded hand through both engines; the first difference, or None."""
    ruleset = find_game(game)
    setup = setup_of(ruleset, players, partners)
    rng = random.Random(seed)
    deal = random_deal(ruleset, setup, rng, None)
    leader = draw_winner(deal.draws, setup.players)
    reference = HandState(ruleset, deal, leader)
    fast = FastHand.of(ruleset, [list(h) for h in deal.hands], list(deal.boneyard), leader)
    step = 0
    while True:
        problem, events = _one_step(reference, fast, rng, step)
        if problem or events is None:
            return problem or _differ(step, "ends", reference.is_terminal, fast.is_terminal)
        problem = _differ(step, "hands", [list(h) for h in reference.hands], fast.hands())
        if problem:
            return problem
        step += 1


def fast_events(fast: FastHand | FastMatch, start: int) -> list[dict[str, object]]:
    return [e.to_json() for e in fast.events(start)]


def match_disagreement(
    game: str,
    players: int,
    partners: bool,
    seed: int,
    target: int | None = None,
    seen: Counter[str] | None = None,
) -> str | None:
    """Play one seeded match through both engines; the first difference, or None.

    ``seen``, when given, counts the kinds of events met (a score as ``score:CAUSE:RESULT``),
    so that a caller can tell which rules the matches exercised."""
    ruleset = find_game(game)
    setup = setup_of(ruleset, players, partners, target)
    reference = MatchState(ruleset, setup, rng=random.Random(seed))
    fast = FastMatch(ruleset, setup, rng=random.Random(seed))
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
