"""The examples of spec/protocol.md and spec/notation.md are true: each documented request
is its case's request, each documented reply agrees with the case's expectation and fits
its schema, and the reference engine and the Node.js example adapter answer exactly that."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fives_engine import find_game
from fives_engine.position import Position
from fives_tools.certify.adapters import protocol
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.reference import handle
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.compare import compare

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = (ROOT / "spec" / "protocol.md").read_text(encoding="utf-8")
NOTATION = (ROOT / "spec" / "notation.md").read_text(encoding="utf-8")
CASES = {c.id: c for c in load_cases()}


@dataclass(frozen=True)
class Example:
    line: int
    case: str | None
    request: dict[str, Any]
    reply: dict[str, Any]

    @property
    def name(self) -> str:
        return self.case or f"protocol.md line {self.line}"


def examples(text: str) -> list[Example]:
    """``case:`` (optional), ``request:`` and ``reply:`` lines, in that order."""
    out: list[Example] = []
    case: str | None = None
    request: tuple[int, dict[str, Any]] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("case: "):
            case = line.removeprefix("case: ").strip()
        elif line.startswith("request: "):
            request = (number, json.loads(line.removeprefix("request: ")))
        elif line.startswith("reply: "):
            assert request is not None, f"protocol.md line {number}: a reply without a request"
            out.append(Example(request[0], case, request[1], json.loads(line[len("reply: ") :])))
            case, request = None, None
    return out


EXAMPLES = examples(PROTOCOL)


def _by_name() -> list[Any]:
    return [pytest.param(example, id=example.name) for example in EXAMPLES]


def test_the_document_has_an_example_for_every_request_type() -> None:
    assert {e.request["type"] for e in EXAMPLES} == {
        "layout",
        "score",
        "perft",
        "turns",
        "settlement",
        "match",
        "selfplay",
    }


@pytest.mark.parametrize("example", _by_name())
def test_a_documented_example_is_its_case(example: Example) -> None:
    assert not protocol.problems(f"{example.request['type']}-reply", example.reply)
    if example.request["type"] == "selfplay":  # no case: its record is audited (test_selfplay)
        assert example.case is None and example.reply["record"]["hands"]
        return
    if example.case is None:  # a request the suite never sends: a bad request
        assert example.reply["error"]["kind"] == "bad-request"
        return
    case: Case = CASES[example.case]
    assert case.request == example.request
    assert set(example.reply) <= set(case.expect), "a documented field the case does not expect"
    shown = {k: v for k, v in case.expect.items() if k in example.reply}
    assert not compare(shown, example.reply)


@pytest.mark.parametrize("example", _by_name())
def test_the_reference_engine_answers_as_documented(example: Example) -> None:
    assert not compare(example.reply, handle(example.request))


def test_the_node_example_adapter_answers_as_documented() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to check the example adapter (apt-get install nodejs)"
    adapter = SubprocessAdapter([node, str(ROOT / "examples" / "node-adapter" / "adapter.js")])
    adapter.start()
    try:
        wrong = [
            e.name
            for e in EXAMPLES
            if e.request["type"] != "selfplay"  # it plays its own game (tests/test_selfplay.py)
            and compare(e.reply, adapter.run(dict(e.request), e.name))
        ]
    finally:
        adapter.stop()
    assert wrong == []


def test_every_case_the_document_names_exists() -> None:
    fixtures = {c.fixture_id for c in CASES.values()}
    named = set(re.findall(r"`((?:layout|scoring|turns|settlement|match)/[a-z0-9-]+)`", PROTOCOL))
    assert named and named <= fixtures, named - fixtures
    perft = set(re.findall(r"`(\w[\w-]*/perft/[a-z0-9-]+)`", PROTOCOL + NOTATION))
    ids = {c.id.split("/depth-")[0] for c in CASES.values() if c.kind == "perft"}
    assert perft <= ids, perft - ids


def test_the_position_example_is_written_in_full_and_is_its_perft_case() -> None:
    lines = [line.strip() for line in NOTATION.splitlines() if line.startswith("    exact-61 ")]
    assert len(lines) == 1 and "..." not in lines[0]
    position = Position.parse(lines[0])
    assert sum(len(h) for h in position.hands) + len(position.plays) == 28
    case = CASES["exact-61/perft/pass-on-empty-boneyard/depth-1#turn-flow"]
    assert case.request["position"] == lines[0]
    assert [str(a) for a in position.state().legal_actions()] == ["pass"]


def test_every_documented_total_but_25_is_also_the_total_of_a_layout() -> None:
    """So play-score, which layouts alone check, sees the arithmetic of the bare totals."""
    for game in ("five-up", "exact-61", "all-fives"):
        bare = {c.request["total"] for c in CASES.values() if c.game == game and c.kind == "score"}
        built = {
            handle(c.request)["total"]
            for c in CASES.values()
            if c.game == game and c.capability == "play-score"
        }
        assert bare - built == {25}, game


def _glance() -> dict[str, list[str]]:
    """The table "The games at a glance": parameter -> one cell per game."""
    section = PROTOCOL.split("## The games at a glance", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return {cells[0].strip(): [c.strip() for c in cells[1:]] for cells in rows}


def test_the_games_at_a_glance_are_the_game_documents() -> None:
    table = _glance()
    games = [g.strip("`") for g in table["parameter"]]
    for game, dealt, options, spinners, shown, target in zip(
        games,
        table["tiles dealt each, by player count 2 / 3 / 4"],
        table["`deal_option`s"],
        table["spinners"],
        table["display points"],
        table["target (raw)"],
        strict=True,
    ):
        ruleset = find_game(game)
        assert dealt == " / ".join(str(ruleset.deal_size(n)) for n in (2, 3, 4))
        for option in ruleset.deal_options:
            sizes = " / ".join(str(ruleset.deal_size(n, option)) for n in (2, 3, 4))
            assert f"`{option}`: {sizes}" in options
        if not ruleset.deal_options:
            assert options == "none"
        assert spinners.startswith("every" if ruleset.spinners == "every-double" else "only")
        assert shown.startswith("yes" if ruleset.score_unit == "display" else "no")
        assert all(str(ruleset.target(n)) in target for n in (2, 3, 4))
