"""A match as a sequence of integer actions: chance outcomes and players' actions driving
one :class:`~fives_engine.MatchState`. It knows no OpenSpiel, so it is tested and typed on
its own; :mod:`fives_openspiel.game` wraps it.

Chance acts where the engine would shuffle:

* the neutral draw for the lead (the first hand, and after a block): each drawing seat in
  turn draws one tile of the whole set (the tiles drawn in this round excluded); seats
  tied on top draw again (:func:`fives_engine.deal.on_top`);
* the deal: tiles one at a time, seat 0's whole hand first; the rest is the boneyard;
* each draw from the boneyard: the player's ``draw`` is a decision (their only legal
  action), the tile drawn is chance (:meth:`fives_engine.HandState.put_on_top`).

Everything else is the engine's: who acts, what is legal, scores, settlement, the end.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import Any

from fives_engine import DOUBLE_SIX, DRAW, Deal, Draw, MatchState, Pass, Play, Tile
from fives_engine.deal import DrawRound, on_top
from fives_openspiel.encoding import action_id, action_of, tile_id, tile_of
from fives_openspiel.table import Table

#: One line of the match's log and who sees it: None for everyone, else one seat.
LogLine = tuple[int | None, str]


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
        self.match = MatchState(table.ruleset, table.setup)
        self.history: list[int] = []
        self.seen_by: list[int | None] = []  # per history entry: the one seat it is shown to
        self.origin: Progress | None = None  # this progress as the current hand's deal began
        self.log: list[LogLine] = []
        self.rounds: list[list[Tile | None]] = []  # the neutral draw of the coming hand
        self.to_draw: list[int] = []  # the seats still to draw in its last round
        self.dealt: list[list[Tile]] = [[] for _ in range(table.players)]
        self.drawing = False  # a player chose `draw`: chance picks the tile
        self.played: list[set[Tile]] = [set() for _ in range(table.players)]
        self.lacks: list[set[int]] = [set() for _ in range(table.players)]

    def copy(self) -> Progress:
        other = Progress.__new__(Progress)
        other.__dict__.update(self.__dict__)
        other.match = self.match.copy()
        other.history = list(self.history)
        other.seen_by = list(self.seen_by)
        other.log = list(self.log)
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
    @property
    def is_terminal(self) -> bool:
        match = self.match
        if match.is_terminal:
            return True
        return (
            match.hand is not None
            and match.hand.is_terminal
            and (len(match.hands) >= self.table.hands_at_most)
        )

    @property
    def chance(self) -> Chance | None:
        """What chance decides now, or None at a player's turn and at the end."""
        if self.is_terminal:
            return None
        if self.drawing:
            return Chance.BONEYARD
        if not self.match.needs_deal:
            return None
        draw_due = self.match.next_leader is None and (not self.rounds or bool(self.to_draw))
        return Chance.LEAD_DRAW if draw_due else Chance.DEAL

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None at chance nodes and at the end."""
        if self.is_terminal or self.chance is not None:
            return None
        return self.match.current_player

    def legal_actions(self) -> list[int]:
        return sorted(action_id(a) for a in self.match.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        tiles = self._chance_tiles()
        return [(tile_id(t), 1.0 / len(tiles)) for t in tiles]

    def _chance_tiles(self) -> list[Tile]:
        kind = self.chance
        if kind is Chance.BONEYARD:
            hand = self.match.hand
            assert hand is not None
            return sorted(hand.boneyard)
        if kind is Chance.DEAL:
            dealt = {t for h in self.dealt for t in h}
            return [t for t in DOUBLE_SIX if t not in dealt]
        if kind is Chance.LEAD_DRAW:
            drawn = self.rounds[-1] if self.rounds else []
            return [t for t in DOUBLE_SIX if t not in drawn]
        return []

    def chance_seat(self) -> int:
        """The seat a chance outcome goes to now."""
        kind = self.chance
        if kind is Chance.LEAD_DRAW:
            return self.to_draw[0] if self.rounds else 0
        if kind is Chance.DEAL:
            size = self.table.setup.deal_size(self.table.ruleset)
            return next(s for s, h in enumerate(self.dealt) if len(h) < size)
        seat = self.match.current_player
        assert seat is not None
        return seat

    def action_text(self, action: int) -> str:
        """A player's action in the canonical notation; a chance outcome in words."""
        kind = self.chance
        if kind is None:
            return str(action_of(action))
        return kind.text(self.chance_seat(), tile_of(action))

    # -- moves ---------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply a chance outcome or the current player's action (``ValueError`` if illegal)."""
        kind = self.chance
        if kind is None and self.current_player is None:
            raise ValueError(f"action {action}: the game is over")
        legal = [a for a, _ in self.chance_outcomes()] if kind is not None else self.legal_actions()
        if action not in legal:
            raise ValueError(f"action {action} is not legal here; legal: {legal}")
        private = self.chance_seat() if kind in (Chance.DEAL, Chance.BONEYARD) else None
        if kind is Chance.LEAD_DRAW:
            self._lead_draw(tile_of(action))
        elif kind is Chance.DEAL:
            if not any(self.dealt):
                self.origin = self.copy()
                self.origin.origin = None
            self._deal(tile_of(action))
        elif kind is Chance.BONEYARD:
            self._boneyard_draw(tile_of(action))
        else:
            self._act(action)
        self.history.append(action)
        self.seen_by.append(private)

    def _lead_draw(self, tile: Tile) -> None:
        if not self.rounds:
            self._new_round(list(range(self.table.players)))
        seat = self.to_draw.pop(0)
        self.rounds[-1][seat] = tile
        self.log.append((None, Chance.LEAD_DRAW.text(seat, tile)))
        if not self.to_draw:
            top = on_top(tuple(self.rounds[-1]))
            if len(top) > 1:
                self._new_round(top)

    def _new_round(self, seats: list[int]) -> None:
        self.rounds.append([None] * self.table.players)
        self.to_draw = seats

    def _deal(self, tile: Tile) -> None:
        seat = self.chance_seat()
        self.dealt[seat].append(tile)
        self.log.append((seat, Chance.DEAL.text(seat, tile)))
        size = self.table.setup.deal_size(self.table.ruleset)
        if any(len(h) < size for h in self.dealt):
            return
        dealt = {t for h in self.dealt for t in h}
        draws: Sequence[DrawRound] = [tuple(r) for r in self.rounds]
        self.match.deal(Deal.of(self.dealt, [t for t in DOUBLE_SIX if t not in dealt], None, draws))
        hand = self.match.hand
        assert hand is not None
        self.log.append((None, f"hand {len(self.match.hands)}: seat {hand.leader} leads"))
        self.rounds = []
        self.dealt = [[] for _ in range(self.table.players)]
        self.played = [set() for _ in range(self.table.players)]
        self.lacks = [set() for _ in range(self.table.players)]

    def _boneyard_draw(self, tile: Tile) -> None:
        hand = self.match.hand
        assert hand is not None
        seat = hand.current_player
        assert seat is not None
        hand.put_on_top(tile)
        self.drawing = False
        self.log.append((seat, Chance.BONEYARD.text(seat, tile)))
        self._log_events(self.match.apply_action(DRAW))

    def _act(self, action: int) -> None:
        hand = self.match.hand
        seat = self.match.current_player
        assert hand is not None and seat is not None
        move = action_of(action)
        self.log.append((None, f"seat {seat}: {move}"))
        if isinstance(move, Draw | Pass):
            self.lacks[seat].update(p.value for p in hand.layout.attach_points())
        if isinstance(move, Draw):
            self.drawing = True
            return
        if isinstance(move, Play):
            self.played[seat].add(move.tile)
        self._log_events(self.match.apply_action(move))

    def _log_events(self, events: Sequence[Any]) -> None:
        """The match's own events after a move (scores, the end of a hand, a win)."""
        for event in events:
            if not event.is_turn:
                fields = " ".join(f"{k}={v}" for k, v in event.to_json().items() if k != "event")
                self.log.append((None, f"{event.kind} {fields}".rstrip()))

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


def resample(progress: Progress, player: int, rng: random.Random, tries: int = 10_000) -> Progress:
    """A progress ``player`` cannot tell from ``progress``, drawn uniformly among them.

    The tiles hidden from ``player`` (the other hands and the boneyard of the hand being
    played) are dealt and drawn anew; a world where an action so far turns illegal is
    rejected (a draw or a pass shows that the player could not play). Earlier hands stay
    as they were. ``RuntimeError`` when ``tries`` worlds were all rejected.
    """
    origin = progress.origin
    hand = progress.match.hand
    if origin is None or hand is None or progress.match.needs_deal:
        return progress.copy()  # no hand in play: nothing is hidden that matters
    start = len(origin.history)
    hidden = [t for s in range(progress.table.players) if s != player for t in hand.hand(s)]
    hidden += hand.boneyard
    for _ in range(tries):
        shuffled = rng.sample(hidden, len(hidden))
        swap = dict(zip(hidden, shuffled, strict=True))
        world = origin.copy()
        try:
            for action, seen in zip(
                progress.history[start:], progress.seen_by[start:], strict=True
            ):
                if seen is not None and seen != player and tile_of(action) in swap:
                    action = tile_id(swap[tile_of(action)])
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
