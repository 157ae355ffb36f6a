"""The table a match is played at: how many players, who partners whom, which deal, which
target. It is checked once against the game's parameters, so the states never re-check it.

Seats are numbered 0 .. n-1 in the order of play (clockwise). A *side* is what scores: a
player alone, or with four players in partnership the two partners facing each other,
seats 0 & 2 (side 0) and 1 & 3 (side 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from fives_engine.errors import IllegalDealError, RulesetError
from fives_engine.rules import Ruleset

PARTNERS_SEATS = 4


@dataclass(frozen=True)
class Setup:
    """The table of a match: players, partnerships, the deal option and the target in raw
    points, checked against the game by :meth:`of`."""

    players: int
    partnerships: bool
    deal_option: str | None
    target: int  # raw points

    @classmethod
    def of(
        cls,
        ruleset: Ruleset,
        players: int,
        partnerships: bool | None = None,
        deal_option: str | None = None,
        target: int | None = None,
    ) -> Setup:
        """A checked setup; ``partnerships`` defaults to partners wherever the game has them."""
        if players not in ruleset.players:
            raise RulesetError(
                f"{ruleset.title} is played by {', '.join(map(str, ruleset.players))} players,"
                f" not {players}"
            )
        mode = ruleset.partnerships(players)
        if partnerships is None:
            partnerships = mode is not None
        if partnerships and mode is None:
            raise IllegalDealError(
                f"{ruleset.title} has no partnerships with {players} players", "side.alone"
            )
        if not partnerships and mode == "fixed":
            raise IllegalDealError(
                f"{ruleset.title} with {players} players is always played in partnerships",
                "side.partnership",
            )
        if partnerships and players != PARTNERS_SEATS:
            raise RulesetError(f"partnerships need {PARTNERS_SEATS} players, not {players}")
        ruleset.deal_size(players, deal_option)  # an unknown option raises here
        if target is None:
            target = ruleset.target(players)
        if target <= 0:
            raise RulesetError(f"a target must be positive, got {target}")
        return cls(players, partnerships, deal_option, target)

    @property
    def sides(self) -> int:
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    def partner_of(self, seat: int) -> int | None:
        return (seat + 2) % PARTNERS_SEATS if self.partnerships else None

    def deal_size(self, ruleset: Ruleset) -> int:
        return ruleset.deal_size(self.players, self.deal_option)
