"""What both replays of a record (the reference's, :mod:`.record_audit`, and the fast
path's, :mod:`.fast`) do alike: count into the game's tally, and find the leader a hand
is replayed with. Written once, so the two cannot count differently."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fives_engine import Ruleset, Setup
from fives_tools.certify.findings.observation import GameTally, supplied
from fives_tools.certify.judge import exercise, steps
from fives_tools.certify.observe import readings


class Tallying:
    """A record's replay, as far as the tallies and the leaders go."""

    record: dict[str, Any]
    ruleset: Ruleset
    setup: Setup
    tally: GameTally
    next_leader: int | None  # who the rules say leads the next hand

    def exercise(self, rules: Iterable[str]) -> None:
        self.tally.exercised.update(rules)

    def target_supplied(self) -> None:
        """Count whether the record supplies its own target (one other than its game's
        usual one at that table): the target rule is then taken from the record, never
        a pass (:data:`.status.TAKEN`); ``fives audit --adapter`` holds it against the
        target asked."""
        stated = self.record.get("setup", {}).get("target")
        setup = self.setup
        usual = Setup.of(self.ruleset, setup.players, setup.partnerships, setup.deal_option)
        key = supplied(steps.TARGET)
        self.tally.possible[key] += 1
        self.tally.present[key] += int(stated is not None and stated != usual.target)

    def offers_due(self, seat: Any) -> bool:
        """Whether the record owes ``offered`` at a turn of ``seat``: at every seat, or
        only at the seats its ``setup.driven_seats`` names (the seats the adapter played
        through the engine's interface; the others are the engine's own players, which
        are offered nothing an observer sees)."""
        driven = self.record.get("setup", {}).get("driven_seats")
        return driven is None or seat in driven

    def events_agree(self, events: list[Any]) -> None:
        """A hand's events agreed with the replay's: what only they show is judged too
        (the display points of its scores)."""
        shown = any(isinstance(e, dict) and "display" in e for e in events)
        self.exercise(exercise.kept(self.ruleset, [steps.DISPLAY] if shown else []))

    def present(self, field: str, given: bool) -> None:
        self.tally.possible[field] += 1
        self.tally.present[field] += int(given)

    def leader(self, index: int, deal: dict[str, Any]) -> int | None:
        """The seat the hand is replayed with as leader: the record's, checked against the
        seat that went out of the hand before; that seat when the record names none."""
        actions = self.record["hands"][index - 1]["actions"]
        leader = readings.named_leader(deal, actions, self.setup.players)
        if self.next_leader is not None:
            self.present("leader", leader is not None)
            if leader is None:
                leader = self.next_leader
            else:
                self.exercise(exercise.kept(self.ruleset, [steps.WENT_OUT_LEADS]))
                if leader != self.next_leader:
                    self.wrong_leader(index, leader)
        return leader

    def wrong_leader(self, index: int, leader: int) -> None:
        """The record's ``leader`` of hand ``index`` is not the seat that went out."""
        raise NotImplementedError
