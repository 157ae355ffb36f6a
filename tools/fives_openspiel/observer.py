"""What a player sees, as OpenSpiel's strings and tensors (the ``PyObserver`` interface).

The information state (perfect recall) string is the match's log as the player saw it:
every public line (draws for the lead, actions, scores, the ends of hands) and their own
private lines (the tiles dealt to them, the tiles they drew). The observation string is
the table now: the player's hand, the layout, the boneyard, hand sizes, scores.

Tensors (float32; named pieces in this order, those of the observation type only):

* ``player`` (players): one-hot seat of the observer;
* private: ``hand`` (28): the tiles held; ``drawn`` (28): the playable tile just drawn;
* public: ``layout`` (28): the tiles down; ``attach`` (6 x 28): the open attach points
  (place, tile); ``hand_sizes`` (players); ``boneyard`` (1): tiles left; ``scores``
  (sides): raw points;
* perfect recall adds, for the hand being played (a summary of its history, not the whole
  match): ``played`` (players x 28): each seat's tiles played; ``lacks`` (players x 7): the
  pips each seat showed it could not match (it drew or passed while they were open).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from fives_openspiel.encoding import NUM_PORTS, NUM_TILES, tile_id
from fives_openspiel.progress import Progress
from fives_openspiel.table import Table

PIPS = 7


class FivesObserver:
    def __init__(self, table: Table, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.recall = bool(iig_obs_type.perfect_recall)
        players, sides = table.players, table.setup.sides
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (players,))]
        if self.private:
            pieces += [("hand", (NUM_TILES,)), ("drawn", (NUM_TILES,))]
        if self.public:
            pieces += [
                ("layout", (NUM_TILES,)),
                ("attach", (NUM_PORTS, NUM_TILES)),
                ("hand_sizes", (players,)),
                ("boneyard", (1,)),
                ("scores", (sides,)),
            ]
            if self.recall:
                pieces += [("played", (players, NUM_TILES)), ("lacks", (players, PIPS))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + n].reshape(shape)
            at += n

    def set_from(self, state: Any, player: int) -> None:
        progress: Progress = state.progress
        match = progress.match
        hand = match.hand
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        if self.private:
            for tile in _held(progress, player):
                self.dict["hand"][tile_id(tile)] = 1
            if hand is not None and hand.drawn is not None and hand.current_player == player:
                self.dict["drawn"][tile_id(hand.drawn)] = 1
        if not self.public:
            return
        if _showing(progress):
            assert hand is not None
            for tile in hand.layout.tiles:
                self.dict["layout"][tile_id(tile)] = 1
            for point in hand.layout.attach_points():
                self.dict["attach"][point.port.rank, tile_id(point.tile)] = 1
            self.dict["boneyard"][0] = len(hand.boneyard)
        for seat in range(progress.table.players):
            self.dict["hand_sizes"][seat] = len(_held(progress, seat))
        self.dict["scores"][:] = match.scores
        if self.recall:
            for seat in range(progress.table.players):
                for tile in progress.played[seat]:
                    self.dict["played"][seat, tile_id(tile)] = 1
                for pips in progress.lacks[seat]:
                    self.dict["lacks"][seat, pips] = 1

    def string_from(self, state: Any, player: int) -> str:
        progress: Progress = state.progress
        if self.recall:
            if not self.private:
                return "\n".join(text for who, text in progress.log if who is None)
            seen = [text for who, text in progress.log if who is None or who == player]
            return "\n".join([f"seat {player}", *seen])
        parts = [f"seat {player}"] if self.private else []  # the public view is everyone's
        match = progress.match
        hand = match.hand
        if self.private:
            held = " ".join(map(str, _held(progress, player))) or "-"
            parts.append(f"holds {held}")
            if hand is not None and hand.drawn is not None and hand.current_player == player:
                parts.append(f"just drew {hand.drawn}")
        if self.public:
            if hand is not None and _showing(progress):
                parts.append(hand.layout.describe())
                parts.append(f"boneyard {len(hand.boneyard)}")
            sizes = " ".join(str(len(_held(progress, s))) for s in range(progress.table.players))
            parts.append(f"hand sizes {sizes}")
            parts.append("scores " + " ".join(map(str, match.scores)))
        return ", ".join(parts)


def _showing(progress: Progress) -> bool:
    """True while the table shows a hand: from its deal until the next deal begins."""
    return progress.match.hand is not None and not progress.rounds and not any(progress.dealt)


def _held(progress: Progress, seat: int) -> tuple[Any, ...]:
    """The tiles ``seat`` holds: in the hand shown, or dealt so far for the next."""
    hand = progress.match.hand
    if hand is not None and _showing(progress):
        return hand.hand(seat)
    return tuple(sorted(progress.dealt[seat]))
