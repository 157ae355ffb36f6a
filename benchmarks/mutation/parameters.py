"""Game documents mutated: every parameter of ``spec/games/*.yaml`` moved to a neighbouring
legal value, in process (no file is written), and the game's ``must`` cases run against it.

A mutation that no ``must`` case notices is a hole in the fixtures, unless it is listed in
:data:`EQUIVALENT` with the reason no reply can differ, or in :data:`INTERPRETATION`: the
sources are silent and only an ``implementation-defined`` case can tell it apart.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fives_engine import rules
from fives_engine.layout import SPINNER_POLICIES
from fives_engine.rules import Ruleset
from fives_engine.settlement import SETTLEMENTS
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.cases import Case
from fives_tools.certify.findings.status import ERROR, FAIL
from fives_tools.certify.runner import run_case

#: The legal values of each enumerated parameter (those the engine reads).
CHOICES: dict[str, tuple[str, ...]] = {
    "spinners": SPINNER_POLICIES,
    "score_unit": ("display", "raw"),
    "target_check": ("after-settlement", "exact-every-event", "immediate"),
    "overshoot": ("allowed", "discard-event"),
    "settlement": tuple(SETTLEMENTS),
    "tie_at_target": ("play-on", "not-applicable"),
}
#: Four players: partners always, partners or alone, or never.
PARTNERSHIP_MODES: tuple[str | None, ...] = ("fixed", "optional", None)
#: Parameters with no neighbouring value, and why.
UNMUTATED = {
    "tiles": "one legal value: the family plays with the double-six set only",
    "deal_options": (
        "mutated where a game has alternative deals (All Fives); Five Up and Exact 61 have"
        " none, and their sources name none to add"
    ),
    "target_agreed": (
        "words only: the books say the players agree the target; no engine reads it, so no"
        " reply can change"
    ),
}
#: Mutations that cannot change any reply (``<game>: <parameter> -> <value>``), and why.
EQUIVALENT = {
    "all-fives: settlement -> deduct-each-hand": (
        "the engine settles deduct-each-hand and deduct-each-player with one method"
        " (fives_engine.settlement.SETTLEMENTS): the two names record the sources' wording"
    ),
    "five-up: settlement -> deduct-each-player": (
        "the engine settles deduct-each-hand and deduct-each-player with one method"
        " (fives_engine.settlement.SETTLEMENTS): the two names record the sources' wording"
    ),
    "exact-61: tie_at_target -> play-on": (
        "tie_at_target is read only when the target is checked after settlement; Exact 61"
        " checks every event and wins on the first exact hit, so no tie at the top arises"
    ),
    "exact-61: target_check -> immediate": (
        "with overshoot discard-event no event takes a side past the target, so reaching it"
        " (immediate) and landing on it exactly (exact-every-event) are one test"
    ),
    "all-fives: raw_per_display -> 4": (
        "raw_per_display is read only where scores are kept in display points;"
        " All Fives keeps raw points"
    ),
    "all-fives: raw_per_display -> 6": (
        "raw_per_display is read only where scores are kept in display points;"
        " All Fives keeps raw points"
    ),
    "all-fives: tie_at_target -> play-on": (
        "tie_at_target is read only when the target is checked after settlement; All Fives"
        " ends the match the moment one side reaches the target, so no tie at the top arises"
    ),
}


#: Why a win in All Fives is implementation-defined.
_WHEN_CHECKED = (
    "a win is seen only by checking the target at the play or after settlement, a reading"
    " (interpretation all-fives.target-immediate); a must case can only show a side short"
    " of the target"
)
#: Mutations only an ``implementation-defined`` case can notice, and the reading they break.
INTERPRETATION = {
    "all-fives: target_check -> exact-every-event": _WHEN_CHECKED,
    "all-fives: target_check -> after-settlement": (
        "when All Fives checks its target is a reading (interpretation"
        " all-fives.target-immediate): the source only says the match is played until a"
        " player reaches the agreed number of points"
    ),
    "all-fives: partnerships.4 -> {4: 'fixed'}": (
        "four All Fives players alone is a reading (interpretation all-fives.four-players):"
        " the source says two to four players, best with four as a partnership game"
    ),
}


@dataclass(frozen=True)
class ParameterMutation:
    """One game parameter moved to a neighbouring legal value."""

    game: str
    parameter: str  # ``deal.3``, ``deal_options.five-each.2``, ``spinners`` ...
    original: Any
    mutated: Any
    parameters: Mapping[str, Any]

    @property
    def key(self) -> str:
        return f"{self.game}: {self.parameter} -> {self.mutated}"

    def __str__(self) -> str:
        return f"{self.game}: {self.parameter} {self.original!r} -> {self.mutated!r}"


def _with(params: Mapping[str, Any], path: Sequence[Any], value: Any) -> dict[str, Any]:
    """A copy of ``params`` with the value at ``path`` replaced (``None`` deletes it)."""
    out = dict(params)
    head, rest = path[0], path[1:]
    if rest:
        out[head] = _with(params[head], rest, value)
    elif value is None:
        out.pop(head, None)
    else:
        out[head] = value
    return out


def _count_tables(ruleset: Ruleset) -> Iterator[tuple[tuple[Any, ...], Mapping[int, int], int]]:
    """Tables by player count: the deal, each deal option; with their step."""
    yield ("deal",), ruleset.parameters["deal"], 1
    for name, table in (ruleset.parameters.get("deal_options") or {}).items():
        yield ("deal_options", name), table, 1


def mutations(ruleset: Ruleset) -> list[ParameterMutation]:
    """Every neighbouring-value mutation of ``ruleset``'s parameters."""
    params = ruleset.parameters
    out: list[ParameterMutation] = []

    def add(label: str, path: Sequence[Any], original: Any, value: Any) -> None:
        changed = _with(params, path, value)
        out.append(ParameterMutation(ruleset.name, label, original, value, changed))

    for name, choices in CHOICES.items():
        for choice in choices:
            if choice != params[name]:
                add(name, (name,), params[name], choice)
    counts = ruleset.players
    for count in counts:  # the game without one of its player counts
        add("players", ("players",), list(counts), [n for n in counts if n != count])
    for path, table, step in _count_tables(ruleset):
        label = ".".join(map(str, path))
        for count in counts:
            for delta in (-step, step):
                add(f"{label}.{count}", (*path, count), table[count], table[count] + delta)
        if path[0] == "deal_options":  # the option withdrawn
            add(label, path, dict(table), None)
    targets = {count: ruleset.target(count) for count in counts}
    for count in counts:  # one count's target, a multiple of 5 away (targets are raw)
        for delta in (-5, 5):
            table = {**targets, count: targets[count] + delta}
            add(f"target.{count}", ("target",), targets[count], table)
    if 4 in counts:  # partnerships are for four players only
        mode = ruleset.partnerships(4)
        others = {k: v for k, v in (params.get("partnerships") or {}).items() if k != 4}
        for other in PARTNERSHIP_MODES:
            if other != mode:
                modes = {**others, 4: other} if other else others
                add("partnerships.4", ("partnerships",), mode, modes)
    per = ruleset.raw_per_display
    for step in (per - 1, per + 1):
        add("raw_per_display", ("raw_per_display",), per, step)
    return out


def unmutated_parameters(ruleset: Ruleset) -> set[str]:
    """Parameters of the game no mutation above touches (must all be in :data:`UNMUTATED`)."""
    touched = {m.parameter.split(".")[0] for m in mutations(ruleset)}
    return set(ruleset.parameters) - touched


@contextlib.contextmanager
def serving(ruleset: Ruleset) -> Iterator[None]:
    """Every ``find_game`` of the engine and the adapter answers ``ruleset`` for its name."""
    original = rules.find_game

    def find_game(name: str) -> Ruleset:
        return ruleset if name == ruleset.name else original(name)

    patched = [
        module
        for module_name, module in list(sys.modules.items())
        if module_name.startswith(("fives_engine", "fives_tools"))
        and getattr(module, "find_game", None) is original
    ]
    for module in patched:
        module.find_game = find_game  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for module in patched:
            module.find_game = original  # type: ignore[attr-defined]


def killer(mutation: ParameterMutation, cases: Sequence[Case], level: str = "must") -> Case | None:
    """The first case of the mutated game and ``level`` that fails or errors, if any."""
    base = rules.find_game(mutation.game)
    mutated = dataclasses.replace(base, parameters=mutation.parameters)
    adapter = ReferenceAdapter()
    adapter.start()
    try:
        with serving(mutated):
            for case in cases:
                if case.game != mutation.game or case.level != level:
                    continue
                if run_case(adapter, case).status in (FAIL, ERROR):
                    return case
    finally:
        adapter.stop()
    return None
