"""The layout engine on its own: legal plays, rejected plays, spinner policies."""

from __future__ import annotations

import pytest

from fives_engine import HandState, IllegalPlayError, Layout, Play, Port, Tile, find_game
from fives_engine.deal import Deal
from fives_engine.layout import FIRST_DOUBLE


def facts(layout: Layout) -> tuple[object, ...]:
    return (
        layout.tiles,
        layout.spinners,
        layout.connections,
        layout.attach_points(),
        layout.scoring_ends(),
        layout.total,
        layout.plays,
    )


def test_any_tile_may_lead() -> None:
    layout = Layout()
    hand = [Tile(6, 6), Tile(0, 1), Tile(2, 5)]
    assert [str(p) for p in layout.legal_plays(hand)] == ["[0|1]", "[2|5]", "[6|6]"]


def test_legal_plays_come_in_canonical_order_and_all_apply() -> None:
    layout = Layout.from_plays(["[1|4]", "[1|1]@[1|4]:small-end", "[4|4]@[1|4]:big-end"])
    plays = layout.legal_plays([Tile(4, 6), Tile(1, 2), Tile(3, 5)])
    assert [str(p) for p in plays] == ["[1|2]@[1|1]:straight-b", "[4|6]@[4|4]:straight-b"]
    for play in plays:
        layout.copy().play(play)


@pytest.mark.parametrize(
    ("plays", "bad", "rule", "quoted"),
    [
        (["[1|4]"], "[2|3]@[1|4]:small-end", "play.match-attach-point", "does not match"),
        (["[1|4]"], "[2|2]", "play.match-attach-point", "a lead needs the empty layout"),
        (["[1|4]"], "[1|2]@[3|3]:straight-a", "play.match-attach-point", "[3|3] is not in"),
        (["[1|4]"], "[1|1]@[1|4]:straight-a", "layout.double.crosswise", "is not a double"),
        (
            ["[5|5]"],
            "[0|5]@[5|5]:small-end",
            "layout.double.crosswise",
            "a double has straight sides",
        ),
        (["[5|5]"], "[0|5]@[5|5]:branch-a", "layout.spinner.straights-first", "open only once"),
        (
            ["[5|5]", "[0|5]@[5|5]:straight-a"],
            "[3|5]@[5|5]:straight-a",
            "play.match-attach-point",
            "taken",
        ),
        (["[5|5]"], "[5|5]", "equipment.double-six", "already in"),
    ],
)
def test_an_illegal_play_names_its_rule_quotes_the_play_and_changes_nothing(
    plays: list[str], bad: str, rule: str, quoted: str
) -> None:
    layout = Layout.from_plays(plays)
    before = facts(layout)
    with pytest.raises(IllegalPlayError) as info:
        layout.play(bad)
    assert info.value.rule == rule
    assert bad in str(info.value) and quoted in str(info.value)
    assert facts(layout) == before
    assert not layout.is_legal(Play.parse(bad))


@pytest.mark.parametrize(
    ("plays", "named", "taken"),
    [
        (["[5|5]"], "[0|5]@[5|5]:straight-b", "[0|5]@[5|5]:straight-a"),
        (
            ["[5|5]", "[0|5]@[5|5]:straight-a", "[5|6]@[5|5]:straight-b"],
            "[2|5]@[5|5]:branch-b",
            "[2|5]@[5|5]:branch-a",
        ),
    ],
)
def test_naming_side_b_while_side_a_is_open_is_the_same_move(
    plays: list[str], named: str, taken: str
) -> None:
    """Side B is listed as a legal place, so a play naming it is legal; while side A is
    open it is the same move as side A (layout.symmetric-attach-points), and B stays open."""
    layout, same = Layout.from_plays(plays), Layout.from_plays(plays)
    assert layout.is_legal(Play.parse(named))
    assert layout.play(named) == same.play(taken)
    assert facts(layout) == facts(same)
    assert str(layout.plays[-1]) == taken
    assert Play.parse(named).port in {p.port for p in layout.attach_points()}


def test_a_hand_records_side_b_named_while_side_a_is_open_as_side_a() -> None:
    tiles = [[Tile(5, 5), Tile(1, 2)], [Tile(0, 5), Tile(3, 4)]]
    hand = HandState(find_game("five-up"), Deal.of(tiles, [Tile(6, 6)]), 0)
    hand.apply_action("[5|5]")
    events = hand.apply_action("[0|5]@[5|5]:straight-b")
    assert events[0]["play"] == "[0|5]@[5|5]:straight-a"
    assert str(hand.layout.plays[-1]) == "[0|5]@[5|5]:straight-a"


def test_first_double_policy_makes_only_the_first_double_a_spinner() -> None:
    layout = Layout.from_plays(
        ["[3|4]", "[4|4]@[3|4]:big-end", "[3|3]@[3|4]:small-end"], FIRST_DOUBLE
    )
    assert layout.spinners == [Tile(4, 4)]
    with pytest.raises(IllegalPlayError, match="not a spinner"):
        Layout.from_plays(
            [
                "[3|3]",
                "[3|5]@[3|3]:straight-a",
                "[3|6]@[3|3]:straight-b",
                "[5|5]@[3|5]:big-end",
                "[5|6]@[5|5]:straight-b",
                "[2|5]@[5|5]:branch-a",
            ],
            FIRST_DOUBLE,
        )


def test_unknown_spinner_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown spinner policy 'some-doubles'"):
        Layout("some-doubles")


def test_play_score_keeps_raw_and_display_per_game() -> None:
    assert str(find_game("five-up").play_score(15)) == "15 raw (3 display)"
    assert str(find_game("all-fives").play_score(15)) == "15 raw"
    assert find_game("exact-61").play_score(0).raw == 0
    assert find_game("exact-61").play_score(12).raw == 0


@pytest.mark.parametrize(
    "play",
    [
        Play(Tile(9, 9)),  # not a tile of the double-six set
        Play(Tile(4, 1)),  # a tile written the wrong way round
        Play(Tile(5, -1)),
    ],
    ids=str,
)
def test_a_tile_built_directly_must_be_one_of_the_28(play: Play) -> None:
    layout = Layout()
    with pytest.raises(IllegalPlayError, match="not a tile of the double-six set"):
        layout.play(play)
    assert len(layout) == 0


def test_the_same_tile_cannot_go_down_twice_under_another_spelling() -> None:
    layout = Layout.from_plays(["[1|4]"])
    with pytest.raises(IllegalPlayError):
        layout.play(Play(Tile(4, 1), Tile(1, 4), Port.BIG_END))
    assert layout.tiles == [Tile(1, 4)] and layout.total == 5


def test_the_public_play_always_checks() -> None:
    layout = Layout.from_plays(["[1|4]"])
    with pytest.raises(TypeError):
        layout.play(Play(Tile(1, 4)), True)  # type: ignore[call-arg]
    with pytest.raises(IllegalPlayError):
        layout.play(Play(Tile(1, 4)))
    assert len(layout) == 1
