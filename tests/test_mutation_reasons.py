"""The committed reasons of the mutation report (``benchmarks/mutation/equivalents.yaml`` and
``unreached.yaml``) load, each names code the engine still has, and the reasons that can be
checked without mutmut are: a function filed as reached by no request is called by no
request of any kind the protocol defines (every case's, and ``selfplay`` for every table
and unit), and the facts some equivalences rest on hold.

A reason whose function was renamed or removed would explain nothing and go unnoticed until
the next (slow) ``make mutation``; these checks are cheap and need no mutmut results.
"""

from __future__ import annotations

import fnmatch
import linecache
import sys
from pathlib import Path
from types import CodeType, FrameType

import pytest

from benchmarks.mutation import results, unreached
from benchmarks.mutation.branches import _function_names
from fives_engine import Deal, HandState, Tile, find_game, game_names
from fives_engine.settlement import settlement_for
from fives_tools.certify.adapters.own_games import Table
from fives_tools.certify.adapters.protocol import SELFPLAY_UNITS
from fives_tools.certify.adapters.reference import handle
from fives_tools.certify.cases import load_cases
from fives_tools.certify.cases.case import schemas_dir
from fives_tools.certify.compare import compare
from fives_tools.certify.observe import audit_records

ENGINE = Path(__file__).resolve().parents[1] / "reference_engine" / "fives_engine"
SCHEMAS = schemas_dir()


def _functions() -> dict[str, set[str]]:
    """mutmut's name of every engine function -> the stripped text of its lines."""
    out: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        module = f"fives_engine.{path.stem}"
        for number, name in _function_names(path, module).items():
            out.setdefault(name, set()).add(linecache.getline(str(path), number).strip())
    return out


FUNCTIONS = _functions()
EQUIVALENTS = results.load_equivalents()
REASONS = unreached.load_reasons()


@pytest.mark.parametrize("entry", EQUIVALENTS, ids=lambda e: e.pattern)
def test_every_equivalent_names_an_engine_function(entry: results.Equivalent) -> None:
    function = entry.pattern.partition("__mutmut_")[0]
    assert fnmatch.filter(FUNCTIONS, function), f"{entry.pattern}: no such engine function"


@pytest.mark.parametrize("reason", REASONS, ids=lambda r: f"{r.function} {r.line}".strip())
def test_every_unreached_reason_names_engine_code(reason: unreached.Reason) -> None:
    functions = fnmatch.filter(FUNCTIONS, reason.function)
    assert functions, f"{reason.function}: no such engine function"
    if reason.line:
        assert any(reason.line in FUNCTIONS[f] for f in functions), (
            f"{reason.function}: no line {reason.line!r}"
        )


def test_every_reason_says_why() -> None:
    whys = [e.why for e in EQUIVALENTS] + [r.why for r in REASONS]
    assert all(len(why.split()) >= 4 for why in whys)


def _mutmut_name(code: CodeType) -> str | None:
    """mutmut's name of an engine function's code (None for nested code)."""
    qualname = code.co_qualname
    if "<" in qualname:
        return None
    module = f"fives_engine.{Path(code.co_filename).stem}"
    owner, _, name = qualname.rpartition(".")
    if owner:
        return f"{module}.x{results.SEPARATOR}{owner}{results.SEPARATOR}{name}"
    return f"{module}.x_{name}"


def selfplay_requests() -> list[dict[str, object]]:
    """A ``selfplay`` request (spec/protocol.md) of every game, player count, partnership
    choice the game allows and unit: the requests no case sends."""
    out = []
    for game in game_names():
        ruleset = find_game(game)
        for players in ruleset.players:
            mode = ruleset.partnerships(players)
            choices = [None] if mode in (None, "fixed") else [True, False]
            for partners in choices:
                for unit in SELFPLAY_UNITS:
                    out.append(Table(game, players, partners, unit).request(1))
    return out


@pytest.fixture(scope="module")
def called_by_requests() -> set[str]:
    """Every engine function a request calls, over every case of the suite (the
    implementation-defined ones too: what an "outside" reason excludes is any request) and
    every ``selfplay`` request (:func:`selfplay_requests`)."""
    engine = str(ENGINE)
    called: set[str] = set()

    def trace(frame: FrameType, event: str, arg: object) -> None:
        if frame.f_code.co_filename.startswith(engine):
            name = _mutmut_name(frame.f_code)
            if name:
                called.add(name)

    requests = [dict(case.request) for case in load_cases()] + selfplay_requests()
    sys.settrace(trace)
    try:
        replies = [handle(request) for request in requests]
    finally:
        sys.settrace(None)
    assert called, "no engine function was traced: is fives_engine this repository's?"
    played = [r for q, r in zip(requests, replies, strict=True) if q["type"] == "selfplay"]
    assert all("record" in reply for reply in played), "a selfplay request was not answered"
    return called


NEVER_CALLED = [
    str(pattern)
    for entry in results.read_entries(results.EQUIVALENTS, "equivalents", "mutant")
    if entry.get("called") == "never"
    for pattern in (entry["mutant"] if isinstance(entry["mutant"], list) else [entry["mutant"]])
]


@pytest.mark.parametrize("pattern", NEVER_CALLED)
def test_a_function_no_request_reaches_is_called_by_no_request(
    pattern: str, called_by_requests: set[str]
) -> None:
    function = pattern.partition("__mutmut_")[0]
    assert fnmatch.filter(FUNCTIONS, function), f"{pattern}: no such engine function"
    reached = sorted(fnmatch.filter(called_by_requests, function))
    assert not reached, (
        f"{pattern} is filed as reached by no request, yet a request calls {reached}"
    )


def test_scoring_ends_compare_as_a_multiset() -> None:
    """The reason of the mutants that reorder scoring ends."""
    assert compare({"scoring_ends": ["a", "b"]}, {"scoring_ends": ["b", "a"]}) == []


def test_no_selfplay_deal_names_its_leader(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reason of the mutants of the leader line of ``Deal.to_json``: no request reaches
    it, since only a selfplay reply carries a deal and the engine's own deals never name
    their leader. Seen from inside ``to_json``, over every table and unit."""
    written: list[object] = []
    to_json = Deal.to_json

    def spy(deal: Deal) -> dict[str, object]:
        written.append(deal.leader)
        return to_json(deal)

    monkeypatch.setattr(Deal, "to_json", spy)
    for request in selfplay_requests():
        for seed in (1, 2, 3):
            assert "record" in handle({**request, "seed": seed})
    assert written, "no deal was written: is to_json still how a record writes a deal?"
    assert set(written) == {None}


def test_the_audit_reads_no_seed_of_a_record() -> None:
    """The reason of the mutant that writes a record's seed only when there is none: the
    seed is informational (spec/records.md), so a record with its seed, another seed or none
    is audited alike, a wrong score included."""
    record = handle(Table("five-up", 2, None, "match").request(4))["record"]
    record["hands"][0]["actions"][2]["score"] += 5
    seeds = [record["setup"]["seed"], 12345, None]
    seen = []
    for seed in seeds:
        setup = {k: v for k, v in record["setup"].items() if k != "seed"}
        one = {**record, "setup": setup if seed is None else {**setup, "seed": seed}}
        observation = audit_records([("game", one)])
        seen.append(
            (
                observation.divergences,
                {game: tally.exercised for game, tally in observation.games.items()},
            )
        )
    assert seen[0][0], "the wrong score was not seen: is the record still a Five Up one?"
    assert seen[1:] == [seen[0], seen[0]]


def test_five_up_and_all_fives_settle_without_the_last_play() -> None:
    """The reason of the mutants that pass the last play to their settlement."""
    for game in ("five-up", "all-fives"):
        assert not settlement_for(find_game(game).settlement).merges_last_play


CHECK = f"fives_engine.hand.x{results.SEPARATOR}HandState{results.SEPARATOR}_check__mutmut_0"
#: A line of HandState._check, as it stands in the engine.
TURN = 'raise self._reject(action, seat, f"it is seat {self._current}\'s turn", "turn.clockwise")'


def _diff(old: str, new: str) -> str:
    return f"--- a\n+++ b\n-        {old}\n+        {new}\n"


@pytest.mark.parametrize(
    ("new", "message_only"),
    [
        (TURN.replace("it is seat", "XXit is seatXX"), True),  # the words
        (TURN.replace("""f"it is seat {self._current}'s turn\"""", "None"), True),  # dropped
        (TURN.replace('"turn.clockwise"', '"XXturn.clockwiseXX"'), False),  # the rule changed
        (TURN.replace('"turn.clockwise"', "None"), False),  # the rule dropped
        (TURN.replace('"turn.clockwise"', '"turn.must-play"'), False),  # another rule
        (TURN.replace("{self._current}", "{None}"), False),  # an expression it evaluates
        (TURN.replace("action, seat,", "None, seat,"), False),  # an argument, not words
    ],
)
def test_message_only_is_the_words_of_a_raise_alone(new: str, message_only: bool) -> None:
    assert results.message_only(CHECK, _diff(TURN, new)) is message_only


def test_a_refusal_names_its_rule_whatever_its_words() -> None:
    """The reason of the mutants that change what HandState._reject is told besides the rule."""
    ruleset = find_game("five-up")
    deal = Deal.of([[Tile.parse("[0|0]")], [Tile.parse("[1|1]")]], ())
    state = HandState(ruleset, deal, 0)
    refusal = state._reject(None, None, None, "turn.clockwise")  # type: ignore[arg-type]
    assert refusal.rule == "turn.clockwise"
