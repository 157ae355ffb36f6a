"""Shared pytest-bdd steps. Every step reaches the implementation through the adapter
interface (the ``fives_adapter`` fixture), never the engine directly, so the features
certify whatever adapter the run is given."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from fives_tools.certify.adapters.interface import Adapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.cases.fixture_file import expected_at
from fives_tools.certify.compare import held_against


class Table:
    """What the scenario has set up: a game and the plays made so far (layout), or the
    request fields of a turns, settlement or match request (``setup``)."""

    def __init__(self) -> None:
        self.game = ""
        self.plays: list[str] = []
        self.attempt: str | None = None
        self.total: int | None = None
        self.kind = "layout"
        self.setup: dict[str, Any] = {}

    def fixture_fields(self) -> dict[str, Any]:
        """The request fields the scenario set up itself; its fixture must send the same."""
        if self.kind != "layout":
            return dict(self.setup)
        return {"plays": self.plays, "reject": self.attempt}

    def hands(self) -> list[list[str]]:
        """The hands the scenario deals (turns) or leaves at the end of a hand (settlement)."""
        hands: list[list[str]] = (
            self.setup["deal"]["hands"] if self.kind == "turns" else self.setup["hands"]
        )
        return hands

    def request(self, **extra: Any) -> dict[str, Any]:
        req: dict[str, Any] = {"type": "layout", "game": self.game, "plays": list(self.plays)}
        if self.attempt is not None:
            req["reject"] = self.attempt
        req.update(extra)
        return req


@pytest.fixture
def table() -> Table:
    return Table()


def _ask(adapter: Adapter, request: dict[str, Any]) -> dict[str, Any]:
    reply = adapter.run(request)
    error = reply.get("error")
    assert not (isinstance(error, dict) and error.get("kind") in ("bad-request", "unsupported")), (
        reply
    )
    return reply


@given(parsers.re(r'an? (?P<game>[a-z0-9-]+) layout after the plays "(?P<plays>[^"]*)"'))
def layout_after(table: Table, game: str, plays: str) -> None:
    table.game = game
    table.plays = plays.split()


@given(parsers.re(r"an empty (?P<game>[a-z0-9-]+) layout"))
def empty_layout(table: Table, game: str) -> None:
    table.game = game


@given(parsers.parse("the {game} rules"))
def the_rules(table: Table, game: str) -> None:
    table.game = game


@when(parsers.parse('"{play}" is played'))
def is_played(table: Table, play: str) -> None:
    table.plays.append(play)


@when(parsers.parse('"{play}" is attempted'))
def is_attempted(table: Table, play: str) -> None:
    table.attempt = play


@when(parsers.parse("the scoring ends total {total:d}"))
def ends_total(table: Table, total: int) -> None:
    table.total = total
    table.kind, table.setup = "score", {"total": total}


@then("the scoring ends are")
def scoring_ends_are(fives_adapter: Adapter, table: Table, datatable: list[list[str]]) -> None:
    want = sorted(f"{tile}: {value}" for tile, value in datatable[1:])
    assert sorted(_ask(fives_adapter, table.request())["scoring_ends"]) == want


@then(parsers.parse("the scoring ends total {total:d}"))
def scoring_total(fives_adapter: Adapter, table: Table, total: int) -> None:
    assert _ask(fives_adapter, table.request())["total"] == total


@then("the attach points are")
def attach_points_are(fives_adapter: Adapter, table: Table, datatable: list[list[str]]) -> None:
    want = sorted(row[0] for row in datatable[1:])
    assert sorted(_ask(fives_adapter, table.request())["attach_points"]) == want


@then(parsers.parse('the attach points include "{first}" and "{second}"'))
def attach_points_include(fives_adapter: Adapter, table: Table, first: str, second: str) -> None:
    points = _ask(fives_adapter, table.request())["attach_points"]
    assert first in points and second in points, points


@then(parsers.parse('the spinners are "{spinners}"'))
def spinners_are(fives_adapter: Adapter, table: Table, spinners: str) -> None:
    assert _ask(fives_adapter, table.request())["spinners"] == [
        s.strip() for s in spinners.split(",")
    ]


def _score(adapter: Adapter, table: Table) -> dict[str, Any]:
    if table.total is not None:
        return _ask(adapter, {"type": "score", "game": table.game, "total": table.total})["score"]
    return _ask(adapter, table.request())["score"]


@then(parsers.parse("the play scores {raw:d} raw and {display:d} display"))
def scores_raw_display(fives_adapter: Adapter, table: Table, raw: int, display: int) -> None:
    assert _score(fives_adapter, table) == {"raw": raw, "display": display}


@then(parsers.parse("the play scores {raw:d} raw"))
def scores_raw(fives_adapter: Adapter, table: Table, raw: int) -> None:
    assert _score(fives_adapter, table)["raw"] == raw


@then(parsers.parse('the play is rejected citing rule "{rule}"'))
def rejected(fives_adapter: Adapter, table: Table, rule: str) -> None:
    error = _ask(fives_adapter, table.request())["error"]
    assert isinstance(error, dict) and error["kind"] == "illegal-play", error
    assert error.get("rule", rule) == rule, error


_CASES: dict[tuple[str, str], list[Case]] = {}


def cases_of(fixture: str, game: str) -> list[Case]:
    """Every case (one per capability level) of a fixture under a game."""
    if not _CASES:
        for case in load_cases():
            _CASES.setdefault((case.fixture_id, case.game), []).append(case)
    return _CASES[(fixture, game)]


def case_holds(adapter: Adapter, case: Case) -> None:
    """The implementation's reply to the case's request holds every fact the fixture
    expects (under any reading the case is neutral to)."""
    reply = adapter.run(dict(case.request))
    _, mismatches = held_against(case.expectations, reply)
    where = expected_at(case, [m.field for m in mismatches])
    assert not mismatches, (
        f"{case.id}, worked by hand in {where}: the engine disagrees; if the case is new,"
        " check that value against its source first\n"
        + "\n".join(m.describe() for m in mismatches)
    )


@then(parsers.parse('every fact of fixture "{fixture}" holds for {game}'))
def fixture_holds(fives_adapter: Adapter, table: Table, fixture: str, game: str) -> None:
    for case in cases_of(fixture, game):
        for key, value in table.fixture_fields().items():
            assert case.request.get(key) == value, f"the scenario and its fixture differ in {key}"
        case_holds(fives_adapter, case)
