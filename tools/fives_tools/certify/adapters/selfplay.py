"""The reference engine plays its own games and writes what it did as an observation record.

Answering a ``selfplay`` request (``spec/protocol.md``), the engine shuffles and deals from
the seed, lets the rules choose each leader, and picks uniformly among the legal actions it
offers. The record is the game record of :func:`fives_engine.record.write_record`, with
what an observer of the engine sees added to it: the actions offered at each turn, the
score each play was given, the tile each draw took, how each hand ended and the scores
after it. ``fives play`` plays the same games (same seed, same match).

Asked with ``deals`` (a steered game, ``spec/protocol.md``), it deals those instead of
shuffling, hand after hand, and stops when they run out: only the deck is stacked; the
leader where the rules have it drawn is the deal's, and every choice stays its own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from fives_engine import FivesError, MatchState, Ruleset, Setup
from fives_engine.deal import Deal, random_deal
from fives_engine.record import write_record
from fives_tools.certify.adapters.protocol import SELFPLAY_UNITS

#: the most actions one game may take: a match past it is cut there, and its record ends
#: mid-match (an engine whose bent scoring keeps every side below the target plays on for
#: ever; a random match of Five Up for three players, the longest, takes 1000 to 7000)
MAX_ACTIONS = 10_000


@dataclass
class Seen:
    """What an observer saw of one action: what was offered, what it scored or drew."""

    offered: list[str]
    score: int | None = None
    tile: str | None = None

    def annotate(self, entry: dict[str, Any]) -> None:
        """Add what was seen to the action's ``entry`` of a record."""
        entry["offered"] = self.offered
        if self.score is not None:
            entry["score"] = self.score
        if self.tile is not None:
            entry["tile"] = self.tile


@dataclass
class Game:
    """A game played by the engine, with what was seen of each action, hand by hand."""

    match: MatchState
    seen: list[list[Seen]] = field(default_factory=list)
    scores_after: list[list[int]] = field(default_factory=list)


def act(match: MatchState, choices: random.Random) -> Seen | None:
    """Apply one action chosen uniformly among the legal ones; None when none is offered."""
    offered = match.legal_actions()
    if not offered:
        return None
    action = choices.choice(offered)
    seen = Seen([str(a) for a in offered])
    for event in match.apply_action(action):
        if event.kind == "play":
            seen.score = int(event["raw"])
        elif event.kind == "draw":
            seen.tile = str(event["tile"])
    return seen


def play(
    ruleset: Ruleset,
    setup: Setup,
    seed: int,
    unit: str = "match",
    most: int | None = MAX_ACTIONS,
    hands: int | None = None,
    deals: list[dict[str, Any]] | None = None,
) -> Game:
    """One hand (``unit`` ``hand``) or a whole match, dealt and chosen from ``seed``; at
    most ``most`` actions and ``hands`` hands (None: no limit). A game where nothing is
    offered ends there. ``deals``: the hands' deals, in order (:func:`steered`), instead
    of the shuffle; the game stops when they run out."""
    if unit not in SELFPLAY_UNITS:
        raise FivesError(f"unit {unit!r}: expected one of {', '.join(SELFPLAY_UNITS)}")
    if unit == "hand":
        hands = 1
    if deals is not None:
        hands = len(deals) if hands is None else min(hands, len(deals))
    shuffles, choices = random.Random(seed), random.Random(seed)
    match = MatchState(ruleset, setup)
    game = Game(match)
    steps = 0
    while not match.is_terminal and (most is None or steps < most):
        steps += 1
        if match.needs_deal:
            if hands is not None and len(match.hands) >= hands:
                break
            if deals is None:
                match.deal(random_deal(ruleset, setup, shuffles, match.next_leader))
            else:
                match.deal(steered(deals[len(match.hands)], match.next_leader))
            game.seen.append([])
        hand = match.hand
        seen = act(match, choices)
        if seen is None:
            break
        game.seen[-1].append(seen)
        if match.is_terminal or (hand is not None and hand.is_terminal):
            game.scores_after.append(list(match.scores))
    return game


def steered(deal: dict[str, Any], went_out: int | None) -> Deal:
    """A deal asked for, as the engine deals it: its hands and boneyard; its ``leader``
    and neutral ``draws`` only where the rules draw for the lead (the first hand, after a
    block), since after going out the seat that went out leads."""
    given = Deal.from_json(deal)
    if went_out is None:
        return given
    return Deal.of(given.hands, given.boneyard, None, ())


def observation(game: Game, seed: int) -> dict[str, Any]:
    """The game's record, every action with what was seen of it."""
    record = write_record(game.match, seed)
    for number, (entry, state, seen) in enumerate(
        zip(record["hands"], game.match.hands, game.seen, strict=True)
    ):
        entry["deal"]["leader"] = state.leader
        for action, what in zip(entry["actions"], seen, strict=True):
            what.annotate(action)
        if state.is_terminal:
            entry["ended"] = "out" if state.went_out is not None else "block"
        if number < len(game.scores_after):  # not for a hand cut before its end
            entry["scores"] = game.scores_after[number]
    return record
