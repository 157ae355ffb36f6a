"""Tiles, places and plays: one canonical text each, parsers that round-trip, and
distinct errors for malformed text."""

from __future__ import annotations

import pytest

from fives_engine import (
    DOUBLE_SIX,
    AttachPoint,
    Connection,
    NotationError,
    PipsPlay,
    Play,
    Port,
    ScoringEnd,
    Tile,
    parse_plays,
)


def test_the_double_six_set_has_28_distinct_tiles() -> None:
    assert len(DOUBLE_SIX) == 28 == len(set(DOUBLE_SIX))
    assert sum(t.is_double for t in DOUBLE_SIX) == 7
    assert sum(t.pips for t in DOUBLE_SIX) == 168


@pytest.mark.parametrize("tile", DOUBLE_SIX, ids=str)
def test_tile_text_round_trips(tile: Tile) -> None:
    assert Tile.parse(str(tile)) == tile
    assert str(tile) == f"[{tile.low}|{tile.high}]" and tile.low <= tile.high


@pytest.mark.parametrize("text", ["[4|1]", "1|4", "4-1", " [ 1 | 4 ] "])
def test_tile_parser_accepts_other_orders_and_spellings(text: str) -> None:
    assert Tile.parse(text) == Tile(1, 4)


@pytest.mark.parametrize("text", ["", "[1|7]", "[1,4]", "14", "[a|b]", "[1|4|5]"])
def test_malformed_tile_text_is_rejected_quoting_it(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Tile.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("port", list(Port), ids=lambda p: p.slug)
def test_port_names_and_slugs_parse(port: Port) -> None:
    assert Port.parse(port.slug) is port is Port.parse(str(port))


@pytest.mark.parametrize(
    "text",
    ["[1|4]", "[1|1]@[1|4]:small-end", "[1|5]@[1|1]:branch-a", "[0|5]@[5|5]:straight-b"],
)
def test_play_text_round_trips(text: str) -> None:
    assert str(Play.parse(text)) == text


@pytest.mark.parametrize(
    "text", ["[1|1]@[1|4]", "[1|1]@[1|4]:middle", "@[1|4]:small-end", "[1|1]@:big-end"]
)
def test_malformed_play_text_is_rejected(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Play.parse(text)
    assert repr(text) in str(info.value)


def test_play_sequences_split_on_spaces_commas_and_semicolons() -> None:
    assert [str(p) for p in parse_plays("[1|4], [1|1]@[1|4]:small-end; [4|4]@[1|4]:big-end")] == [
        "[1|4]",
        "[1|1]@[1|4]:small-end",
        "[4|4]@[1|4]:big-end",
    ]


@pytest.mark.parametrize(
    ("cls", "text"),
    [
        (AttachPoint, "[1|1] (side branch A, 1)"),
        (ScoringEnd, "[1|2]: 2"),
        (Connection, "[1|4] (small end) – [1|1] (straight side A)"),
    ],
)
def test_layout_terms_round_trip(cls: type, text: str) -> None:
    assert str(cls.parse(text)) == text


def test_errors_are_value_errors_of_distinct_kinds() -> None:
    from fives_engine import IllegalPlayError

    assert issubclass(NotationError, ValueError) and issubclass(IllegalPlayError, ValueError)
    assert not issubclass(NotationError, IllegalPlayError)
    assert not issubclass(IllegalPlayError, NotationError)


@pytest.mark.parametrize(
    "text",
    [
        "[1|1] @ [1|4] : small-end",
        "[1|1]@[1|4]:Small-End",
        "[1|1]@[1|4]:small end",
        "1|1@1-4:SMALL-END",
        "\t[1|1]@ [1|4]:small-end ",
    ],
)
def test_the_play_parser_accepts_what_the_notation_documents(text: str) -> None:
    assert str(Play.parse(text)) == "[1|1]@[1|4]:small-end"


@pytest.mark.parametrize(
    "text",
    [
        "[1|4",  # brackets come in pairs
        "1|4]",
        "[[1|4]]",
        "[\u0661|4]",  # an Arabic-Indic digit one
        "[\uff11|4]",  # a full-width digit one
        "[1\u00a0|4]",  # a no-break space
        "[1|4]\u3000",  # an ideographic space
        "[1\u2502 4]",  # a box-drawing bar
    ],
)
def test_the_tile_parser_refuses_what_the_notation_does_not_document(text: str) -> None:
    with pytest.raises(NotationError):
        Tile.parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "[1|1]\u00a0@[1|4]:small-end",
        "[1|1]@[1|4]:small\u00a0end",
        "[1|1]@@[1|4]:small-end",
        "[1|1]@[1|4]::small-end",
        "[1|1]@[1|4]:sma ll-end",
    ],
)
def test_the_play_parser_refuses_other_spaces_and_doubled_marks(text: str) -> None:
    with pytest.raises(NotationError):
        Play.parse(text)


def test_attach_point_pips_are_ascii_digits() -> None:
    assert AttachPoint.parse("[1|1] (side branch A, 1)").value == 1
    with pytest.raises(NotationError):
        AttachPoint.parse("[1|1] (side branch A, \uff11)")


def test_a_play_sequence_splits_only_on_ascii_spaces_commas_and_semicolons() -> None:
    assert len(parse_plays("[1|4]\t[1|1]@[1|4]:small-end;\n")) == 2
    with pytest.raises(NotationError):
        parse_plays("[1|4]\u00a0[1|1]@[1|4]:small-end")


@pytest.mark.parametrize(
    ("play", "pips"),
    [
        ("[1|4]", "[1|4]"),
        ("[1|1]@[1|4]:small-end", "[1|1]@[1|4]:1"),
        ("[4|5]@[1|4]:big-end", "[4|5]@[1|4]:4"),
        ("[1|5]@[1|1]:branch-a", "[1|5]@[1|1]:1"),
        ("[1|2]@[1|1]:straight-b", "[1|2]@[1|1]:1"),
    ],
)
def test_pips_form_of_a_play_drops_the_place_and_round_trips(play: str, pips: str) -> None:
    canonical = Play.parse(play)
    assert str(PipsPlay.of(canonical)) == pips
    assert PipsPlay.parse(pips) == PipsPlay.of(canonical)
    assert PipsPlay.parse(pips).matches(canonical)


def test_pips_form_without_anchor_matches_every_end_showing_those_pips() -> None:
    loose = PipsPlay.parse("[1|5] @ 1")
    assert str(loose) == "[1|5]@1"
    assert loose.matches(Play.parse("[1|5]@[1|1]:branch-a"))
    assert loose.matches(Play.parse("[1|5]@[1|4]:small-end"))
    assert not loose.matches(Play.parse("[1|5]@[5|5]:branch-a"))
    assert not PipsPlay.parse("[1|5]@[1|1]:1").matches(Play.parse("[1|5]@[1|4]:small-end"))


@pytest.mark.parametrize("text", ["[1|2]@[1|1]:3", "[1|2]@[3|4]:1", "[1|2]@", "x", "[1|2]@[1|1]:"])
def test_malformed_pips_form_is_refused_quoting_it(text: str) -> None:
    with pytest.raises(NotationError, match=r"pips form: '"):
        PipsPlay.parse(text)


def test_attach_point_pips_form_drops_the_place() -> None:
    assert AttachPoint.parse("[1|1] (side branch A, 1)").pips_text == "[1|1] (1)"
