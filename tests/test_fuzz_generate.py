"""The fuzzer's generator: deterministic, legal, inside the declared scope, as documented."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from fives_engine import HandState
from fives_engine.position import position_of
from fives_fast.tables import action_of
from fives_tools.certify.adapters.interface import AdapterInfo
from fives_tools.certify.adapters.reference import ReferenceImplementation, handle
from fives_tools.certify.cases import levels
from fives_tools.certify.fuzz import differ, gen_hands, gen_scores
from fives_tools.certify.fuzz.generate import RECIPES, generate
from fives_tools.certify.fuzz.scope import Scope, ScopeError

ROOT = Path(__file__).resolve().parent.parent
FULL = Scope.of(AdapterInfo.from_ready(ReferenceImplementation().start()))


def test_the_same_seed_gives_the_same_requests() -> None:
    first = [generate(11, i, FULL).request for i in range(40)]
    again = [generate(11, i, FULL).request for i in reversed(range(40))][::-1]
    assert first == again
    assert first != [generate(12, i, FULL).request for i in range(40)]


def test_every_request_is_legal_and_every_probe_is_refused() -> None:
    kinds: Counter[str] = Counter()
    for index in range(250):
        generated = generate(5, index, FULL)
        reply = handle(generated.request)
        assert not differ.refused(reply), (index, generated.request, reply)
        if "reject" in generated.request:
            assert reply["error"] is not None, (index, generated.request)
        kinds[generated.request["type"]] += 1
    assert set(kinds) == {"layout", "score", "turns", "perft", "settlement", "match"}


def test_only_the_declared_levels_games_and_players_are_asked() -> None:
    info = AdapterInfo("layout only", "js", "1", "1.0", ("all-fives",), tuple(levels.LAYOUT_FIELDS))
    scope = Scope.of(info)
    assert {generate(0, i, scope).request["type"] for i in range(60)} == {"layout"}
    assert {generate(0, i, scope).request["game"] for i in range(60)} == {"all-fives"}
    with_table = Scope.of(
        AdapterInfo(
            "layouts and table",
            "js",
            "1",
            "1.0",
            ("all-fives",),
            (*levels.LAYOUT_FIELDS, levels.SCORE_TABLE),
        )
    )
    assert {generate(0, i, with_table).request["type"] for i in range(60)} == {"layout", "score"}
    three = Scope.of(AdapterInfo.from_ready(ReferenceImplementation().start()), players=[3])
    for i in range(60):
        request = generate(0, i, three).request
        assert request.get("players", 3) == 3


def test_a_scope_with_nothing_to_ask_is_refused() -> None:
    info = AdapterInfo("settles", "py", "1", "1.0", ("five-up",), (levels.SETTLEMENT,), (2, 5))
    with pytest.raises(ScopeError, match="nothing to ask"):
        Scope.of(info, players=[5])  # declared, but Five Up is never played by five


def test_a_player_count_the_implementation_does_not_declare_is_refused() -> None:
    """Else ``--players 7`` leaves only the requests with no table, and fuzzes those."""
    info = AdapterInfo.from_ready(ReferenceImplementation().start())
    with pytest.raises(ScopeError, match="declares 2, 3, 4 players, not 7"):
        Scope.of(info, players=[3, 7])


def test_the_documented_distribution_is_the_generators() -> None:
    text = (ROOT / "spec" / "fuzz.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z-]+)` \| `([a-z]+)` \| (\d+) \|", text, re.MULTILINE)
    assert rows == [(r.name, r.request_type, str(r.weight)) for r in RECIPES]


def test_the_generators_positions_are_the_reference_engines() -> None:
    """Perft positions are written from the fast path's hand: the same text as the
    reference engine's hand after the same actions, at every step of a few hands."""
    rng = random.Random(3)
    for game in ("five-up", "all-fives"):
        played = gen_hands.played_hand(rng, game, FULL)
        reference = HandState(played.ruleset, played.deal, played.leader)
        for upto, action in enumerate(played.actions):
            fast = played.replay(upto)
            want = position_of(reference, game, played.setup.partnerships)
            assert gen_hands.position_at(fast, game, played.setup.partnerships) == want
            reference.apply_action(action_of(action))


def test_matches_ending_near_the_target_reach_ties_exact_hits_and_near_misses() -> None:
    """Five Up requests of the recipe match-ends end, as the reference engine plays them,
    tied at the top, won, and played on under the target, each within 40 requests."""
    rng = random.Random(4)
    outcomes: Counter[str] = Counter()
    for _ in range(40):
        reply = handle(gen_scores.match_end_request(rng, "five-up", FULL))
        if any(e["event"] == "tie" for e in reply["events"]):
            outcomes["tie"] += 1
        outcomes["won" if reply["match_over"] else "on"] += 1
    assert outcomes["tie"] and outcomes["won"] and outcomes["on"], outcomes
