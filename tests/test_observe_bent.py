"""The audit names the bent rule first: a bent engine (tests/bent_engines) plays its own
games, the audit replays their records under the rules, and the likely causes of the
divergences it finds start with the rule the engine bends. Only bends a player meets in
random games of a few hands are here; the rest need positions random play seldom reaches
(their cases in the suite catch them)."""

from __future__ import annotations

import contextlib
from typing import Any
from unittest import mock

import pytest
from bent_engines import catalog
from observed import observed_match

from fives_engine.layout import _STATES
from fives_tools.certify.findings.status import FAIL
from fives_tools.certify.observe import audit_records
from fives_tools.certify.reports.audit import causes

#: bent engine, and the table its own games are played at
SHOWN = [
    ("CountsInteriorSpinner", "five-up", 2, None),
    ("BranchesBeforeStraights", "five-up", 2, None),
    ("CountsUnstartedBranch", "five-up", 2, None),
    ("EveryDoubleSpinsInAllFives", "all-fives", 2, None),
    ("OnlyFirstDoubleSpinsInFiveUp", "five-up", 2, None),
    ("OuterDoubleCountsOneHalf", "exact-61", 2, None),
    ("ScoresRoundedDownTotals", "all-fives", 3, None),
    ("LaterDoublesNotCrosswise", "all-fives", 2, None),
    ("DrawWhileHoldingPlay", "five-up", 3, None),
    ("RoundsTwoUp", "five-up", 3, None),
    ("RoundsThreeDown", "five-up", 3, None),
    ("PartnersRoundedTogether", "five-up", 4, True),
    ("GoingOutScoresOpponents", "five-up", 2, None),
    ("PartnersSideBySide", "five-up", 4, True),
    ("LeadRotates", "five-up", 2, None),
    ("BlockWhenBoneyardRunsDry", "all-fives", 3, None),
]
#: bends that show at the end of a match: whole matches are played
AT_THE_END = [
    ("OvershootAppliedInPart", "exact-61", 2, None),
    ("GoingOutEventNeedsPips", "exact-61", 2, None),
    ("TargetCheckedBeforeSettlement", "five-up", 2, None),
]


def bent_games(
    bent: catalog.Bent, game: str, players: int, partners: bool | None, hands: int | None = 8
) -> list[Any]:
    """Records of the bent engine's own games (its shuffle, leader and random choices)."""
    records = []
    for seed in range(1, 6):
        with contextlib.ExitStack() as stack:
            stack.enter_context(mock.patch.dict(_STATES, clear=True))
            for patch in bent.patches():
                stack.enter_context(patch)
            records.append(observed_match(game, players, partners, seed, hands=hands))
    return records


@pytest.mark.parametrize(
    ("name", "game", "players", "partners", "hands"),
    [(*table, 8) for table in SHOWN] + [(*table, None) for table in AT_THE_END],
)
def test_the_bent_rule_is_the_first_likely_cause(
    name: str, game: str, players: int, partners: bool | None, hands: int | None
) -> None:
    bent = getattr(catalog, name)()
    obs = audit_records(bent_games(bent, game, players, partners, hands))
    assert obs.divergences, f"{name}: its own games show no divergence"
    assert causes(obs)[0][0] == bent.BENT_RULE
    assert obs.status(game, bent.BENT_RULE) == FAIL
