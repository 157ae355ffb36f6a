"""spec/protocol.md and the implementations agree: its worked exchange is valid and
answers its cases; the reference stdio server and the Node.js example are certified
through the subprocess protocol; Python adapters get the same checks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from fives_engine import game_names
from fives_tools.certify import places
from fives_tools.certify.adapters import protocol
from fives_tools.certify.adapters.interface import AdapterRefused
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter, load_object
from fives_tools.certify.adapters.reference import ReferenceImplementation
from fives_tools.certify.adapters.stdio_server import REFERENCE_COMMAND
from fives_tools.certify.cases import levels, load_cases
from fives_tools.certify.compare import compare
from fives_tools.certify.findings.status import ERROR, PASS, SKIP
from fives_tools.certify.judge.verdict import CERTIFIED, decide
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
