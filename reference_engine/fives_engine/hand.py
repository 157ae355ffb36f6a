"""One hand, from the deal to going out or a block: whose turn it is, what is legal, and
what happened (an event log). The hand knows turns, not scores: the match scores its plays
and settles it.

Turn rules: the leader leads any tile; play goes clockwise (seat + 1); a player with a
legal play must play; without one they draw a tile at a time and stop at the first
playable tile, which they must play at once; with the boneyard empty and no play, they
pass. The hand is blocked the moment the boneyard is empty and nobody can play
(rule ``hand.end.block``: no round of passes).
"""

from __future__ import annotations

import bisect

from fives_engine import display  # pragma: no mutate
from fives_engine.actions import DRAW, PASS, Action, Draw, Pass, parse_action
from fives_engine.deal import Deal
from fives_engine.errors import IllegalActionError, IllegalDealError, IllegalPlayError
from fives_engine.events import Event
from fives_engine.layout import Layout
from fives_engine.rules import Ruleset
from fives_engine.terms import Play
from fives_engine.tiles import Tile


class HandState:
    """One hand being played: the layout, the hands held, the boneyard, whose turn it is,
    the legal actions and the events so far. In a notebook it shows as the table drawn."""

    def __init__(self, ruleset: Ruleset, deal: Deal, leader: int) -> None:
        """A hand dealt as ``deal`` and led by ``leader`` (the deal is checked by the caller)."""
        self.ruleset = ruleset
        self.players = len(deal.hands)
        self.leader = leader
        self.layout = ruleset.new_layout()
        self._hands = [list(h) for h in deal.hands]
        self._boneyard = deal.boneyard
        self._next = 0  # index of the next tile to draw
        self._current = leader
        self._drawn: Tile | None = None  # a playable tile just drawn: it must be played now
        self.went_out: int | None = None
        self.blocked = False
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self._legal: tuple[Action, ...] = ()  # legal_actions() of this state, once asked

    def copy(self) -> HandState:
        other = HandState.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other.layout = self.layout.copy()
        other._hands = [list(h) for h in self._hands]
        other.events = list(self.events)
        other.actions = list(self.actions)
        return other

    # -- facts ---------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.went_out is not None or self.blocked

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self._current

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles left to draw, in draw order."""
        return self._boneyard[self._next :]

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` holds, in canonical order."""
        return tuple(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    @property
    def drawn(self) -> Tile | None:
        """The playable tile the current player has just drawn, if any."""
        return self._drawn

    def legal_actions(self) -> list[Action]:
        """The legal actions of the current player in canonical order (plays, draw, pass)."""
        actions = self._legal_actions()
        self._legal = tuple(actions)  # an action from this list needs no second check
        return actions

    def _legal_actions(self) -> list[Action]:
        if self.is_terminal:
            return []
        if self._drawn is not None:
            return list(self.layout.legal_plays(self._drawn))
        plays: list[Action] = list(self.layout.legal_plays(self._hands[self._current]))
        if plays:
            return plays
        return [DRAW] if self._next < len(self._boneyard) else [PASS]

    def describe(self) -> str:
        if self.is_terminal:
            end = f"seat {self.went_out} went out" if self.went_out is not None else "blocked"
            return f"the hand is over ({end}), {self.layout.describe()}"
        seat = self._current
        held = " ".join(map(str, self._hands[seat]))
        drawn = f", just drew {self._drawn}" if self._drawn is not None else ""
        return (
            f"seat {seat} to act, {self.layout.describe()},"
            f" boneyard {len(self.boneyard)} tiles, seat {seat} holds {held}{drawn}"
        )

    def __repr__(self) -> str:
        """The game, whose turn (or how the hand ended), the plays, every hand and the
        boneyard, in the notation."""
        if self.is_terminal:
            turn = f"seat {self.went_out} went out" if self.went_out is not None else "blocked"
        else:
            turn = f"seat {self._current} to act" + (
                f" (drew {self._drawn})" if self._drawn is not None else ""
            )
        hands = "; ".join(
            f"seat {seat} holds {' '.join(map(str, held)) or 'nothing'}"
            for seat, held in enumerate(self._hands)
        )
        return (
            f"<HandState {self.ruleset.name}, {turn}; {self.layout!r}; {hands};"
            f" boneyard {len(self.boneyard)}>"
        )

    def _repr_svg_(self) -> str:  # pragma: no mutate
        """The table drawn for a notebook: the layout, whose turn, the hands, the boneyard and
        the points each seat's plays made (see :mod:`fives_engine.display`)."""
        return display.svg(self)  # pragma: no mutate

    # -- moves ---------------------------------------------------------------------------
    def apply_action(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Apply ``action`` (or its text) by the current player (``seat``, when given, must
        be that player).

        Returns the events it caused. An illegal action raises :class:`IllegalActionError`
        naming the rule broken, and the hand is left unchanged.
        """
        if isinstance(action, str):
            action = parse_action(action)
        if not isinstance(action, Play | Draw | Pass):
            raise TypeError(f"an action is a Play, Draw or Pass, not {action!r}")
        if isinstance(action, Play):
            action = self.layout.same_move(action)  # side B while side A is open: side A
        actor = self._current if seat is None else seat
        known = actor == self._current and action in self._legal  # listed as legal just now
        if not known:
            self._check(action, actor)
        self._legal = ()
        before = len(self.events)
        if isinstance(action, Play):
            self._play(action, checked=known)
        elif isinstance(action, Draw):
            self._draw()
        else:  # a pass
            self.events.append(Event.of("pass", seat=actor))
            self._current = (actor + 1) % self.players
        self.actions.append((actor, action))
        if (
            not self.is_terminal
            and self._next == len(self._boneyard)
            and not self._anyone_can_play()
        ):
            self.blocked = True
            self.events.append(Event.of("block"))
        return self.events[before:]

    def _reject(self, action: Action, seat: int, reason: str, rule: str) -> IllegalActionError:
        return IllegalActionError(f"seat {seat} {action}: {reason} ({self.describe()})", rule)

    def _check(self, action: Action, seat: int) -> None:
        if self.is_terminal:
            rule = "hand.end.going-out" if self.went_out is not None else "hand.end.block"
            raise self._reject(action, seat, "the hand is over", rule)
        if seat != self._current:
            raise self._reject(action, seat, f"it is seat {self._current}'s turn", "turn.clockwise")
        held = self._hands[seat]
        if self._drawn is not None and not (
            isinstance(action, Play) and action.tile == self._drawn
        ):
            raise self._reject(
                action,
                seat,
                f"the playable tile just drawn, {self._drawn}, must be played now",
                "turn.play-drawn-tile",
            )
        if isinstance(action, Play):
            if action.tile not in held:
                raise self._reject(
                    action, seat, f"seat {seat} does not hold {action.tile}", "hand.own-tiles"
                )
            return  # the layout checks the rest, before anything changes (see _play)
        if self.layout.can_play(held):
            plays = self.layout.legal_plays(held)
            raise self._reject(
                action,
                seat,
                f"a player with a legal play must play (e.g. {plays[0]})",
                "turn.must-play",
            )
        empty = self._next == len(self._boneyard)
        if isinstance(action, Draw) and empty:
            raise self._reject(
                action, seat, "the boneyard is empty: pass", "turn.pass-empty-boneyard"
            )
        if isinstance(action, Pass) and not empty:
            raise self._reject(
                action,
                seat,
                f"the boneyard still has {len(self.boneyard)} tiles: draw",
                "turn.pass-empty-boneyard",
            )

    def _play(self, play: Play, checked: bool = False) -> None:
        seat = self._current
        try:  # both raise before changing anything
            total = self.layout._place(play) if checked else self.layout.play(play)
        except IllegalPlayError as exc:
            raise self._reject(play, seat, str(exc), exc.rule) from None
        self._hands[seat].remove(play.tile)
        self._drawn = None
        raw = self.ruleset.play_raw(total)
        self.events.append(Event.of("play", seat=seat, play=play.text, total=total, raw=raw))
        if not self._hands[seat]:
            self.went_out = seat
            self.events.append(Event.of("out", seat=seat))
        else:
            self._current = (seat + 1) % self.players

    def _draw(self) -> None:
        seat = self._current
        tile = self._boneyard[self._next]
        self._next += 1
        bisect.insort(self._hands[seat], tile)
        self.events.append(Event.of("draw", seat=seat, tile=str(tile)))
        if self.layout.can_play((tile,)):
            self._drawn = tile

    def put_on_top(self, tile: Tile) -> None:
        """Make ``tile``, still in the boneyard, the next one drawn.

        For callers that decide each draw when it happens rather than at the deal: the
        chance nodes of a game-tree search. The other tiles keep their order."""
        rest = list(self.boneyard)
        if tile not in rest:
            raise IllegalDealError(
                f"{tile} is not in the boneyard ({' '.join(map(str, rest)) or 'empty'})",
                "deal.hand-size",
            )
        rest.remove(tile)
        self._boneyard = (*self._boneyard[: self._next], tile, *rest)

    def turn_of(self, seat: int) -> HandState:
        """A copy of this hand as it would stand were it ``seat``'s turn, with no drawn tile
        to play: what an action a log shows out of turn is read against (its legal
        actions are the plays ``seat`` could make)."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} at a table of {self.players}")
        other = self.copy()
        other._current, other._drawn, other._legal = seat, None, ()
        return other

    def admit_logged(self, action: Action, seat: int) -> None:
        """Let the next :meth:`apply_action` take ``action`` by ``seat`` as a log shows an
        implementation made it, though the rules refuse it here (out of turn, a draw or a
        pass while holding a play, another tile than the one just drawn): the turn is given
        to ``seat`` and the action admitted as the one legal move, so the hand's own checks
        are passed over (:meth:`MatchState.apply_logged` applies it). The position after it
        is one the rules never reach; an auditor goes on from it to judge what follows. A
        play of a tile ``seat`` does not hold or that the layout does not take, a draw from
        an empty boneyard, or any action once the hand is over leaves no position to go on
        from: :class:`IllegalActionError`, and nothing changes."""
        if self.is_terminal:
            rule = "hand.end.going-out" if self.went_out is not None else "hand.end.block"
            raise IllegalActionError(f"seat {seat} {action}: the hand is over", rule)
        if isinstance(action, Draw) and not self.boneyard:
            rule = "turn.pass-empty-boneyard"
            raise IllegalActionError(f"seat {seat} draws: the boneyard is empty", rule)
        if isinstance(action, Play) and action not in self.turn_of(seat).legal_actions():
            rule = "hand.own-tiles"
            raise IllegalActionError(f"seat {seat} {action}: not a play it could make", rule)
        self._current, self._drawn, self._legal = seat, None, (action,)

    def _anyone_can_play(self) -> bool:
        return any(self.layout.can_play(h) for h in self._hands)

    @classmethod
    def resume(
        cls,
        ruleset: Ruleset,
        layout: Layout,
        hands: list[list[Tile]],
        boneyard: tuple[Tile, ...],
        to_move: int,
        drawn: Tile | None = None,
    ) -> HandState:
        """A hand picked up mid-way (a position): ``layout`` on the table, ``hands`` held,
        ``boneyard`` left in draw order, ``to_move`` to act, ``drawn`` the playable tile
        they have just drawn, if any. An empty hand means that seat went out; a position
        where nobody can play and the boneyard is empty is blocked."""
        state = cls(ruleset, Deal.of(hands, boneyard), to_move)
        state.layout = layout
        state._drawn = drawn
        emptied = [seat for seat, hand in enumerate(state._hands) if not hand]
        if emptied:
            state.went_out = emptied[0]
        elif not boneyard and not state._anyone_can_play():
            state.blocked = True
        return state
