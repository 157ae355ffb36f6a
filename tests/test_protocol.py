"""spec/protocol.md and the implementations agree: its worked exchange is valid and
answers its cases; the reference stdio server and the Node.js example are certified
through the subprocess protocol; Python adapters get the same checks."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from fives_engine import game_names
from fives_tools.certify import places, refusals
from fives_tools.certify.adapters import protocol
from fives_tools.certify.adapters.interface import AdapterRefused
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter, load_object
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.adapters.stdio_server import REFERENCE_COMMAND
from fives_tools.certify.cases import levels, load_cases
from fives_tools.certify.compare import Mismatch, compare
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.findings.status import ERROR, PASS, SKIP, TAKEN
from fives_tools.certify.fuzz.campaign import Plan, Slice, run_campaign
from fives_tools.certify.judge.verdict import CERTIFIED, decide
from fives_tools.certify.observe.audit import audit_records
from fives_tools.certify.runner import run_cases

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
EXAMPLE = [line for line in DOC.splitlines() if line.startswith(("> {", "< {"))]


def test_the_worked_exchange_is_complete_and_every_line_fits_its_schema() -> None:
    kinds = [json.loads(line[2:])["type"] for line in EXAMPLE]
    assert kinds == ["start", "ready", "run", "result", "run", "result", "stop"]
    runs: dict[int, dict[str, Any]] = {}
    for line in EXAMPLE:
        message = json.loads(line[2:])
        assert not protocol.problems(message["type"], message), line
        if message["type"] == "run":
            runs[message["seq"]] = message
        if message["type"] == "result":
            request = runs[message["seq"]]["request"]
            assert not protocol.problems(f"{request['type']}-reply", message["reply"])


def test_the_worked_replies_answer_their_cases() -> None:
    cases = {c.id: c for c in load_cases()}
    runs = {}
    for line in EXAMPLE:
        message = json.loads(line[2:])
        if message["type"] == "run":
            runs[message["seq"]] = message
            assert cases[message["case"]].request == message["request"]
        elif message["type"] == "result":
            case = cases[runs[message["seq"]]["case"]]
            assert not compare(case.expect, message["reply"])


def test_fives_certify_default_path_is_the_stdio_reference() -> None:
    cases = load_cases()
    run = run_cases(SubprocessAdapter(REFERENCE_COMMAND), cases)
    assert run.count(PASS) == len(cases) and run.ok


def test_the_node_example_adapter_is_certified_at_its_levels() -> None:
    """Written from the documents alone, it declares every level, game and player count,
    and every case of the suite runs and passes: no skip, no failure, no error."""
    node = shutil.which("node")
    assert node, "Node.js is needed to certify the example adapter (apt-get install nodejs)"
    adapter = SubprocessAdapter([node, str(ROOT / "examples" / "node-adapter" / "adapter.js")])
    cases = load_cases()
    run = run_cases(adapter, cases)
    assert run.adapter.language == "javascript"
    assert run.adapter.levels == tuple(levels.LEVELS)
    assert sorted(run.adapter.games) == sorted(game_names())
    assert [r.case.id for r in run.results if r.status != PASS] == []
    assert run.count(PASS) == len(cases)


def test_the_node_example_in_the_pips_form_is_certified_on_what_the_form_decides() -> None:
    """With --places=pips it names no place; every case the form can decide passes, and
    the rest (rejections illegal only for their place) are not decided; connections,
    which it does not declare, are never listed as not decidable."""
    node = shutil.which("node")
    assert node, "Node.js is needed to certify the example adapter (apt-get install nodejs)"
    script = str(ROOT / "examples" / "node-adapter" / "adapter.js")
    cases = load_cases()
    run = run_cases(SubprocessAdapter([node, script, "--places=pips"]), cases)
    assert run.adapter.places == places.PIPS
    assert [r.case.id for r in run.results if r.status not in (PASS, SKIP)] == []
    connections = [r for r in run.results if r.case.capability == levels.CONNECTIONS]
    assert connections and all("does not declare the level" in r.message for r in connections)
    assert [r for r in run.results if r.status == SKIP and r not in connections] == run.undecided
    assert run.undecided  # rejections illegal only for their place
    assert decide(run).kind == CERTIFIED
    [lone] = [
        r for r in run.results if r.case.id == "five-up/layout/lone-led-double-5-5#attach-points"
    ]
    assert lone.reply is not None and lone.reply["attach_points"] == ["[5|5] (5)", "[5|5] (5)"]
    assert lone.reply["legal_plays"] == ["[0|5]@[5|5]:5", "[5|6]@[5|5]:5"]


def test_a_python_adapter_that_raises_costs_one_case() -> None:
    class Flaky(ReferenceImplementation):
        calls = 0

        def run(self, request: dict[str, Any]) -> dict[str, Any]:
            self.calls += 1
            if self.calls == 2:
                raise RuntimeError("simulated bug")
            return super().run(request)

    cases = load_cases()[:4]
    run = run_cases(PythonAdapter(Flaky()), cases)
    assert [r.status for r in run.results] == [PASS, ERROR, PASS, PASS]
    assert "RuntimeError: simulated bug" in run.results[1].message


def test_python_adapter_loading_errors_are_clear() -> None:
    with pytest.raises(AdapterRefused, match="cannot import 'no_such_module'"):
        load_object("no_such_module:Adapter")
    with pytest.raises(AdapterRefused, match="has no attribute 'Nope'"):
        load_object("fives_tools.certify.adapters.reference:Nope")
    with pytest.raises(AdapterRefused, match="no adapter 'nothing-registered'"):
        load_object("nothing-registered")
    with pytest.raises(AdapterRefused, match=r"has no start\(\) method"):
        PythonAdapter(object())
    impl = load_object("fives_tools.certify.adapters.reference:ReferenceImplementation")
    assert isinstance(impl, ReferenceImplementation)


def test_a_python_adapter_with_a_bad_ready_is_refused() -> None:
    class OldProtocol(ReferenceImplementation):
        def start(self) -> dict[str, Any]:
            return {**super().start(), "protocol": "0.9"}

    class NoGames(ReferenceImplementation):
        def start(self) -> dict[str, Any]:
            ready = super().start()
            del ready["games"]
            return ready

    with pytest.raises(AdapterRefused, match=r"speaks protocol 0\.9"):
        PythonAdapter(OldProtocol()).start()
    with pytest.raises(AdapterRefused, match="'games' is a required property"):
        PythonAdapter(NoGames()).start()


# -- the questions adapter and log writers asked (spec/protocol.md, spec/records.md) -------

SPEC = ROOT / "spec"


def documented_examples() -> dict[str, Any]:
    """Every ``example: NAME`` of the three documents, with the JSON block under it."""
    found: dict[str, Any] = {}
    for doc in ("protocol.md", "records.md", "notation.md"):
        text = (SPEC / doc).read_text(encoding="utf-8")
        for match in re.finditer(r"^example: (\S+)\n```json\n(.*?)\n```$", text, re.M | re.S):
            assert match.group(1) not in found, f"{doc}: example {match.group(1)} twice"
            found[match.group(1)] = json.loads(match.group(2))
    return found


EXAMPLES = documented_examples()


def _audit(record: dict[str, Any]) -> Observation:
    obs = Observation()
    audit_records([("example", record)], obs, "")
    return obs


def _rules(obs: Observation) -> list[str]:
    return [d.rule for d in obs.divergences]


def _reply_fits(example: dict[str, Any]) -> list[Any]:
    case = {c.id: c for c in load_cases()}[example["case"]]
    form = example.get("places", places.CANONICAL)
    expect = places.expectation(case, form=form)[0] if form != places.CANONICAL else case.expect
    return compare(expect, example["reply"], form)


def check_one_end_two_ways(record: dict[str, Any]) -> None:
    assert not _audit(record).divergences
    last = record["hands"][0]["actions"][-1]
    assert last["action"] == "[0|4]@[1|4]:4"
    bent = json.loads(json.dumps(record))
    bent["hands"][0]["actions"][-1]["action"] = "[0|4]@[1|1]:4"  # the lead, not the anchor
    assert _audit(bent).unreadable


def check_attach_points_twice(example: dict[str, Any]) -> None:
    assert _reply_fits(example) == []
    once = {**example["reply"], "attach_points": example["reply"]["attach_points"][:1]}
    assert [m.field for m in _reply_fits({**example, "reply": once})] == ["attach_points"]


def check_ends_lone_double(example: dict[str, Any]) -> None:
    assert _reply_fits(example) == []
    halves = {**example["reply"], "scoring_ends": ["5", "5"]}
    assert [m.field for m in _reply_fits({**example, "reply": halves})] == ["scoring_ends"]


def check_refused_by_the_board(example: dict[str, Any]) -> None:
    case = {c.id: c for c in load_cases()}[example["case"]]
    found = refusals.refusal(example["reply"], case.request)
    assert isinstance(found, Mismatch) and found.field == refusals.REFUSED


def check_fuzz_pips(example: dict[str, Any]) -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to fuzz the example adapter (apt-get install nodejs)"
    command = example["command"]
    assert command[:2] == ["fives", "fuzz"]
    script, flag = command[command.index("--adapter") + 1].split()[1:]
    adapter = SubprocessAdapter([node, str(ROOT / script), flag])
    budget = int(command[command.index("--budget") + 1])
    seed = int(command[command.index("--seed") + 1])
    outcome = run_campaign(adapter, Plan(seed=seed), Slice(0, 1, budget))
    assert outcome.verdict() == example["verdict"]

    class CanonicalPosingAsPips(ReferenceImplementation):
        """Declares the pips form and answers in the notation: every place it names differs."""

        def start(self) -> dict[str, Any]:
            return {**super().start(), "places": places.PIPS}

    bent = run_campaign(PythonAdapter(CanonicalPosingAsPips()), Plan(seed=seed), Slice(0, 1, 40))
    assert bent.disagreements


def check_html_and_book(example: dict[str, Any]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split(example["readme_section"], 1)[1].split("\n## ", 1)[0]
    assert all(word in section for word in example["mentions"])


def check_driven(record: dict[str, Any]) -> None:
    obs = _audit(record)
    assert not obs.divergences
    tally = obs.games["all-fives"]
    driven = [a for a in record["hands"][0]["actions"] if a["seat"] in (0,)]
    assert tally.possible["offered"] == tally.present["offered"] == len(driven) == 7
    unset = json.loads(json.dumps(record))
    del unset["setup"]["driven_seats"]
    assert _audit(unset).games["all-fives"].possible["offered"] == 19


def check_wrong_total(record: dict[str, Any]) -> None:
    [div] = _audit(record).divergences
    assert (div.expected, div.got) == ("0", "255")
    assert "[1|4]: 4, [1|5]: 5; they total 9" in div.explain[0]
    assert "no known misreading" in div.explain[1]


def check_passes(record: dict[str, Any]) -> None:
    assert _rules(_audit(record)) == ["hand.end.block"]


def check_stall(record: dict[str, Any]) -> None:
    obs = _audit(record)
    assert _rules(obs) == ["hand.end.block"] and "stalled" in obs.divergences[0].what


def check_onehand(record: dict[str, Any]) -> None:
    assert not _audit(record).divergences
    named = json.loads(json.dumps(record))
    named["result"]["winner"] = 0
    assert "match.first-to-target" in _rules(_audit(named))


def check_own_target(record: dict[str, Any]) -> None:
    obs = _audit(record)
    assert not obs.divergences and obs.status("all-fives", "match.target") == TAKEN
    usual = json.loads(json.dumps(record))
    del usual["setup"]["target"]
    assert _audit(usual).status("all-fives", "match.target") != TAKEN


def check_illegal_placement(record: dict[str, Any]) -> None:
    obs = _audit(record)
    assert _rules(obs) == ["play.match-attach-point"] and not obs.unreadable
    assert "[2|3] has no 1" in obs.divergences[0].what


CHECKS = {
    "one-end-two-ways": check_one_end_two_ways,
    "attach-points-twice": check_attach_points_twice,
    "ends-lone-double": check_ends_lone_double,
    "refused-by-the-board": check_refused_by_the_board,
    "fuzz-pips": check_fuzz_pips,
    "html-and-book": check_html_and_book,
    "driven": check_driven,
    "wrong-total": check_wrong_total,
    "passes": check_passes,
    "stall": check_stall,
    "onehand": check_onehand,
    "own-target": check_own_target,
    "illegal-placement": check_illegal_placement,
}


def test_every_documented_answer_has_its_check() -> None:
    assert sorted(EXAMPLES) == sorted(CHECKS)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_a_documented_answer_holds(name: str) -> None:
    CHECKS[name](EXAMPLES[name])
