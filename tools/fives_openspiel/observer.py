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

from fives_engine import DOUBLE_SIX, Layout
from fives_fast.tables import POINTS, action_to_string
from fives_openspiel.encoding import NUM_PORTS, NUM_TILES
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
        self.at: dict[str, int] = {}  # where each piece starts in the tensor
        at = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + n].reshape(shape)
            self.at[name] = at
            at += n

    def set_from(self, state: Any, player: int) -> None:
        """The tensor of ``player``: its ones gathered as flat indices, then set at once."""
        progress: Progress = state.progress
        match = progress.match
        hand = match.hand
        at = self.at
        showing = _showing(progress)
        ones = [at["player"] + player]
        if self.private:
            base = at["hand"]
            held = _ids(hand.masks[player]) if showing else progress.dealt[player]  # type: ignore[union-attr]
            ones += [base + t for t in held]
            if hand is not None and hand.drawn >= 0 and hand.current_player == player:
                ones.append(at["drawn"] + hand.drawn)
        tensor = self.tensor
        tensor.fill(0)
        if self.public:
            if showing:
                assert hand is not None
                base = at["layout"]
                ones += [base + t for t, placed in enumerate(hand.state) if placed >= 0]
                base = at["attach"]
                for placed in hand.open:
                    ones += [base + offset for offset in _ATTACH[placed]]
                tensor[at["boneyard"]] = len(hand.boneyard) - hand.next
                sizes = [mask.bit_count() for mask in hand.masks]
            else:
                sizes = [len(dealt) for dealt in progress.dealt]
            base = at["hand_sizes"]
            tensor[base : base + len(sizes)] = sizes
            base = at["scores"]
            tensor[base : base + len(match.scores)] = match.scores
            if self.recall:
                for seat in range(progress.table.players):
                    base = at["played"] + seat * NUM_TILES
                    ones += [base + t for t in progress.played[seat]]
                    base = at["lacks"] + seat * PIPS
                    ones += [base + pips for pips in progress.lacks[seat]]
        tensor[ones] = 1

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
        showing = _showing(progress)
        if self.private:
            held = " ".join(str(DOUBLE_SIX[t]) for t in _held(progress, player, showing)) or "-"
            parts.append(f"holds {held}")
            if hand is not None and hand.drawn >= 0 and hand.current_player == player:
                parts.append(f"just drew {DOUBLE_SIX[hand.drawn]}")
        if self.public:
            if hand is not None and showing:
                layout = Layout(progress.table.ruleset.spinners)
                for play in hand.plays():
                    layout.play(action_to_string(play))
                parts.append(layout.describe())
                parts.append(f"boneyard {len(hand.boneyard) - hand.next}")
            players = range(progress.table.players)
            sizes = " ".join(str(len(_held(progress, s, showing))) for s in players)
            parts.append(f"hand sizes {sizes}")
            parts.append("scores " + " ".join(map(str, match.scores)))
        return ", ".join(parts)


#: Per tile state on the layout: where its open attach points are in the ``attach`` piece.
_ATTACH = [tuple(p % NUM_PORTS * NUM_TILES + p // NUM_PORTS for p in points) for points in POINTS]


def _ids(mask: int) -> list[int]:
    """The tile ids of a bit mask, ascending."""
    ids = []
    while mask:
        low = mask & -mask
        ids.append(low.bit_length() - 1)
        mask ^= low
    return ids


def _showing(progress: Progress) -> bool:
    """True while the table shows a hand: from its deal until the next deal begins."""
    return progress.match.hand is not None and not progress.rounds and not any(progress.dealt)


def _held(progress: Progress, seat: int, showing: bool) -> list[int]:
    """The tile ids ``seat`` holds: in the hand shown, or dealt so far for the next."""
    hand = progress.match.hand
    if hand is not None and showing:
        return hand.hand(seat)
    return sorted(progress.dealt[seat])
