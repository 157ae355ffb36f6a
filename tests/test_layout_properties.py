"""Properties over random legal play sequences, for both spinner policies.

On every step: each tile is placed at most once, the connections form a tree over the
tiles, the kept total equals the sum of the scoring ends, the play score is 0 or a
positive multiple of 5 and display = raw / 5, every listed legal play applies, and a
rejected play leaves every fact unchanged.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_layout import facts

from fives_engine import DOUBLE_SIX, IllegalPlayError, Layout, Play, Port, find_game

GAMES = ["five-up", "exact-61", "all-fives"]


def _is_tree(layout: Layout) -> bool:
    tiles = layout.tiles
    edges = layout.connections
    if len(edges) != max(len(tiles) - 1, 0):
        return False
    parent = {t: t for t in tiles}

    def root(t: object) -> object:
        while parent[t] != t:  # type: ignore[index]
            t = parent[t]  # type: ignore[index]
        return t

    for edge in edges:
        a, b = root(edge.anchor), root(edge.tile)
        if a == b:
            return False
        parent[a] = b  # type: ignore[index]
    return len({root(t) for t in tiles}) <= 1


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(GAMES), data=st.data())
def test_random_play_sequences_keep_the_invariants(game: str, data: st.DataObject) -> None:
    ruleset = find_game(game)
    layout = ruleset.new_layout()
    for _ in range(28):
        remaining = [t for t in DOUBLE_SIX if t not in layout]
        plays = layout.legal_plays(remaining)
        if not plays:
            break
        # a random illegal attempt first: it must change nothing
        tile = data.draw(st.sampled_from(remaining))
        anchor = data.draw(st.sampled_from(layout.tiles)) if layout.tiles else None
        port = data.draw(st.sampled_from(list(Port))) if anchor is not None else None
        attempt = Play(tile, anchor, port)
        before = facts(layout)
        move = layout.same_move(attempt)  # side B while side A is open: the move on side A
        if move not in plays:  # legal_plays lists every legal move: the rest is rejected
            with pytest.raises(IllegalPlayError):
                layout.play(attempt)
            assert facts(layout) == before
        elif move != attempt:
            named, taken = layout.copy(), layout.copy()
            assert named.play(attempt) == taken.play(move)
            assert facts(named) == facts(taken)
        play = data.draw(st.sampled_from(plays))
        total = layout.play(play)
        assert len(set(layout.tiles)) == len(layout.tiles)
        assert _is_tree(layout)
        assert total == layout.total == sum(end.value for end in layout.scoring_ends())
        score = ruleset.play_score(total)
        assert score.raw == 0 or (score.raw > 0 and score.raw % 5 == 0 and score.raw == total)
        if score.display is not None:
            assert score.display * 5 == score.raw
        if ruleset.spinners == "first-double":
            assert len(layout.spinners) <= 1
        else:
            assert layout.spinners == [t for t in layout.tiles if t.is_double]
