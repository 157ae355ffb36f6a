"""pytest-bdd steps for hands: turn flow from an injected deal. Like every step, they
reach the implementation only through the adapter (the ``fives_adapter`` fixture); the
scenario's own set-up must be what its fixture sends (see ``every fact of fixture ...
holds`` in steps.py)."""

from __future__ import annotations

from typing import Any

from pytest_bdd import given, parsers, then, when
from steps import Table

from fives_tools.adapter import Adapter

GAME = r"(?P<game>[a-z0-9-]+)"


def _words(text: str) -> list[str]:
    return text.split()


def _reply(adapter: Adapter, table: Table) -> dict[str, Any]:
    reply = adapter.run({"type": table.kind, "game": table.game, **table.setup})
    error = reply.get("error")
    assert not (isinstance(error, dict) and error.get("kind") in ("bad-request", "unsupported")), (
        reply
    )
    return reply


def _partnerships(mode: str | None) -> dict[str, bool]:
    if not mode:
        return {}
    return {"partnerships": mode.strip() == "in partnerships"}


# -- turns: a deal and actions ------------------------------------------------------------
@given(
    parsers.re(
        rf"an?(?: {GAME})? deal for (?P<players>\d) players"
        r"(?P<mode> in partnerships| playing alone)?"
    )
)
def a_deal(table: Table, game: str | None, players: str, mode: str | None) -> None:
    """A deal to fill in seat by seat; the game may come later (``Given the <game> rules``)."""
    table.kind = "turns"
    if game:
        table.game = game
    n = int(players)
    table.setup.update(players=n, **_partnerships(mode))
    table.setup["deal"] = {"hands": [[] for _ in range(n)], "boneyard": []}
    table.setup["actions"] = []


@given(parsers.parse('the deal option "{option}"'))
def deal_option(table: Table, option: str) -> None:
    table.setup["deal_option"] = option


@given(parsers.re(r'seat (?P<seat>\d) holds "(?P<tiles>[^"]*)"'))
def seat_holds(table: Table, seat: str, tiles: str) -> None:
    table.hands()[int(seat)] = _words(tiles)


@given(parsers.parse('the boneyard holds "{tiles}"'))
def boneyard_holds(table: Table, tiles: str) -> None:
    table.setup["deal"]["boneyard"] = _words(tiles)


@given(parsers.re(r"seat (?P<seat>\d) leads"))
def seat_leads(table: Table, seat: str) -> None:
    table.setup["deal"]["leader"] = int(seat)


@when(parsers.parse('the actions "{actions}" are taken'))
def actions_taken(table: Table, actions: str) -> None:
    table.setup["actions"] = _words(actions)


@when(parsers.re(r'seat (?P<seat>\d) attempts "(?P<action>[^"]+)"'))
def seat_attempts(table: Table, seat: str, action: str) -> None:
    table.setup["reject"] = {"seat": int(seat), "action": action}


@then(parsers.re(r"seat (?P<seat>\d) is to act"))
def seat_to_act(fives_adapter: Adapter, table: Table, seat: str) -> None:
    assert _reply(fives_adapter, table)["current_player"] == int(seat)


@then("nobody is to act")
def nobody_to_act(fives_adapter: Adapter, table: Table) -> None:
    assert _reply(fives_adapter, table)["current_player"] is None


@then(parsers.parse('the legal actions are "{actions}"'))
def legal_actions_are(fives_adapter: Adapter, table: Table, actions: str) -> None:
    got = _reply(fives_adapter, table)["legal_actions"]
    assert sorted(got) == sorted(_words(actions)) and len(set(got)) == len(got), got


@then(parsers.parse('the tiles drawn are "{tiles}"'))
def tiles_drawn(fives_adapter: Adapter, table: Table, tiles: str) -> None:
    events = _reply(fives_adapter, table)["events"]
    assert [e["tile"] for e in events if e["event"] == "draw"] == _words(tiles)


@then(parsers.re(r"seat (?P<seat>\d) passes (?P<times>\d) times?"))
def seat_passes(fives_adapter: Adapter, table: Table, seat: str, times: str) -> None:
    events = _reply(fives_adapter, table)["events"]
    passes = [e for e in events if e["event"] == "pass" and e["seat"] == int(seat)]
    assert len(passes) == int(times), events


@then(parsers.re(r"the hand ends (?P<how>by going out|in a block)"))
def hand_ends(fives_adapter: Adapter, table: Table, how: str) -> None:
    want = "out" if how == "by going out" else "block"
    assert _reply(fives_adapter, table)["ended"] == want


@then(parsers.re(r'the (?P<what>action|deal) is rejected citing rule "(?P<rule>[^"]+)"'))
def rejected(fives_adapter: Adapter, table: Table, what: str, rule: str) -> None:
    error = _reply(fives_adapter, table)["error"]
    assert isinstance(error, dict) and error["kind"] == f"illegal-{what}", error
    assert error.get("rule", rule) == rule, error


@when("the deal is made")
def deal_made(table: Table) -> None:
    assert table.kind == "turns"
