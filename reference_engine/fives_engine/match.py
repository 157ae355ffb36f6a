"""A match: hands one after another, scores by side, and the end of the match.

The match scores what its hands do, under the game's parameters:

* ``target_check``: ``after-settlement`` (Five Up: settle the hand, then the unique highest
  side at or over the target wins; a tie at the top plays on), ``exact-every-event``
  (Exact 61: every score event is checked; the first to land exactly on the target wins at
  once, mid-hand included) or ``immediate`` (All Fives: the first side to reach the
  target wins at once, interpretation ``all-fives.target-immediate``);
* ``overshoot``: ``discard-event`` throws away whole any event that would pass the target;
* ``settlement``: see :mod:`fives_engine.settlement`.

Deals come in one at a time (:meth:`MatchState.deal`: certification injects them) or from
a seeded generator (:meth:`MatchState.seeded`): the same seed gives the same match.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from fives_engine import display  # pragma: no mutate
from fives_engine.actions import Action
from fives_engine.deal import Deal, check_deal, random_deal
from fives_engine.errors import FivesError, IllegalActionError, RulesetError
from fives_engine.events import APPLIED, DISCARDED, Event
from fives_engine.hand import HandState
from fives_engine.rules import Ruleset
from fives_engine.settlement import Item, settlement_for
from fives_engine.setup import Setup
from fives_engine.tiles import Tile

#: The rule that ends the match, by ``target_check``.
END_RULES = {
    "after-settlement": "match.settle-then-check",
    "exact-every-event": "match.exact-hit-wins",
    "immediate": "match.first-to-target",
}


class MatchState:
    """A match: the score by side, its hands one after another (the current one in
    :attr:`hand`), and the winner once a side wins. In a notebook it shows as the score
    and the current hand's table drawn."""

    def __init__(
        self,
        ruleset: Ruleset,
        setup: Setup,
        scores: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """A match at ``scores`` (raw, by side; zero by default) waiting for its first deal.

        With ``rng`` the match deals itself (and draws for the lead) from that generator.
        """
        if ruleset.target_check not in END_RULES:
            raise RulesetError(f"{ruleset.name}: unknown target_check {ruleset.target_check!r}")
        setup.check_for(ruleset)
        self.ruleset = ruleset
        self.setup = setup
        self.scores = [0] * setup.sides if scores is None else list(scores)
        if len(self.scores) != setup.sides:
            raise RulesetError(f"{setup.sides} sides need {setup.sides} scores, got {scores}")
        self.initial_scores = tuple(self.scores)
        self.events: list[Event] = []
        self.hand: HandState | None = None
        self.hands: list[HandState] = []
        self.deals: list[Deal] = []
        self.winner: int | None = None
        self.block_winner: int | None = None
        self._settlement = settlement_for(ruleset.settlement)
        self._end_rule = ""
        self._went_out: int | None = None  # leads the next hand
        self._after_block = False
        self._rng = rng
        self._deal_if_seeded()

    @classmethod
    def seeded(cls, ruleset: Ruleset, setup: Setup, seed: int) -> MatchState:
        return cls(ruleset, setup, rng=random.Random(seed))

    def copy(self) -> MatchState:
        """An independent copy (the current hand copied, the rest immutable or rebuilt):
        what a game-tree search branches from."""
        other = MatchState.__new__(MatchState)
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        other.events = list(self.events)
        other.deals = list(self.deals)
        other.hands = list(self.hands)
        if self.hand is not None:
            other.hand = self.hand.copy()
            other.hands[-1] = other.hand
        if self._rng is not None:
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        return other

    def check_start(self) -> None:
        """Refuse a match that starts already over: reaching the target ends an All Fives
        or Exact 61 match at once (and Exact 61 never passes it), so a side on or over the
        target before the first deal describes a match that is no longer played."""
        if self.ruleset.target_check == "after-settlement":
            return  # Five Up: after a tie at the top on or over the target, play goes on
        reached = [s for s, score in enumerate(self.scores) if score >= self.setup.target]
        if reached:
            raise RulesetError(
                f"side {reached[0]} starts at {self.scores[reached[0]]}, on or over the target"
                f" {self.setup.target}: that {self.ruleset.title} match is already over"
            )

    # -- facts ---------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    @property
    def needs_deal(self) -> bool:
        """True between hands (and before the first): the next hand must be dealt."""
        return not self.is_terminal and (self.hand is None or self.hand.is_terminal)

    @property
    def current_player(self) -> int | None:
        if self.needs_deal or self.is_terminal or self.hand is None:
            return None
        return self.hand.current_player

    def legal_actions(self) -> list[Action]:
        if self.current_player is None or self.hand is None:
            return []
        return self.hand.legal_actions()

    @property
    def display_scores(self) -> list[int] | None:
        if self.ruleset.display(0) is None:
            return None
        return [self.ruleset.display(s) or 0 for s in self.scores]

    @property
    def leaders(self) -> list[int]:
        return [h.leader for h in self.hands]

    @property
    def next_leader(self) -> int | None:
        """The seat that leads the next hand when the rules name it (it went out)."""
        return self._went_out

    def __repr__(self) -> str:
        """The game, the scores by side (display points where the game keeps them), the
        winner or the hand in play."""
        shown = self.display_scores
        scores = ", ".join(map(str, self.scores if shown is None else shown))
        unit = "" if shown is None else " display"
        if self.winner is not None:
            now = f"side {self.winner} won"
        elif self.hand is None or self.hand.is_terminal:
            now = f"{len(self.hands)} hands played, the next to deal"
        else:
            now = f"hand {len(self.hands)}: {self.hand!r}"
        return f"<MatchState {self.ruleset.name}, scores {scores}{unit}; {now}>"

    def _repr_svg_(self) -> str:  # pragma: no mutate
        """The match drawn for a notebook: its score by side, then its current hand's
        table (see :mod:`fives_engine.display`)."""
        return display.svg(self)  # pragma: no mutate

    # -- moves ---------------------------------------------------------------------------
    def deal(self, deal: Deal) -> None:
        """Start the next hand with ``deal``; its leader is checked against the lead rules."""
        if self.is_terminal:
            raise FivesError("the match is over")
        if self.hand is not None and not self.hand.is_terminal:
            # The caller takes the hand for over: with the boneyard empty, by a block (or it
            # would have seen who went out); else by going out, since no block is possible.
            rule = "hand.end.going-out" if self.hand.boneyard else "hand.end.block"
            raise FivesError(f"a hand is still being played [rule {rule}]")
        leader = check_deal(deal, self.ruleset, self.setup, self._went_out, self._after_block)
        self.hand = HandState(self.ruleset, deal, leader)
        self.hands.append(self.hand)
        self.deals.append(deal)
        self.events.append(Event.of("hand", number=len(self.hands), leader=leader))

    def apply_logged(self, action: Action, seat: int) -> list[Event]:
        """Apply ``action`` by ``seat`` as a log shows an implementation made it, though the
        rules refuse it here (:meth:`HandState.admit_logged` says which such actions leave
        a position to go on from), and score it; returns the events it caused."""
        hand = self.hand
        if self.is_terminal or hand is None:
            return self.apply_action(action, seat)  # refused as ever: the match is over
        hand.admit_logged(action, seat)
        return self.apply_action(action, seat)

    def apply_action(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Apply the current player's action and score it; returns the events it caused.

        An illegal action raises :class:`IllegalActionError` and changes nothing.
        """
        hand = self.hand
        if self.is_terminal or hand is None or hand.is_terminal:
            actor = "" if seat is None else f"seat {seat} "
            if self.is_terminal:
                reason = f"the match is over: side {self.winner} won"
                rule = self._end_rule
            else:
                reason = "no hand is being played: the next hand is not dealt yet"
                rule = "hand.end.block" if self._after_block else "hand.end.going-out"
            raise IllegalActionError(f"{actor}{action}: {reason}", rule)
        before = len(self.events)
        merges = self._settlement.merges_last_play
        for event in hand.apply_action(action, seat):
            self.events.append(event)
            merged = merges and hand.went_out is not None  # part of the going-out event
            if event.kind == "play" and event["raw"] and not merged:
                self._score(event["seat"], event["raw"], "play")
            if self.is_terminal:
                break  # the win is the last event of the match
        if hand.is_terminal and not self.is_terminal:
            last_play = self._last_play_raw(hand) if merges else 0
            self._settle(hand.hands, hand.went_out, hand.leader, last_play)
            self._deal_if_seeded()
        return self.events[before:]

    @staticmethod
    def _last_play_raw(hand: HandState) -> int:
        play = next(e for e in reversed(hand.events) if e.kind == "play")
        return int(play["raw"]) if hand.went_out is not None else 0

    def finish_hand(
        self,
        hands: Sequence[Sequence[Tile]],
        went_out: int | None,
        leader: int,
        last_play: int = 0,
    ) -> None:
        """Score the play that ``went_out`` with (``last_play`` raw) and settle the hand.

        ``hands`` are the remaining hands by seat; ``went_out`` None means a block. The
        last play is its own event, or part of the going-out event where the game says so.
        """
        merges = self._settlement.merges_last_play
        if went_out is not None and last_play and not merges:
            self._score(went_out, last_play, "play")
            if self.is_terminal:
                return
        self._settle(hands, went_out, leader, last_play if merges else 0)

    def _settle(
        self, hands: Sequence[Sequence[Tile]], went_out: int | None, leader: int, last_play: int
    ) -> None:
        """Settle a finished hand, then check the target (where the game checks it then)."""
        method = self._settlement
        if went_out is None:
            self.block_winner = method.block_winner(self.setup, hands)
            items = method.block(self.setup, hands, leader)
        else:
            items = method.going_out(self.setup, hands, went_out, last_play)
        for item in items:
            if self.is_terminal:
                break  # later events are not applied once the match is won
            self._score_item(item)
        if not self.is_terminal and self.ruleset.target_check == "after-settlement":
            self._check_target()
        self._went_out = went_out
        self._after_block = went_out is None

    # -- scoring -------------------------------------------------------------------------
    def _score(self, seat: int, raw: int, cause: str) -> None:
        self._score_item(Item(seat, raw, cause))

    def _score_item(self, item: Item) -> None:
        side = self.setup.side_of(item.seat)
        target = self.setup.target
        new = self.scores[side] + item.raw
        discard = self.ruleset.overshoot == "discard-event" and new > target
        self.events.append(
            Event.of(
                "score",
                cause=item.cause,
                seat=item.seat,
                side=side,
                **item.details,
                raw=item.raw,
                display=self.ruleset.display(item.raw),
                result=DISCARDED if discard else APPLIED,
            )
        )
        if discard:
            return
        self.scores[side] = new
        check = self.ruleset.target_check
        if (check == "exact-every-event" and new == target) or (
            check == "immediate" and new >= target
        ):
            self._win(side)

    def _check_target(self) -> None:
        """After settlement: the unique highest side at or over the target wins."""
        reached = [s for s, score in enumerate(self.scores) if score >= self.setup.target]
        if not reached:
            return
        top = max(self.scores[s] for s in reached)
        tied = [s for s in reached if self.scores[s] == top]
        if len(tied) == 1:
            self._win(tied[0])
        elif self.ruleset.tie_at_target == "play-on":
            self.events.append(
                Event.of("tie", sides=tuple(tied), raw=top, display=self.ruleset.display(top))
            )
        else:
            raise RulesetError(f"{self.ruleset.name}: a tie at the target and no rule for it")

    def _win(self, side: int) -> None:
        self.winner = side
        self._end_rule = END_RULES[self.ruleset.target_check]
        self.events.append(Event.of("win", side=side, scores=tuple(self.scores)))

    def _deal_if_seeded(self) -> None:
        if self._rng is not None and self.needs_deal:
            self.deal(random_deal(self.ruleset, self.setup, self._rng, self._went_out))
