"""Every place name of the notation is expected, as an attach point and in a legal play, in
each context where it can arise, in every game: a fixture suite that never expects
``straight-b`` on a double joined to a line cannot catch an engine that gets it wrong."""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from dataclasses import dataclass

import pytest

from fives_engine import game_names
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.cases.levels import ATTACH_POINTS, CONNECTIONS

LONE = "a lone led double"
LED_ONE_SIDE = "a led double with one straight side filled"
JOINED = "a double joined on a line"
JOINED_NOT_SPINNER = "a double joined on a line that is no spinner"
BRANCHES = "a spinner after its straight sides fill"
TILE = "a tile that is no double"

#: The place names that can arise in each context, as attach points and in legal plays.
#: A lone double offers both straight sides, but a play goes to side A first (reading
#: layout.symmetric-attach-points); side branch B is played once A is started.
ARISE: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    LONE: (frozenset({"straight-a", "straight-b"}), frozenset({"straight-a"})),
    LED_ONE_SIDE: (frozenset({"straight-b"}), frozenset({"straight-b"})),
    JOINED: (frozenset({"straight-b"}), frozenset({"straight-b"})),
    JOINED_NOT_SPINNER: (frozenset({"straight-b"}), frozenset({"straight-b"})),
    BRANCHES: (frozenset({"branch-a", "branch-b"}), frozenset({"branch-a", "branch-b"})),
    TILE: (frozenset({"small-end", "big-end"}), frozenset({"small-end", "big-end"})),
}

#: The contexts of each game: only All Fives has doubles that are no spinners.
CONTEXTS = {
    game: [c for c in ARISE if c != JOINED_NOT_SPINNER or game == "all-fives"]
    for game in game_names()
}

PLACE = {
    "straight side A": "straight-a",
    "straight side B": "straight-b",
    "side branch A": "branch-a",
    "side branch B": "branch-b",
    "big end": "big-end",
    "small end": "small-end",
}
ATTACH = re.compile(r"^(\[\d\|\d\]) \(([a-zA-Z ]+), \d\)$")
PLAY = re.compile(r"^(\[\d\|\d\])(?:@(\[\d\|\d\]):([a-z-]+))?$")


@dataclass(frozen=True)
class Layout:
    """What a fixture's plays leave on the table, enough to tell each tile's context."""

    lead: str
    spinners: frozenset[str]
    used: dict[str, set[str]]

    @classmethod
    def of(cls, plays: list[str], spinners: list[str]) -> Layout:
        used: dict[str, set[str]] = defaultdict(set)
        for play in plays[1:]:
            match = PLAY.match(play)
            assert match, play
            tile, target, place = match.groups()
            used[target].add(place)
            used[tile].add("straight-a")  # a double joins by straight side A (crosswise)
        return cls(plays[0] if plays else "", frozenset(spinners), used)  # "": no lead yet

    def context(self, tile: str) -> str:
        if tile[1] != tile[3]:
            return TILE
        used = self.used.get(tile, set())
        if {"straight-a", "straight-b"} <= used:
            return BRANCHES
        if tile == self.lead:
            return LED_ONE_SIDE if used else LONE
        return JOINED if tile in self.spinners else JOINED_NOT_SPINNER


@functools.cache
def seen() -> dict[tuple[str, str], tuple[set[str], set[str]]]:
    """(game, context) -> the place names expected as attach points, and in legal plays."""
    by_fixture: dict[tuple[str, str], dict[str, Case]] = defaultdict(dict)
    for case in load_cases():
        if case.kind == "layout":
            by_fixture[case.game, case.fixture_id][case.capability] = case
    out: dict[tuple[str, str], tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))
    for (game, _), cases in by_fixture.items():
        attach_case = cases[ATTACH_POINTS]
        layout = Layout.of(
            list(attach_case.request["plays"]), list(cases[CONNECTIONS].expect["spinners"])
        )
        for text in attach_case.expect["attach_points"]:
            match = ATTACH.match(text)
            assert match, text
            tile, place = match.groups()
            out[game, layout.context(tile)][0].add(PLACE[place])
        for play in attach_case.expect.get("legal_plays", []):
            match = PLAY.match(play)
            assert match, play
            _, target, place = match.groups()
            if target is not None:
                out[game, layout.context(target)][1].add(place)
    return out


@pytest.mark.parametrize(
    ("game", "context"), [(g, c) for g, contexts in CONTEXTS.items() for c in contexts]
)
def test_every_place_name_is_expected_where_it_can_arise(game: str, context: str) -> None:
    attach, legal = seen()[game, context]
    want_attach, want_legal = ARISE[context]
    assert not want_attach - attach, f"no attach point expected at {sorted(want_attach - attach)}"
    assert not want_legal - legal, f"no legal play expected at {sorted(want_legal - legal)}"
