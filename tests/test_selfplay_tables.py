"""Asking for a table (issue #27, item 11): a ``selfplay`` request may name the deal option,
the target and four players alone; ``fives audit --adapter`` asks for them; a record that
leaves them out (or nulls them) is judged at the table asked, one that states another table
is no game of it; and a deal option is never guessed from a hand's size."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, ClassVar

import pytest

from fives_engine import Setup, find_game
from fives_tools.certify.adapters import protocol, selfplay
from fives_tools.certify.adapters.own_games import Table, ask
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.observe import audit_records
from fives_tools.certify.observe.asked import arguments, observe, rerun, table_of
from fives_tools.cli import main

NODE_ADAPTER = Path(__file__).resolve().parent.parent / "examples" / "node-adapter" / "adapter.js"
REFERENCE = "fives_tools.certify.adapters.reference:ReferenceImplementation"


def _record(option: str | None, players: int = 3) -> dict[str, Any]:
    ruleset = find_game("all-fives")
    played = selfplay.play(ruleset, Setup.of(ruleset, players, None, option), 5, "hand")
    return selfplay.observation(played, 5)


def test_five_each_to_three_players_without_its_option_is_a_wrong_deal() -> None:
    """Without ``deal_option`` the audit once took 5 each to 3 All Fives players for the
    ``five-each`` deal it fits; the usual deal for 3 is 7 each, so it is a divergence."""
    record = _record("five-each")
    assert len(record["hands"][0]["deal"]["hands"][0]) == 5
    assert audit_records([record]).ok  # stated: the deal the option makes
    for left_out in (False, True):
        copy = {**record, "setup": dict(record["setup"])}
        if left_out:
            del copy["setup"]["deal_option"]
        else:
            copy["setup"]["deal_option"] = None  # null counts as absent
        obs = audit_records([copy])
        # one divergence of the table, "deals 5 to 3 players", and the hands judged as dealt
        found = [(d.rule, d.checked) for d in obs.divergences]
        assert found[:1] == [("deal.hand-size", "setup.hand_size")], found


def test_a_request_carries_the_table_asked_and_only_that() -> None:
    table = Table("all-fives", 4, False, "hand", "five-each", 150)
    assert table.request(3) == {
        "type": "selfplay",
        "game": "all-fives",
        "players": 4,
        "partnerships": False,
        "deal_option": "five-each",
        "target": 150,
        "unit": "hand",
        "seed": 3,
    }
    assert "target" not in Table("five-up").request(1)


def test_a_record_of_another_table_than_asked_is_no_game_of_it() -> None:
    class Partners(ReferenceImplementation):
        def run(self, request: dict[str, Any]) -> dict[str, Any]:
            return super().run({**request, "partnerships": True})

    [asked] = ask(PythonAdapter(Partners()), Table("all-fives", 4, False, "hand"), 1)
    assert asked.record is None
    assert asked.error == "asked for partnerships false, it played partnerships true"


def test_a_record_leaving_out_the_asked_table_is_judged_at_it() -> None:
    class Silent(ReferenceImplementation):
        def run(self, request: dict[str, Any]) -> dict[str, Any]:
            reply = super().run(request)
            reply["record"]["setup"]["deal_option"] = None
            return reply

    [asked] = ask(PythonAdapter(Silent()), Table("all-fives", 3, None, "hand", "five-each"), 1)
    assert asked.record is not None and asked.record["setup"]["deal_option"] == "five-each"
    assert audit_records([asked.record]).ok


@pytest.mark.parametrize("seed", [1, 2])
def test_fives_audit_asks_for_four_players_alone_a_deal_and_a_target(seed: int) -> None:
    args = arguments(
        python=REFERENCE,
        game=["all-fives"],
        players=[3, 4],
        unit="match",
        partnerships=False,
        deal_option="five-each",
        target=50,
        seed=seed,
        no_steered=True,
    )
    obs = observe(args)
    assert obs.records == 2 and obs.ok, obs.verdict()
    tally = obs.games["all-fives"]
    assert tally.exercised["deal.options"] >= 2  # judged at the deal asked
    assert tally.exercised["match.target"] >= 2


def test_the_audit_options_are_checked_and_named_in_a_rerun(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = arguments(python=REFERENCE, partnerships=False, deal_option="seven-five", target=100)
    assert rerun(args, table_of(args, "all-fives", 4), 7).endswith(
        "--unit match --partnerships false --deal-option seven-five --target 100 --games 1 --seed 7"
    )
    # the other games always seat partners and have no deal options: only the target
    assert "--target 100 --games" in rerun(args, table_of(args, "five-up", 4), 7)
    assert "--partnerships" not in rerun(args, table_of(args, "five-up", 4), 7)
    with pytest.raises(SystemExit):
        main(["audit", "--python", REFERENCE, "--partnerships", "maybe"])
    assert "expected true or false, got 'maybe'" in capsys.readouterr().err


def test_the_documented_request_is_what_the_audit_sends_and_is_played() -> None:
    doc = (Path(__file__).resolve().parent.parent / "spec" / "protocol.md").read_text("utf-8")
    section = doc.split("**Asking for a table.**", 1)[1].split("\n**", 1)[0]
    [line] = [ln for ln in section.splitlines() if ln.startswith('{"type": "selfplay"')]
    request = json.loads(line)
    args = arguments(python=REFERENCE, partnerships=False, deal_option="five-each", target=150)
    args.unit = "hand"
    assert table_of(args, "all-fives", 4).request(3) == request
    run = {"type": "run", "seq": 1, "case": "selfplay:all-fives:3", "request": request}
    assert not protocol.problems("run", run)
    record = ReferenceImplementation().run(request)["record"]
    assert record["setup"]["partnerships"] is False
    assert record["setup"]["deal_option"] == "five-each" and record["setup"]["target"] == 150


def test_the_node_example_plays_the_table_asked() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to audit the example adapter (apt-get install nodejs)"
    asks = {"partnerships": False, "deal_option": "five-each", "target": 100}
    adapter = f"{node} {NODE_ADAPTER}"
    args = arguments(adapter=adapter, game=["all-fives"], players=[3, 4], no_steered=True, **asks)
    obs = observe(args)
    assert obs.records == 2 and obs.ok, obs.verdict()
    assert obs.games["all-fives"].exercised["deal.options"] >= 2
    [asked] = ask(SubprocessAdapter([node, str(NODE_ADAPTER)]), table_of(args, "all-fives", 4), 1)
    assert asked.record is not None and not asked.error
    setup = asked.record["setup"]
    assert (setup["partnerships"], setup["deal_option"], setup["target"]) == (
        False,
        "five-each",
        100,
    )
    assert len(asked.record["hands"][0]["deal"]["hands"]) == 4


def test_an_engine_that_ignores_the_target_asked_diverges_on_match_target() -> None:
    """AgreedTargetIgnored plays to the usual 250 when asked for 50: a game of the table
    asked, played to another end, not a game not given."""
    bent = "bent_engines.catalog:AgreedTargetIgnored"
    obs = observe(arguments(python=bent, game=["all-fives"], players=[2], target=50))
    assert not obs.unreadable
    [claim] = [d for d in obs.divergences if d.checked == "setup.target"]
    assert (claim.rule, claim.expected, claim.got) == ("match.target", "50", "250")
    assert observe(arguments(python=REFERENCE, game=["all-fives"], players=[2], target=50)).ok


class Spy(ReferenceImplementation):
    """The reference engine, keeping every selfplay request it is sent."""

    asked: ClassVar[list[dict[str, Any]]] = []

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("type") == "selfplay":
            Spy.asked.append(dict(request))
        return super().run(request)


def test_fives_certify_asks_its_own_games_at_the_table_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--own-partnerships``, ``--own-deal-option``, ``--own-target``: the own games of a
    certificate asked at a table, as ``fives audit`` asks them; the cases keep theirs."""
    Spy.asked.clear()
    spy = f"{__name__}:Spy"
    table = ["--own-partnerships", "false", "--own-deal-option", "five-each", "--own-target", "60"]
    code = main(["certify", "--python", spy, "--game", "all-fives", "-q", *table])
    out = capsys.readouterr().out
    assert code == 0, out
    # the steered games (spec/steered-deals.yaml) come with tables of their own
    own = [r for r in Spy.asked if "deals" not in r]
    assert len(own) < len(Spy.asked)
    four = [r for r in own if r["players"] == 4]
    assert own and four and all(r["partnerships"] is False for r in four)
    assert all(r["deal_option"] == "five-each" and r["target"] == 60 for r in own)
    Spy.asked.clear()
    assert main(["certify", "--python", spy, "--game", "all-fives", "-q"]) == 0
    capsys.readouterr()
    own = [r for r in Spy.asked if "deals" not in r]
    assert own and all("target" not in r and "deal_option" not in r for r in own)
