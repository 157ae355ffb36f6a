"""The other readings the audit recognises in a record, and the rule each decides: where
the sources are ambiguous the project chose one reading (spec/interpretations.yaml); an
implementation that takes the other is answered otherwise, not wrong. The replay
(:mod:`fives_tools.certify.observe.readings`) checks whether a record behaves so.

Only readings a record can show are here: of ``all-fives.target-immediate``, the target
checked once the hand is over and settled (the engine plays on past the target to the
hand's end and then declares the winner), as Five Up checks it; of
``all-fives.settlement-partners``, partners' remaining pips added up and rounded once (only
at a table of partners: the same rule's deduction at any other table is no reading); of
``lead.neutral-draw``, a written draw the lowest tile wins.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from fives_engine import Ruleset


@dataclass(frozen=True)
class OtherReading:
    """A reading of ``interpretation`` other than the project's: the game's ``parameters``
    changed as an implementation that takes it plays, and the rule the reading decides."""

    interpretation: str
    rule: str
    parameters: dict[str, Any]

    def ruleset(self, ruleset: Ruleset) -> Ruleset:
        """``ruleset`` read this way."""
        return dataclasses.replace(ruleset, parameters={**ruleset.parameters, **self.parameters})


#: By the game's ``target_check``: the other reading of when the match is won.
_TARGET = {
    "immediate": OtherReading(
        "all-fives.target-immediate",
        "match.first-to-target",
        {"target_check": "after-settlement", "tie_at_target": "play-on"},
    ),
}


#: Partners' remaining pips added up and rounded once, where the game's deduction rule
#: rests on the interpretation that leaves it open.
PARTNERS_MERGED = OtherReading("all-fives.settlement-partners", "settle.deduct-each-hand", {})


def of_partners(ruleset: Ruleset, partnerships: bool) -> OtherReading | None:
    """The other reading of whose score partners' pips come off, at a table of partners
    of a game whose deduction rule rests on that interpretation."""
    rule = ruleset.rules.get(PARTNERS_MERGED.rule)
    if not partnerships or rule is None:
        return None
    return PARTNERS_MERGED if PARTNERS_MERGED.interpretation in rule.interpretations else None


#: A neutral draw the lowest pip total wins (ties drawing again among the lowest).
LOWEST_DRAW = "lead.neutral-draw"


def of_target(ruleset: Ruleset) -> OtherReading | None:
    """The other reading of when ``ruleset``'s match is won, when the game's rule rests on
    an interpretation that has one."""
    other = _TARGET.get(ruleset.target_check)
    rule = ruleset.rules.get(other.rule) if other is not None else None
    if other is None or rule is None or other.interpretation not in rule.interpretations:
        return None
    return other
