"""The table at the end of each hand of a turn-flow or match fixture, by the engine.

The engine sets the fixture's table, deals its hands and applies its actions, exactly as
the reference adapter answers the fixture's request; nothing here knows a rule.
"""

from __future__ import annotations

from typing import Any

from fives_engine import (
    Deal,
    FivesError,
    Layout,
    MatchState,
    Ruleset,
    Setup,
    find_game,
    parse_action,
)
from fives_tools.certify.cases import Case


def setup_of(ruleset: Ruleset, request: dict[str, Any], seats: int) -> Setup | None:
    """The table of a request as the engine reads it (None where the engine refuses it)."""
    try:
        return Setup.of(
            ruleset,
            int(request.get("players", seats)),
            request.get("partnerships"),
            request.get("deal_option"),
            request.get("target"),
        )
    except FivesError:
        return None


def _expects_error(case: Case) -> bool:
    return bool(case.expect.get("error")) and "reject" not in case.request


def played_tables(case: Case) -> list[tuple[int, int, Layout]]:
    """(hand number, actions, layout) at the end of each hand of a turns or match case.

    The engine deals and plays the fixture's hands; a deal the fixture expects to be
    refused ends the list there.
    """
    ruleset = find_game(case.game)
    request = case.request
    hands = [request["deal"]] if case.kind == "turns" else list(request["hands"])
    out: list[tuple[int, int, Layout]] = []
    setup = setup_of(ruleset, request, len(hands[0]["hands"]))
    if setup is None:
        if _expects_error(case):
            return out
        raise FivesError(f"{case.path}: the engine refuses the table of {case.id}")
    match = MatchState(ruleset, setup, request.get("scores"))
    for number, hand in enumerate(hands, 1):
        actions = request["actions"] if case.kind == "turns" else hand["actions"]
        try:
            match.deal(Deal.from_json(hand))
            for action in actions:
                match.apply_action(parse_action(action))
        except FivesError:
            if _expects_error(case):
                return out
            raise
        if actions:
            out.append((number, len(actions), match.hands[-1].layout))
    return out
