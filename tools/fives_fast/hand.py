"""One hand, integer-coded: the turn rules of :class:`fives_engine.HandState` over tile
ids, bit masks and the precomputed tile states of :mod:`fives_fast.tables`.

Where the reference keeps objects, this keeps ints: a hand is a bit mask of tile ids,
the layout is the state of each tile on it (``-1`` off it), the places a tile may go are
a list of (attach point, pips) and the tiles that fit them one mask, so "can anyone
play?" is one ``&`` per hand. The event log is a list of small tuples, turned into the
reference's :class:`~fives_engine.Event` values only by :meth:`FastHand.events`.
"""

from __future__ import annotations

import bisect

from fives_engine import DOUBLE_SIX, Event, Ruleset, Tile, find_game
from fives_engine.layout import EVERY_DOUBLE
from fives_engine.position import Position
from fives_fast.tables import (
    DRAW,
    FITS,
    HIGH,
    IS_DOUBLE,
    JOIN,
    LEAD,
    LOW,
    MOVES,
    NUM_TILES,
    PASS,
    PLAY_BASE,
    SPINNER,
    TILE_ID,
    VALUE,
    action_id,
    action_to_string,
    side_a_of,
)

_NONE: list[int] = []  # no action listed yet (never changed)
# kinds of the compact log
_PLAY, _DRAW, _PASS, _OUT, _BLOCK = range(5)
LogEntry = tuple[int, ...]


def _check_deal(hands: list[list[int]], boneyard: list[int], leader: int) -> None:
    """ValueError unless every id dealt is a tile of the set, dealt once, and ``leader`` a
    seat: a mask of ``1 << 99`` or a tile held twice was a hand no game can be, silently."""
    dealt = [t for hand in hands for t in hand] + list(boneyard)
    for t in dealt:
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < NUM_TILES:
            raise ValueError(f"tile id {t!r} is not a tile of the set (0 to {NUM_TILES - 1})")
    if len(set(dealt)) != len(dealt):
        twice = next(t for t in dealt if dealt.count(t) > 1)
        raise ValueError(f"tile {DOUBLE_SIX[twice]} (id {twice}) is dealt twice")
    if not 0 <= leader < len(hands):
        raise ValueError(f"leader {leader} is not a seat of {len(hands)}")


def _mask(tiles: list[int]) -> int:
    mask = 0
    for t in tiles:
        mask |= 1 << t
    return mask


class FastHand:
    __slots__ = (
        "_legal",
        "any_double",
        "blocked",
        "boneyard",
        "current",
        "drawn",
        "every_double",
        "fits",
        "leader",
        "log",
        "masks",
        "moves",
        "next",
        "open",
        "players",
        "state",
        "total",
        "went_out",
    )

    def __init__(
        self, every_double: bool, hands: list[list[int]], boneyard: list[int], leader: int
    ) -> None:
        """A hand dealt as ``hands`` (tile ids per seat), ``boneyard`` (ids in draw order)
        and led by ``leader``; ``every_double``: every double is a spinner (Five Up, Exact
        61), else only the first double played (All Fives)."""
        _check_deal(hands, boneyard, leader)
        self.every_double = every_double
        self.players = len(hands)
        self.masks = [_mask(hand) for hand in hands]
        self.boneyard = boneyard
        self.next = 0  # index of the next tile to draw
        self.leader = leader
        self.current = leader
        self.drawn = -1  # a playable tile just drawn: it must be played now
        self.went_out = -1
        self.blocked = False
        self.state = [-1] * NUM_TILES  # per tile: its state on the layout, -1 off it
        self.open: list[int] = []  # states of the tiles with an open place, by tile
        self.moves: list[tuple[int, int]] = []  # (attach point, pips) in canonical order
        self.fits = 0  # the tiles that match a move
        self.total = 0
        self.any_double = False
        self.log: list[LogEntry] = []
        self._legal = _NONE

    @classmethod
    def of(
        cls, ruleset: Ruleset, hands: list[list[Tile]], boneyard: list[Tile], leader: int
    ) -> FastHand:
        """The hand of the reference engine's tiles."""
        return cls(
            ruleset.spinners == EVERY_DOUBLE,
            [[TILE_ID[t] for t in hand] for hand in hands],
            [TILE_ID[t] for t in boneyard],
            leader,
        )

    @classmethod
    def at(cls, position: Position) -> FastHand:
        """The hand at a perft position: its layout played again by the seat to move,
        holding those tiles for the purpose, then the position's own turn and drawn tile.
        Any seat with an empty hand has gone out, whoever is to move (spec/notation.md,
        "Position"); the first such seat is the one that went out, as in the reference."""
        hands = [[TILE_ID[t] for t in hand] for hand in position.hands]
        hands[position.to_move] += [TILE_ID[p.tile] for p in position.plays]
        every_double = find_game(position.game).spinners == EVERY_DOUBLE
        hand = cls(every_double, hands, [TILE_ID[t] for t in position.boneyard], 0)
        for play in position.plays:
            hand.current = position.to_move
            hand.apply_action(action_id(play))
        hand.current = position.to_move
        hand.drawn = -1 if position.drawn is None else TILE_ID[position.drawn]
        hand.went_out = next((seat for seat, mask in enumerate(hand.masks) if not mask), -1)
        hand.blocked = hand.blocked and hand.went_out < 0
        hand.log.clear()
        return hand

    def copy(self) -> FastHand:
        other = FastHand.__new__(FastHand)
        for name in FastHand.__slots__:
            setattr(other, name, getattr(self, name))
        other.masks = list(self.masks)
        other.state = list(self.state)
        other.open = list(self.open)
        other.log = list(self.log)
        return other  # moves, boneyard and _legal are replaced, never changed

    # -- facts ---------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.went_out >= 0 or self.blocked

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self.current

    def hand(self, seat: int) -> list[int]:
        """The tile ids ``seat`` holds, ascending."""
        mask = self.masks[seat]
        return [t for t in range(NUM_TILES) if mask >> t & 1]

    def hands(self) -> list[list[Tile]]:
        """Every seat's tiles, as the reference engine's tiles."""
        return [[DOUBLE_SIX[t] for t in self.hand(seat)] for seat in range(self.players)]

    def plays(self) -> list[int]:
        """The action ids played so far, in play order (the layout, as built)."""
        return [entry[2] for entry in self.log if entry[0] == _PLAY]

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now (the list of legal actions kept, if made)."""
        return action in self._legal or action in self.legal_actions()

    def legal_actions(self) -> list[int]:
        """The current player's legal action ids, ascending (the canonical order)."""
        if self.went_out >= 0 or self.blocked:
            legal: list[int] = []
        elif not self.open:  # the lead: any tile held
            legal = [LEAD + t for t in self.hand(self.current)]
        else:
            drawn = self.drawn
            legal = self._plays(1 << drawn if drawn >= 0 else self.masks[self.current])
            if not legal and drawn < 0:
                legal = [DRAW] if self.next < len(self.boneyard) else [PASS]
        self._legal = legal
        return legal

    def plays_of(self, tiles: int) -> list[int]:
        """The legal plays (leads on the empty layout) of the tiles of the mask ``tiles``
        that are off the layout, whoever holds them: ``Layout.legal_plays``, as ids."""
        off = _mask([t for t in range(NUM_TILES) if self.state[t] < 0]) & tiles
        if not self.open:
            return [LEAD + t for t in range(NUM_TILES) if off >> t & 1]
        return self._plays(off)

    def _plays(self, tiles: int) -> list[int]:
        """The plays of ``tiles`` (off the layout, which is not empty), ascending."""
        candidates = tiles & self.fits
        legal = []
        moves = self.moves
        while candidates:
            low_bit = candidates & -candidates
            candidates ^= low_bit
            t = low_bit.bit_length() - 1
            lo, hi, base = LOW[t], HIGH[t], PLAY_BASE[t]
            for point, pips in moves:
                if pips in (lo, hi):
                    legal.append(base + point)
        return legal

    # -- moves ---------------------------------------------------------------------------
    def apply_action(self, action: int) -> None:
        """Apply the current player's action (``ValueError`` naming it if it is illegal); a
        play naming side B of a mirror pair while side A is open is the move on side A."""
        if not self.is_legal(action) and self.is_legal(side_a_of(action)):
            action = side_a_of(action)
        if not self.is_legal(action):
            raise ValueError(
                f"action {action} ({action_to_string(action)}) is not legal here;"
                f" legal: {self._legal}"
            )
        self._legal = _NONE
        seat = self.current
        if action >= LEAD:
            self._play(seat, action)
        elif action == DRAW:
            tile = self.boneyard[self.next]
            self.next += 1
            self.masks[seat] |= 1 << tile
            self.log.append((_DRAW, seat, tile))
            if self.fits >> tile & 1 or not self.open:
                self.drawn = tile
        else:
            self.log.append((_PASS, seat))
            self.current = (seat + 1) % self.players
        if self.next == len(self.boneyard) and self.went_out < 0 and not self.blocked:
            fits = self.fits if self.open else -1
            for mask in self.masks:
                if mask & fits:
                    break
            else:  # nobody can play and nobody can draw
                self.blocked = True
                self.log.append((_BLOCK,))

    def _play(self, seat: int, action: int) -> None:
        join = JOIN[action]
        assert join is not None
        tile, anchor, place, new = join
        state, open_ = self.state, self.open
        double = IS_DOUBLE[tile]
        if double and (self.every_double or not self.any_double):
            new |= SPINNER
        if anchor < 0:
            self.total = VALUE[new]
        else:
            old = state[anchor]
            joined = old | place
            state[anchor] = joined
            self.total += VALUE[joined] - VALUE[old] + VALUE[new]
            if MOVES[joined]:
                open_[open_.index(old)] = joined  # the same tile: the order holds
            else:
                open_.remove(old)
        state[tile] = new
        bisect.insort(open_, new)  # states sort as their tiles
        if double:
            self.any_double = True
        moves: list[tuple[int, int]] = []
        fits = 0
        for placed in open_:
            moves += MOVES[placed]
            fits |= FITS[placed]
        self.moves = moves
        self.fits = fits
        self.masks[seat] ^= 1 << tile
        self.drawn = -1
        self.log.append((_PLAY, seat, action, self.total))
        if not self.masks[seat]:
            self.went_out = seat
            self.log.append((_OUT, seat))
        else:
            self.current = (seat + 1) % self.players

    # -- the log, on demand --------------------------------------------------------------
    def events(self, start: int = 0) -> list[Event]:
        """The reference engine's events of the log from entry ``start`` on."""
        return [event_of(entry) for entry in self.log[start:]]


def event_of(entry: LogEntry) -> Event:
    """The reference engine's event of one entry of the compact log."""
    kind = entry[0]
    if kind == _PLAY:
        _, seat, action, total = entry
        text, raw = action_to_string(action), Ruleset.play_raw(total)
        return Event.of("play", seat=seat, play=text, total=total, raw=raw)
    if kind == _DRAW:
        return Event.of("draw", seat=entry[1], tile=str(DOUBLE_SIX[entry[2]]))
    if kind == _PASS:
        return Event.of("pass", seat=entry[1])
    if kind == _OUT:
        return Event.of("out", seat=entry[1])
    return Event.of("block")
