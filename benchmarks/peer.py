"""The peer: the PyPI package ``dominoes`` 6.1.0 (a four-player block game, partners 0 & 2
against 1 & 3, seven tiles each, no boneyard) doing the same random playouts.

Its *actions* are counted the way ours are, one per turn taken: a play (one
``make_move``, chosen uniformly from ``valid_moves``) or a pass (it records a pass as
``None`` in ``moves`` and makes it inside ``make_move``, the player having no choice).
"""

from __future__ import annotations

import random
from importlib import metadata

from benchmarks.playouts import Count

PACKAGE = "dominoes"
VERSION = "6.1.0"


def installed() -> str | None:
    """The installed version of the peer, or None (install the ``bench`` extra)."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return None


def play_games(games: int, seed: int = 1) -> Count:
    """Random playouts of ``games`` hands; ``dominoes`` shuffles with the global ``random``,
    which is seeded here and restored afterwards."""
    import dominoes

    saved = random.getstate()
    random.seed(seed)
    turns = plays = 0
    try:
        for _ in range(games):
            game = dominoes.Game.new()
            while game.result is None:
                game.make_move(*random.choice(game.valid_moves))
                plays += 1
            turns += len(game.moves)
    finally:
        random.setstate(saved)
    return Count(games, turns, plays)
