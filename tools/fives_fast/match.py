"""A match over :class:`~fives_fast.hand.FastHand`: scores by side, settlement at the end
of each hand, the end of the match, as :class:`fives_engine.MatchState` plays them.

Settlement is the reference engine's own (:mod:`fives_engine.settlement`), called once a
hand ends; the target checks are the match's few lines, mirrored. Match events are kept
as small tuples beside the hand's, and become :class:`~fives_engine.Event` values only in
:meth:`FastMatch.events`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from fives_engine import Event, Ruleset, RulesetError, Setup
from fives_engine.events import APPLIED, DISCARDED
from fives_engine.layout import EVERY_DOUBLE
from fives_engine.settlement import Item, settlement_for
from fives_fast.deal import deal_ids
from fives_fast.hand import FastHand, LogEntry, event_of

# kinds of match entries in the log, after the hand's (fives_fast.hand)
_SCORE, _HAND, _TIE, _WIN = range(5, 9)


class FastMatch:
    def __init__(
        self,
        ruleset: Ruleset,
        setup: Setup,
        scores: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """A match at ``scores`` (raw, by side; zero by default); with ``rng`` it deals
        itself, the same deals as a :class:`fives_engine.MatchState` with that generator; a
        setup checked for another game is refused as the reference engine refuses it."""
        setup.check_for(ruleset)
        self.ruleset = ruleset
        self.setup = setup
        self.scores = [0] * setup.sides if scores is None else list(scores)
        self.hand: FastHand | None = None
        self.hand_count = 0
        self.winner: int | None = None
        self.log: list[tuple[object, ...]] = []
        self._every_double = ruleset.spinners == EVERY_DOUBLE
        self._size = setup.deal_size(ruleset)
        self._settlement = settlement_for(ruleset.settlement)
        self._check = ruleset.target_check
        self._discard = ruleset.overshoot == "discard-event"
        self._went_out: int | None = None
        self._rng = rng
        self._deal_if_seeded()

    # -- facts ---------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    @property
    def needs_deal(self) -> bool:
        return self.winner is None and (self.hand is None or self.hand.is_terminal)

    @property
    def next_leader(self) -> int | None:
        """The seat that leads the next hand when the rules name it (it went out)."""
        return self._went_out

    @property
    def current_player(self) -> int | None:
        if self.needs_deal or self.winner is not None or self.hand is None:
            return None
        return self.hand.current_player

    def legal_actions(self) -> list[int]:
        if self.needs_deal or self.winner is not None or self.hand is None:
            return []
        return self.hand.legal_actions()

    def copy(self) -> FastMatch:
        """An independent copy (the hand copied; rulesets and setup shared): what a
        game-tree search branches from; a seeded copy deals what the original would."""
        other = FastMatch.__new__(FastMatch)
        other.__dict__.update(self.__dict__)
        other.scores = list(self.scores)
        other.log = list(self.log)
        other.hand = None if self.hand is None else self.hand.copy()
        if self._rng is not None:
            other._rng = random.Random()
            other._rng.setstate(self._rng.getstate())
        return other

    # -- moves ---------------------------------------------------------------------------
    def deal(self, hands: list[list[int]], boneyard: list[int], leader: int) -> None:
        """Start the next hand (tile ids; the caller checks the deal and the leader)."""
        self.hand = FastHand(self._every_double, hands, boneyard, leader)
        self.hand_count += 1
        self.log.append((_HAND, self.hand_count, leader))

    def apply_action(self, action: int) -> None:
        hand = self.hand
        if self.needs_deal or self.winner is not None or hand is None:
            raise ValueError(f"action {action}: no hand is being played")
        before = len(hand.log)
        hand.apply_action(action)
        merges = self._settlement.merges_last_play
        for entry in hand.log[before:]:
            self.log.append(entry)
            if entry[0] == 0:  # a play
                raw = Ruleset.play_raw(entry[3])
                if raw and not (merges and hand.went_out >= 0):
                    self._score_item(Item(entry[1], raw, "play"))
            if self.winner is not None:
                return  # the win is the last event of the match
        if hand.is_terminal:
            went_out = hand.went_out if hand.went_out >= 0 else None
            last_play = Ruleset.play_raw(hand.total) if merges and went_out is not None else 0
            self._settle(hand, went_out, last_play)
            self._deal_if_seeded()

    def _settle(self, hand: FastHand, went_out: int | None, last_play: int) -> None:
        method, hands = self._settlement, hand.hands()
        if went_out is None:
            items = method.block(self.setup, hands, hand.leader)
        else:
            items = method.going_out(self.setup, hands, went_out, last_play)
        for item in items:
            if self.winner is not None:
                break
            self._score_item(item)
        if self.winner is None and self._check == "after-settlement":
            self._check_target()
        self._went_out = went_out

    def _score_item(self, item: Item) -> None:
        side = self.setup.side_of(item.seat)
        new = self.scores[side] + item.raw
        discard = self._discard and new > self.setup.target
        self.log.append((_SCORE, item, side, discard))
        if discard:
            return
        self.scores[side] = new
        target = self.setup.target
        if (self._check == "exact-every-event" and new == target) or (
            self._check == "immediate" and new >= target
        ):
            self._win(side)

    def _check_target(self) -> None:
        target = self.setup.target
        reached = [s for s, score in enumerate(self.scores) if score >= target]
        if not reached:
            return
        top = max(self.scores[s] for s in reached)
        tied = [s for s in reached if self.scores[s] == top]
        if len(tied) == 1:
            self._win(tied[0])
        elif self.ruleset.tie_at_target == "play-on":
            self.log.append((_TIE, tuple(tied), top))
        else:
            raise RulesetError(f"{self.ruleset.name}: a tie at the target and no rule for it")

    def _win(self, side: int) -> None:
        self.winner = side
        self.log.append((_WIN, side, tuple(self.scores)))

    def _deal_if_seeded(self) -> None:
        if self._rng is not None and self.needs_deal:
            self.deal(*deal_ids(self.setup.players, self._size, self._rng, self._went_out))

    # -- the log, on demand --------------------------------------------------------------
    def events(self, start: int = 0, stop: int | None = None) -> list[Event]:
        """The reference engine's events of the log's entries ``start`` to ``stop``."""
        return [self._event(entry) for entry in self.log[start:stop]]

    def _event(self, entry: tuple[object, ...]) -> Event:
        kind = entry[0]
        display = self.ruleset.display
        if kind == _SCORE:
            item, side, discard = entry[1], entry[2], entry[3]
            assert isinstance(item, Item) and isinstance(side, int)
            return Event.of(
                "score",
                cause=item.cause,
                seat=item.seat,
                side=side,
                **item.details,
                raw=item.raw,
                display=display(item.raw),
                result=DISCARDED if discard else APPLIED,
            )
        if kind == _HAND:
            return Event.of("hand", number=entry[1], leader=entry[2])
        if kind == _TIE:
            top = entry[2]
            assert isinstance(top, int)
            return Event.of("tie", sides=entry[1], raw=top, display=display(top))
        if kind == _WIN:
            return Event.of("win", side=entry[1], scores=entry[2])
        return event_of(cast(LogEntry, entry))
