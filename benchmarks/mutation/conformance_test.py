"""The test of every mutant: each ``must`` conformance case, in process, one pytest test per
case, and the audit of the engine's own games, one test per game and player count: every
kind of request the protocol defines (spec/protocol.md), ``selfplay`` included, as
``fives certify`` sends them. mutmut runs only the tests that reach the mutated function.

This module is copied into the staging folder by ``stage.py`` and imports only installed
packages. It is not part of the suite's own tests (``tests/``), whose other checks
(properties, bindings) would kill mutants that no conformance case can see.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator

import pytest

from fives_engine import find_game, game_names, layout, record, rules, terms, tiles
from fives_tools.certify.adapters.interface import Adapter
from fives_tools.certify.adapters.own_games import Table, ask
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.findings.status import PASS
from fives_tools.certify.observe import asked
from fives_tools.certify.own_games import OwnGames
from fives_tools.certify.runner import run_case
from fives_tools.cli.own_games import REFERENCE_PYTHON

MUST_CASES = [case for case in load_cases() if case.level == "must"]

#: The protocol's default time for one reply (spec/protocol.md, ``--timeout``): a reply that
#: does not come in time fails its case under ``fives certify``, so it fails it here too.
#: Counted in CPU seconds of this process, so that a loaded machine fails no case.
REPLY_SECONDS = 10.0

#: The variable by which mutmut tells the engine's functions which mutant to run.
MUTANT_VARIABLE = "MUTANT_UNDER_TEST"

#: The tables ``fives certify`` asks the reference engine's own games of: every game and
#: player count, one match each from seed 1 (``--own-games``'s default).
TABLES = [(game, players) for game in game_names() for players in find_game(game).players]


def clear_engine_caches() -> None:
    """Forget parsed game documents, loaded games, tile states, play texts and parsed tiles
    and plays worked out by earlier code (tests/test_mutation_memos.py finds a memo left
    out of this list)."""
    rules.find_game.cache_clear()
    rules._game_names.cache_clear()
    rules._parse.cache_clear()
    record.record_schema.cache_clear()
    layout._STATES.clear()
    terms._PLAY_TEXT.clear()
    terms._PARSED.clear()
    tiles._PARSED.clear()


class ReplyTimeout(Exception):
    """A case's replies took longer than the protocol allows."""


def _out_of_time(signum: int, frame: object) -> None:
    raise ReplyTimeout(f"no reply within {REPLY_SECONDS:.0f} s of CPU time (spec/protocol.md)")


@pytest.fixture(autouse=True)
def fresh_engine() -> Iterator[None]:
    """Each case works out its games, tile states and play texts itself, in its time limit.

    The memos would otherwise be filled by whichever case ran first: mutmut, which runs a
    mutant only against the cases that called the mutated function, would then test the
    code that fills them with that one case alone. And mutmut forks every mutant from a
    process that already ran the cases: memos of the original code would hide its mutants.
    """
    clear_engine_caches()
    previous = signal.signal(signal.SIGVTALRM, _out_of_time)
    signal.setitimer(signal.ITIMER_VIRTUAL, REPLY_SECONDS)
    yield
    signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    signal.signal(signal.SIGVTALRM, previous)


@pytest.fixture(scope="session")
def adapter() -> Iterator[Adapter]:
    engine = ReferenceAdapter()
    engine.start()
    yield engine
    engine.stop()


@pytest.mark.parametrize("case", MUST_CASES, ids=[case.id for case in MUST_CASES])
def test_must_case(adapter: Adapter, case: Case) -> None:
    result = run_case(adapter, case)
    assert result.status == PASS, result.message or [str(m) for m in result.mismatches]


@contextlib.contextmanager
def unmutated() -> Iterator[None]:
    """The original engine while the block runs, whatever mutant is under test.

    The audit of the engine's own games replays them with the engine: judged by the mutant
    itself, a mutant would agree with its own games. mutmut calls the mutant its variable
    names (the stats and test runs alike); an empty name calls the original. Memos are
    emptied on the way in and out, so that neither engine sees values the other worked out.
    """
    saved = os.environ.get(MUTANT_VARIABLE)
    os.environ[MUTANT_VARIABLE] = ""
    clear_engine_caches()
    try:
        yield
    finally:
        clear_engine_caches()
        if saved is None:
            del os.environ[MUTANT_VARIABLE]
        else:
            os.environ[MUTANT_VARIABLE] = saved


def own_games(game: str, players: int) -> OwnGames:
    """The engine's own games of one table, asked by ``selfplay`` (the engine under test)
    and audited as ``fives certify`` audits them (the original engine)."""
    wanted = asked.arguments(python=REFERENCE_PYTHON, game=[game], players=[players])
    given = list(ask(asked.adapter_of(wanted), Table(game, players), wanted.games, wanted.seed))
    observation = Observation()
    with unmutated():
        for one in given:
            asked.audit_game(wanted, one, observation)
    return OwnGames(observation, "selfplay")


@pytest.mark.parametrize("game, players", TABLES, ids=[f"{g}-{p}" for g, p in TABLES])
def test_own_games(game: str, players: int) -> None:
    """A ``must`` divergence of its own in the engine's own games, or a game not given,
    withholds the certificate (spec/protocol.md): it fails the mutant too."""
    games = own_games(game, players)
    shown = [f"{d.rule}: {d.what}: expected {d.expected}, got {d.got}" for d in games.against]
    notes = [note.text for note in games.observation.unreadable]
    assert not games.withholds, [*games.reasons(), *shown[:3], *notes[:3]]
