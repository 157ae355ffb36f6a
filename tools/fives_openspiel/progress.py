"""A match as a sequence of integer actions: chance outcomes and players' actions driving
one :class:`~fives_fast.FastMatch` (the fast path: the reference engine's games over tile
and action ids, checked step by step against it). It knows no OpenSpiel, so it is tested
and typed on its own; :mod:`fives_openspiel.game` wraps it.

Chance acts where the engine would shuffle:

* the neutral draw for the lead (the first hand, and after a block): each drawing seat in
  turn draws one tile of the whole set (the tiles drawn in this round excluded); seats
  tied on top draw again (:func:`fives_engine.deal.on_top`);
* the deal: tiles one at a time, seat 0's whole hand first; the rest is the boneyard;
* each draw from the boneyard: the player's ``draw`` is a decision (their only legal
  action), the tile drawn is chance (put on top of the boneyard, the rest keeping their
  order, as :meth:`fives_engine.HandState.put_on_top` does).

Everything else is the engine's: who acts, what is legal, scores, settlement, the end.
Tiles are ids (:mod:`fives_openspiel.encoding`). What chance and the players may do now is
worked out once per action (:attr:`Progress.chance`, :attr:`Progress.current_player`), and
the log is kept as small records, made into text only when read (:attr:`Progress.log`).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import Any

from fives_engine import DOUBLE_SIX, Tile
from fives_engine.deal import on_top
from fives_fast import FastMatch
from fives_fast.tables import DRAW, JOIN, NUM_TILES, PASS, action_to_string
from fives_openspiel.table import Table

#: One line of the match's log and who sees it: None for everyone, else one seat.
LogLine = tuple[int | None, str]
#: One record of the log: who sees it, what it is (a :class:`Chance` or a kind below), two ints.
Record = tuple[int | None, Any, int, int]
_ACT, _HAND, _EVENTS = "act", "hand", "events"
_TILES = range(NUM_TILES)


class Chance(enum.Enum):
    """What chance decides, with the text of an outcome."""

    LEAD_DRAW = "seat {seat} draws {tile} for the lead"
    DEAL = "seat {seat} is dealt {tile}"
    BONEYARD = "seat {seat} draws {tile}"

    def text(self, seat: int, tile: Tile) -> str:
        return self.value.format(seat=seat, tile=tile)


class Progress:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.match = FastMatch(table.ruleset, table.setup)
        self.history: list[int] = []
        self.seen_by: list[int | None] = []  # per history entry: the one seat it is shown to
        self.origin: Progress | None = None  # this progress as the current hand's deal began
        self.records: list[Record] = []
        self.rounds: list[list[int | None]] = []  # the neutral draw of the coming hand
        self.to_draw: list[int] = []  # the seats still to draw in its last round
        self.dealt: list[list[int]] = [[] for _ in range(table.players)]
        self.drawing = False  # a player chose `draw`: chance picks the tile
        self.played: list[set[int]] = [set() for _ in range(table.players)]
        self.lacks: list[set[int]] = [set() for _ in range(table.players)]
        self._size = table.setup.deal_size(table.ruleset)
        self._dealt = 0  # tiles dealt so far for the coming hand, as a bit mask
        self._tiles: list[int] | None = None  # the chance outcomes now, once worked out
        self._hands_at_most = table.hands_at_most
        #: What chance decides now (None at a player's turn and at the end), the seat to
        #: act (None at chance nodes and at the end), the end: kept by :meth:`_update`.
        self.chance: Chance | None = Chance.LEAD_DRAW
        self.current_player: int | None = None
        self.is_terminal = False

    def copy(self) -> Progress:
        other = Progress.__new__(Progress)
        other.__dict__.update(self.__dict__)
        other.match = self.match.copy()
        other.history = list(self.history)
        other.seen_by = list(self.seen_by)
        other.records = list(self.records)
        other.rounds = [list(r) for r in self.rounds]
        other.to_draw = list(self.to_draw)
        other.dealt = [list(h) for h in self.dealt]
        other.played = [set(s) for s in self.played]
        other.lacks = [set(s) for s in self.lacks]
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Progress:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its table and history, and rebuilt by replaying them."""
        return (replay, (self.table, tuple(self.history)))

    # -- facts ---------------------------------------------------------------------------
    def _update(self) -> None:
        self._tiles = None
        match = self.match
        hand = match.hand
        self.current_player = None
        self.chance = None
        if match.winner is not None or (
            hand is not None and hand.is_terminal and match.hand_count >= self._hands_at_most
        ):
            self.is_terminal = True
        elif self.drawing:
            self.chance = Chance.BONEYARD
        elif hand is None or hand.is_terminal:
            draw_due = match.next_leader is None and (not self.rounds or bool(self.to_draw))
            self.chance = Chance.LEAD_DRAW if draw_due else Chance.DEAL
        else:
            self.current_player = hand.current

    @property
    def log(self) -> list[LogLine]:
        """The match's log: draws for the lead, deals, actions, the match's own events."""
        lines: list[LogLine] = []
        for who, what, a, b in self.records:
            if isinstance(what, Chance):
                lines.append((who, what.text(a, DOUBLE_SIX[b])))
            elif what == _ACT:
                lines.append((None, f"seat {a}: {action_to_string(b)}"))
            elif what == _HAND:
                lines.append((None, f"hand {a}: seat {b} leads"))
            else:
                lines += [(None, _event_line(e)) for e in self.match.events(a, b) if not e.is_turn]
        return lines

    def legal_actions(self) -> list[int]:
        hand = self.match.hand
        if self.current_player is None or hand is None:
            return []
        return hand.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        tiles = self._chance_tiles()
        chance = 1.0 / len(tiles) if tiles else 0.0
        return [(t, chance) for t in tiles]

    def _chance_tiles(self) -> list[int]:
        tiles = self._tiles
        if tiles is None:
            tiles = self._tiles = self._work_out_chance_tiles()
        return tiles

    def _work_out_chance_tiles(self) -> list[int]:
        kind = self.chance
        if kind is Chance.BONEYARD:
            hand = self.match.hand
            assert hand is not None
            return sorted(hand.boneyard[hand.next :])
        if kind is Chance.DEAL:
            dealt = self._dealt
            return [t for t in _TILES if not dealt >> t & 1]
        if kind is Chance.LEAD_DRAW:
            drawn = self.rounds[-1] if self.rounds else []
            return [t for t in _TILES if t not in drawn]
        return []

    def chance_seat(self) -> int:
        """The seat a chance outcome goes to now."""
        kind = self.chance
        if kind is Chance.LEAD_DRAW:
            return self.to_draw[0] if self.rounds else 0
        if kind is Chance.DEAL:
            return self._dealt.bit_count() // self._size  # seat 0's whole hand first
        seat = self.match.current_player
        assert seat is not None
        return seat

    def action_text(self, action: int) -> str:
        """A player's action in the canonical notation; a chance outcome in words."""
        kind = self.chance
        if kind is None:
            return action_to_string(action)
        return kind.text(self.chance_seat(), DOUBLE_SIX[action])

    # -- moves ---------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply a chance outcome or the current player's action (``ValueError`` if illegal)."""
        kind = self.chance
        private = None
        if kind is None:
            if self.current_player is None:
                raise ValueError(f"action {action}: the game is over")
            self._act(action)
        else:
            legal = self._chance_tiles()
            if action not in legal:
                raise ValueError(f"action {action} is not legal here; legal: {legal}")
            if kind is Chance.LEAD_DRAW:
                self._lead_draw(action)
            else:
                private = self.chance_seat()
                if kind is Chance.DEAL:
                    self._deal(private, action)
                else:
                    self._boneyard_draw(private, action)
        self.history.append(action)
        self.seen_by.append(private)
        self._update()

    def _lead_draw(self, tile: int) -> None:
        if not self.rounds:
            self._new_round(list(range(self.table.players)))
        seat = self.to_draw.pop(0)
        self.rounds[-1][seat] = tile
        self.records.append((None, Chance.LEAD_DRAW, seat, tile))
        if not self.to_draw:
            top = on_top(_tiles(self.rounds[-1]))
            if len(top) > 1:
                self._new_round(top)

    def _new_round(self, seats: list[int]) -> None:
        self.rounds.append([None] * self.table.players)
        self.to_draw = seats

    def _deal(self, seat: int, tile: int) -> None:
        if not self._dealt:
            self.origin = self.copy()
            self.origin.origin = None
        self.dealt[seat].append(tile)
        self._dealt |= 1 << tile
        self.records.append((seat, Chance.DEAL, seat, tile))
        dealt = self._dealt
        if dealt.bit_count() < self._size * self.table.players:
            return
        self._dealt = 0
        leader = self.match.next_leader
        if leader is None:
            leader = on_top(_tiles(self.rounds[-1]))[0]
        self.match.deal(self.dealt, [t for t in _TILES if not dealt >> t & 1], leader)
        self.records.append((None, _HAND, self.match.hand_count, leader))
        self.rounds = []
        self.dealt = [[] for _ in range(self.table.players)]
        self.played = [set() for _ in range(self.table.players)]
        self.lacks = [set() for _ in range(self.table.players)]

    def _boneyard_draw(self, seat: int, tile: int) -> None:
        hand = self.match.hand
        assert hand is not None
        drawn = hand.next
        rest = hand.boneyard[drawn:]
        rest.remove(tile)
        hand.boneyard = [*hand.boneyard[:drawn], tile, *rest]  # replaced: copies share it
        self.drawing = False
        self.records.append((seat, Chance.BONEYARD, seat, tile))
        self._apply_to_match(DRAW)

    def _act(self, action: int) -> None:
        hand = self.match.hand
        seat = self.current_player
        assert hand is not None and seat is not None
        if action in (DRAW, PASS):
            if not hand.is_legal(action):
                raise ValueError(
                    f"action {action} is not legal here; legal: {hand.legal_actions()}"
                )
            self.lacks[seat].update(pips for _, pips in hand.moves)
            self.records.append((None, _ACT, seat, action))
            if action == DRAW:
                self.drawing = True
                return
            self._apply_to_match(action)
            return
        self._apply_to_match(action, seat)  # checks the play first
        self.played[seat].add(JOIN[action][0])  # type: ignore[index]

    def _apply_to_match(self, action: int, seat: int | None = None) -> None:
        """Apply ``action`` to the match; log it (a play only once known legal: ``seat``)
        and the match's own events it caused (scores, the end of a hand, a win)."""
        match = self.match
        start = len(match.log)
        match.apply_action(action)
        if seat is not None:
            self.records.append((None, _ACT, seat, action))
        if len(match.log) - start > 1:  # more than the turn itself
            self.records.append((None, _EVENTS, start, len(match.log)))

    # -- the end -------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Per seat: see the ``per_hand`` parameter in :mod:`fives_openspiel.table`."""
        setup = self.table.setup
        seats = range(self.table.players)
        if not self.is_terminal:
            return [0.0] * self.table.players
        if self.table.per_hand:
            gains = self.match.scores  # the first hand is played from zero
            others = setup.sides - 1
            total = sum(gains)
            return [
                float(gains[setup.side_of(s)] - (total - gains[setup.side_of(s)]) / others)
                for s in seats
            ]
        winner = self.match.winner
        if winner is None:
            return [0.0] * self.table.players  # max_hands reached
        won = setup.seats_of(winner)
        share = len(won) / (self.table.players - len(won))
        return [1.0 if s in won else -share for s in seats]


def _tiles(round_: Sequence[int | None]) -> tuple[Tile | None, ...]:
    return tuple(None if t is None else DOUBLE_SIX[t] for t in round_)


def _event_line(event: Any) -> str:
    fields = " ".join(f"{k}={v}" for k, v in event.to_json().items() if k != "event")
    return f"{event.kind} {fields}".rstrip()


def resample(progress: Progress, player: int, rng: random.Random, tries: int = 10_000) -> Progress:
    """A progress ``player`` cannot tell from ``progress``, drawn uniformly among them.

    The tiles hidden from ``player`` (the other hands and the boneyard of the hand being
    played) are dealt and drawn anew; a world where an action so far turns illegal is
    rejected (a draw or a pass shows that the player could not play). Earlier hands stay
    as they were. ``RuntimeError`` when ``tries`` worlds were all rejected; ``ValueError``
    for a ``player`` who has no seat at the table (seat 7 hid every hand from nobody).
    """
    seats = progress.table.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
        raise ValueError(
            f"player {player!r} has no seat at a {seats}-player table (0 to {seats - 1})"
        )
    origin = progress.origin
    hand = progress.match.hand
    if origin is None or hand is None or progress.match.needs_deal:
        return progress.copy()  # no hand in play: nothing is hidden that matters
    start = len(origin.history)
    hidden = [t for s in range(progress.table.players) if s != player for t in hand.hand(s)]
    hidden += hand.boneyard[hand.next :]
    for _ in range(tries):
        shuffled = rng.sample(hidden, len(hidden))
        swap = dict(zip(hidden, shuffled, strict=True))
        world = origin.copy()
        try:
            for action, seen in zip(
                progress.history[start:], progress.seen_by[start:], strict=True
            ):
                if seen is not None and seen != player and action in swap:
                    action = swap[action]
                world.apply(action)
        except ValueError:
            continue  # an action of this world is illegal: not a world the player could be in
        return world
    raise RuntimeError(f"no consistent world for seat {player} in {tries} tries")


def replay(table: Table, history: Sequence[int]) -> Progress:
    progress = Progress(table)
    for action in history:
        progress.apply(action)
    return progress
