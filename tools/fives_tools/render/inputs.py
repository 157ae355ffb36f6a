"""What to draw: a layout and its game, from a fixture or from a play sequence.

Every way in ends in the engine replaying plays; a bad input raises :class:`InputError`
saying which input is wrong and what was expected, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fives_engine import (
    FivesError,
    IllegalMoveError,
    Layout,
    NotationError,
    Ruleset,
    find_game,
    game_names,
    parse_plays,
)
from fives_tools.certify.cases import Case, FixtureError, cases_from, load_cases
from fives_tools.render.played import played_tables


class InputError(ValueError):
    """An input to draw that is missing, malformed or illegal."""


@dataclass(frozen=True)
class Subject:
    """A layout to draw, the game whose rules score it, and a name for the picture."""

    layout: Layout
    ruleset: Ruleset
    name: str


def _ruleset(game: str) -> Ruleset:
    try:
        return find_game(game)
    except FivesError:
        raise InputError(
            f"--game: unknown game {game!r}; expected one of {', '.join(game_names())}"
        ) from None


def replay(ruleset: Ruleset, plays: list[str], where: str) -> Layout:
    """The layout after ``plays``; an illegal or malformed play is named with its number."""
    layout = ruleset.new_layout()
    for number, text in enumerate(plays, 1):
        try:
            layout.play(text)
        except (NotationError, IllegalMoveError) as exc:
            raise InputError(f"{where}: play {number}: {exc}") from None
    return layout


def example_id(case: Case) -> str:
    """``<game>/<fixture ID>``: one documented example, whatever capability level checks it."""
    return f"{case.game}/{case.fixture_id}"


def first_per_example(cases: list[Case]) -> list[Case]:
    """One case per game and fixture (a fixture is split into a case per capability level)."""
    seen: dict[str, Case] = {}
    for case in cases:
        seen.setdefault(example_id(case), case)
    return list(seen.values())


def from_case(case: Case) -> Subject:
    """A fixture case: the layout after its plays (before any play it rejects), or for a
    turn-flow or match fixture the table after its last hand's actions."""
    ruleset = find_game(case.game)
    name = example_id(case)
    if case.kind in ("turns", "match"):
        try:
            tables = played_tables(case)
        except FivesError as exc:
            raise InputError(f"{case.path} ({name}): {exc}") from None
        if not tables:
            raise InputError(f"{case.path} ({name}): no tile is played: no table to draw")
        return Subject(tables[-1][2], ruleset, name)
    if "plays" not in case.request:
        raise InputError(
            f"{case.path} ({name}): a {case.kind} fixture starts from the remaining hands:"
            " it has no table to draw"
        )
    plays = [str(p) for p in case.request["plays"]]
    return Subject(replay(ruleset, plays, f"{case.path} ({name})"), ruleset, name)


def _fixture_cases(ref: str) -> list[Case]:
    path = Path(ref)
    try:
        if path.suffix in (".yaml", ".yml") or path.exists():
            if not path.exists():
                raise InputError(f"--fixture: no such file: {ref}")
            if not path.is_file():  # a FIFO would block the read, a device never end it
                what = "a folder" if path.is_dir() else "not a regular file (a FIFO, a device)"
                raise InputError(f"--fixture: {ref} is {what}")
            return cases_from(path)
        found = [c for c in load_cases() if ref in (c.id, example_id(c), c.fixture_id)]
    except FixtureError as exc:
        raise InputError(f"--fixture: {exc}") from None
    if not found:
        raise InputError(
            f"--fixture: {ref!r} is neither a fixture file nor a fixture or case ID"
            " (e.g. layout/diagram-1-5 or five-up/layout/diagram-1-5; see `fives cases`)"
        )
    return found


def from_fixture(ref: str, game: str | None = None) -> Subject:
    """A fixture file or ID, under ``game`` (default: the fixture's first game)."""
    cases = _fixture_cases(ref)
    if game is not None:
        _ruleset(game)
        cases = [c for c in cases if c.game == game]
        if not cases:
            raise InputError(f"--fixture: {ref} is not a case of {game}")
    return from_case(cases[0])  # every capability case of a fixture replays the same plays


def from_plays(text: str, game: str | None) -> Subject:
    """A play sequence in the notation of ``spec/notation.md``, under ``game``."""
    if game is None:
        raise InputError(
            f"--plays needs --game (one of {', '.join(game_names())}): the rules decide"
            " which doubles are spinners and how the play scores"
        )
    ruleset = _ruleset(game)
    try:
        plays = [str(p) for p in parse_plays(text)]
    except NotationError as exc:
        raise InputError(f"--plays: {exc}") from None
    if not plays:
        raise InputError("--plays: no plays given (expected e.g. '[1|4] [1|1]@[1|4]:small-end')")
    return Subject(replay(ruleset, plays, "--plays"), ruleset, "layout")
