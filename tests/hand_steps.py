"""pytest-bdd steps for hands and matches: turn flow from an injected deal, settlement of
a finished hand, and scripted matches. Like every step, they reach the implementation only
through the adapter (the ``fives_adapter`` fixture); the scenario's own set-up must be what
its fixture sends (see ``every fact of fixture ... holds`` in steps.py)."""

from __future__ import annotations

from typing import Any

from pytest_bdd import given, parsers, then, when
from steps import Table, cases_of

from fives_tools.certify.adapters.interface import Adapter

GAME = r"(?P<game>[a-z0-9-]+)"


def _words(text: str) -> list[str]:
    return text.split()


def _ints(text: str) -> list[int]:
    return [int(n) for n in text.split()]


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


@given(parsers.parse("the agreed target {target:d}"))
def agreed_target(table: Table, target: int) -> None:
    table.setup["target"] = target


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


@when(parsers.parse('the player to act attempts "{action}"'))
def player_to_act_attempts(table: Table, action: str) -> None:
    """A ``reject`` that names no seat: the attempt of the player to act."""
    table.setup["reject"] = {"action": action}


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


# -- settlement: the remaining hands ------------------------------------------------------
@given(
    parsers.re(
        rf"an? {GAME} table of (?P<players>\d) players(?P<mode> in partnerships| playing alone)?"
        r' at scores "(?P<scores>[^"]*)"'
    )
)
def a_table(table: Table, game: str, players: str, mode: str | None, scores: str) -> None:
    table.kind, table.game = "settlement", game
    n = int(players)
    table.setup.update(players=n, **_partnerships(mode), scores=_ints(scores))
    table.setup["hands"] = [[] for _ in range(n)]


@given(parsers.re(r"seat (?P<seat>\d) has gone out with a play scoring (?P<raw>\d+)"))
def gone_out(table: Table, seat: str, raw: str) -> None:
    table.setup.update(went_out=int(seat), last_play=int(raw))


@given("the hand is blocked")
def blocked(table: Table) -> None:
    table.setup["block"] = True


@given(parsers.re(r"seat (?P<seat>\d) led the hand"))
def led_the_hand(table: Table, seat: str) -> None:
    table.setup["leader"] = int(seat)


@when("the hand is settled")
def settled(table: Table) -> None:
    assert table.kind == "settlement"


# -- matches: scripted in a fixture ------------------------------------------------------------
@given(parsers.re(rf'the {GAME} match scripted in fixture "(?P<fixture>[^"]+)"'))
def scripted_match(table: Table, game: str, fixture: str) -> None:
    table.kind, table.game = "match", game
    request = cases_of(fixture, game)[0].request
    table.setup = {k: v for k, v in request.items() if k not in ("type", "game")}


@when("the scripted hands are played")
def hands_played(table: Table) -> None:
    assert table.kind == "match"


# -- outcomes shared by settlement and matches ----------------------------------------------
@then(parsers.parse('the scores are "{scores}"'))
def scores_are(fives_adapter: Adapter, table: Table, scores: str) -> None:
    assert _reply(fives_adapter, table)["scores"] == _ints(scores)


@then(parsers.parse('the display scores are "{scores}"'))
def display_scores_are(fives_adapter: Adapter, table: Table, scores: str) -> None:
    assert _reply(fives_adapter, table)["display_scores"] == _ints(scores)


@then(parsers.re(r"side (?P<side>\d) wins the match"))
def side_wins(fives_adapter: Adapter, table: Table, side: str) -> None:
    reply = _reply(fives_adapter, table)
    assert reply["match_over"] is True and reply["winner"] == int(side), reply


@then("the match goes on")
def match_goes_on(fives_adapter: Adapter, table: Table) -> None:
    reply = _reply(fives_adapter, table)
    assert reply["match_over"] is False and reply["winner"] is None, reply


@then(parsers.re(r"(?:side (?P<side>\d) wins the block|the block has no winner)"))
def block_result(fives_adapter: Adapter, table: Table, side: str | None) -> None:
    want = None if side is None else int(side)
    assert _reply(fives_adapter, table)["block_winner"] == want


@then(parsers.parse('the leaders are "{seats}"'))
def leaders_are(fives_adapter: Adapter, table: Table, seats: str) -> None:
    assert _reply(fives_adapter, table)["leaders"] == _ints(seats)


@then("the score events are")
def score_events_are(fives_adapter: Adapter, table: Table, datatable: list[list[str]]) -> None:
    """Each row is one score event in order; the columns name the fields compared."""
    header, rows = datatable[0], datatable[1:]
    events = [e for e in _reply(fives_adapter, table)["events"] if e["event"] == "score"]
    got = [[str(e.get(column, "")) for column in header] for e in events]
    assert got == rows, got


@when("the deal is made")
def deal_made(table: Table) -> None:
    assert table.kind == "turns"


@given(parsers.parse('the position "{position}"'))
def the_position(table: Table, position: str) -> None:
    table.kind, table.game = "perft", position.split()[0]
    table.setup = {"position": position}


@when(parsers.parse("the action sequences of length {depth:d} are counted"))
def counted(table: Table, depth: int) -> None:
    table.setup["depth"] = depth


@then(parsers.parse("there are {count:d} of them"))
def there_are(fives_adapter: Adapter, table: Table, count: int) -> None:
    reply = fives_adapter.run({"type": "perft", "game": table.game, **table.setup})
    assert reply["nodes"] == count, reply
