"""Steered games (spec/protocol.md, "Steered games"): a ``selfplay`` request may hand the
engine its deals; the reference engine and the Node example deal them and play their own
way; the suite's steered games (spec/steered-deals.yaml) are valid deals of their tables,
each for rules of its game; with them the own games of both engines judge every rule of
every game, and an engine that cannot be dealt a game is told which rules stay unjudged
and why."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Any

import pytest

from fives_engine import Setup, find_game, game_names
from fives_engine.deal import Deal, check_deal
from fives_tools import options
from fives_tools.certify.adapters import steered
from fives_tools.certify.adapters.interface import AdapterInfo, AdapterRefused
from fives_tools.certify.adapters.own_games import Table, ask
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation, handle
from fives_tools.certify.observe.asked import arguments, observe, tables
from fives_tools.certify.own_games import OwnGames
from fives_tools.certify.reports.audit import causes
from fives_tools.certify.reports.own_games import block_lines
from fives_tools.certify.runner import Run
from fives_tools.cli import own_games
from fives_tools.options import Implementation

ROOT = Path(__file__).resolve().parent.parent
NODE_ADAPTER = ROOT / "examples" / "node-adapter" / "adapter.js"
FIRST = steered.load()[0]


def test_the_reference_engine_deals_the_deals_asked_and_chooses_its_own_way() -> None:
    deals = list(FIRST.deals)
    request = {**FIRST.table().request(3), "deals": deals}
    record = handle(request)["record"]
    assert 1 <= len(record["hands"]) <= len(deals)
    for hand, deal in zip(record["hands"], deals, strict=False):
        assert hand["deal"]["hands"] == deal["hands"]
        assert hand["deal"]["boneyard"] == deal["boneyard"]
    other = handle({**request, "seed": 4})["record"]
    assert other["hands"][0]["deal"] == record["hands"][0]["deal"]  # the same deal ...
    assert other["hands"][0]["actions"] != record["hands"][0]["actions"]  # ... its choices


def test_after_going_out_the_deal_names_no_leader() -> None:
    """The seat that went out leads, whatever the deal's draw says."""
    for seed in range(1, 30):
        record = handle(FIRST.table().request(seed))["record"]
        hands = record["hands"]
        if len(hands) > 1 and hands[0].get("ended") == "out":
            went_out = hands[0]["actions"][-1]["seat"]
            assert hands[1]["deal"]["leader"] == went_out
            assert "draws" not in hands[1]["deal"]
            return
    pytest.fail("no steered game of the first table went out before its last hand")


def test_a_deal_the_table_cannot_deal_is_an_illegal_deal() -> None:
    deal = dict(FIRST.deals[0])
    deal["hands"] = [deal["hands"][0][:-1], *deal["hands"][1:]]
    reply = handle({**FIRST.table().request(1), "deals": [deal]})
    assert reply["error"]["kind"] == "illegal-deal"
    assert reply["error"]["rule"] == "deal.hand-size"


def test_a_record_of_other_deals_is_no_game_of_the_steered_one() -> None:
    table = FIRST.table()
    record = handle(table.request(1))["record"]
    assert table.dealt(record) == ""
    swapped = {**record, "hands": [dict(h) for h in record["hands"]]}
    deal = swapped["hands"][0]["deal"]
    swapped["hands"][0]["deal"] = {**deal, "hands": deal["hands"][::-1]}
    assert table.dealt(swapped) == "hand 1 was not dealt the deal asked"
    longer = {**record, "hands": record["hands"] + record["hands"][:1] * len(table.deals)}
    assert table.dealt(longer).startswith(f"asked for {len(table.deals)} deals")


def test_an_engine_that_cannot_be_dealt_a_game_is_not_asked_for_one() -> None:
    class Unstacked(ReferenceImplementation):
        def start(self) -> dict[str, Any]:
            ready = super().start()
            del ready["selfplay_deals"]
            return ready

    with pytest.raises(AdapterRefused, match="does not declare selfplay_deals"):
        list(ask(PythonAdapter(Unstacked()), FIRST.table(), 1))
    chosen = tables(arguments(python="x"))(AdapterInfo.from_ready(Unstacked().start()))
    assert chosen and not any(t.deals for t in chosen)


@pytest.mark.parametrize("game", game_names())
def test_the_steered_games_are_deals_of_their_tables_for_rules_of_their_game(game: str) -> None:
    ruleset = find_game(game)
    mine = [s for s in steered.load() if s.game == game]
    assert mine, f"no steered game of {game}"
    for s in mine:
        setup = Setup.of(ruleset, s.players, s.partnerships, s.deal_option, s.target)
        for deal in s.deals:
            check_deal(Deal.from_json(deal), ruleset, setup, None, False)
        assert s.rules and set(s.rules) <= set(ruleset.rules), s.id
        assert all(1 <= n <= steered.PLAYOUTS for n in s.rules.values()), s.id
    assert {r for s in mine for r in s.rules} == set(ruleset.rules)
    assert len({s.id for s in steered.load()}) == len(steered.load())


def _own_games(impl: Implementation | None, adapter: Any) -> OwnGames:
    info = adapter.start()
    adapter.stop()
    into = OwnGames()
    own_games.ask(impl, info, list(game_names()), into)
    return into


def test_the_reference_engines_own_games_judge_every_rule_of_every_game() -> None:
    found = _own_games(None, PythonAdapter(ReferenceImplementation()))
    assert found.observation.ok and not found.observation.unreadable
    assert found.unjudged == []
    assert "steered games" in found.source


def test_the_node_examples_own_games_judge_every_rule_of_every_game() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to ask the example adapter (apt-get install nodejs)"
    command = f"{node} {NODE_ADAPTER}"
    found = _own_games(Implementation("adapter", command), SubprocessAdapter(command.split()))
    assert found.observation.ok and not found.observation.unreadable
    assert found.unjudged == []


def test_without_steered_games_the_rules_left_unjudged_are_named_with_why() -> None:
    class Unstacked(ReferenceImplementation):
        def start(self) -> dict[str, Any]:
            ready = super().start()
            del ready["selfplay_deals"]
            return ready

    into = OwnGames()
    info = AdapterInfo.from_ready(Unstacked().start())
    python = f"{__name__}:UNSTACKED"
    globals()["UNSTACKED"] = Unstacked
    own_games.ask(Implementation("python", python), info, ["five-up"], into)
    why = dict(((g, r), w) for g, r, w in into.unjudged)
    assert ("five-up", "match.tie-plays-on") in why
    assert why[("five-up", "match.tie-plays-on")] == (
        "no match tied at the top: fives reference engine does not declare selfplay_deals"
        " (steered games)"
    )
    run = Run(adapter=info, results=[], own_games=into)
    lines = block_lines(run)
    assert "  not judged by its own games:" in lines
    assert any("five-up: match.tie-plays-on: no match tied at the top" in line for line in lines)


def test_a_target_may_differ_by_player_count() -> None:
    given = [options.target("150"), options.target("4:100")]
    assert given == [(None, 150), (4, 100)]
    assert [options.target_for(given, n) for n in (2, 3, 4)] == [150, 150, 100]
    with pytest.raises(argparse.ArgumentTypeError, match="P:N for P players"):
        options.target("5:100")
    args = arguments(python="x", target=given, no_steered=True)
    info = AdapterInfo.from_ready(ReferenceImplementation().start())
    asked = {(t.game, t.players): t.target for t in tables(args)(info)}
    assert asked[("all-fives", 4)] == 100 and asked[("all-fives", 2)] == 150
    assert Table("five-up", 4, target=100).request(1)["target"] == 100


@pytest.mark.parametrize(
    ("name", "first"), [("TieAtTheTopWins", True), ("TieBreakIsSuddenDeath", False)]
)
def test_steered_games_catch_what_random_games_never_reach(name: str, first: bool) -> None:
    """A tie at the top is rare in random games: bent engines that mishandle it are not
    named within one random match per table (tests/test_selfplay_audit.py, NOT_YET);
    dealt the steered games, their rule is among the likely causes, first for one (the
    other's later hands, played on from the wrong winner, rank a settlement rule first)."""
    from bent_engines import catalog

    bent = type(f"{name}Steered", (getattr(catalog, name),), {"STEERED": True})
    setattr(catalog, bent.__name__, bent)
    obs = observe(arguments(python=f"bent_engines.catalog:{bent.__name__}"))
    ranked = [rule for rule, _alone, _shared in causes(obs)]
    assert bent.BENT_RULE in ranked
    assert (ranked[:1] == [bent.BENT_RULE]) is first
