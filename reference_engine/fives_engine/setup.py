"""The table a match is played at: how many players, who partners whom, which deal, which
target. It is checked once against the game's parameters (:meth:`Setup.of`), so the states
never re-check it; it remembers the game it was checked for, and a match of another game
refuses it (:meth:`Setup.check_for`): Five Up's four players are always partners, All
Fives' may play alone, and a setup fit for one is not fit for the other.

Seats are numbered 0 .. n-1 in the order of play (clockwise). A *side* is what scores: a
player alone, or with four players in partnership the two partners facing each other,
seats 0 & 2 (side 0) and 1 & 3 (side 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from fives_engine.errors import FivesError, IllegalDealError, RulesetError
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
    game: str = ""  # the name of the game :meth:`of` checked it for ("" if made by hand)

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
        return cls(players, partnerships, deal_option, target, ruleset.name)

    def check_for(self, ruleset: Ruleset) -> None:
        """Refuse this setup for a match of ``ruleset`` unless :meth:`of` checked it for that
        game; one made by hand is checked now. The error quotes the setup."""
        if self.game == ruleset.name:
            return
        if self.game:
            raise RulesetError(
                f"{self!r} was checked for {self.game}, not {ruleset.name}:"
                f" make the {ruleset.title} table with Setup.of"
            )
        try:
            Setup.of(ruleset, self.players, self.partnerships, self.deal_option, self.target)
        except FivesError as exc:  # the same kind of error, quoting the setup
            exc.args = (f"{self!r}: {exc.args[0] if exc.args else exc}",)
            raise

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
