"""The audit's accelerator: a record replayed on the fast path (:mod:`fives_fast`, held to
the reference engine by `tests/fast_differential.py`), about three times the reference
replay's pace (``python -m benchmarks.audit_fast``).

It only ever says "this record agrees with the rules wherever it says something", and
then what the reference replay (:class:`.record_audit.RecordAudit`) would add to the
game's tally for it: the same steps, rules exercised from the same facts
(:mod:`.exercise`), fields present or not (:class:`.tallying.Tallying`). Anything else
(an action not legal or not in the notation's canonical text, an offer, settled scores,
events, an end or a result that differ; a field it does not check, ``score``, a house
move) makes it give up, and the reference replays the record: it alone finds and
explains divergences, so the verdict is one, whichever path replays.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

from fives_engine import DOUBLE_SIX, Draw, FivesError, Pass, Play, Ruleset, Setup
from fives_engine.deal import check_deal
from fives_fast import FastMatch
from fives_fast.hand import FastHand
from fives_fast.tables import DRAW, JOIN, LEAD, PLAY, SPINNER, TILE_ID, action_id, action_of
from fives_tools.certify.findings.observation import GameTally
from fives_tools.certify.judge import exercise, steps
from fives_tools.certify.observe.load import parse_action_text
from fives_tools.certify.observe.replay import numbered, replay_deal
from fives_tools.certify.observe.tallying import Tallying

#: Set (to anything but ``0`` or empty) to replay every record with the reference engine.
REFERENCE_ENV = "FIVES_AUDIT_REFERENCE"
#: The fields of a step the fast replay checks as the reference does: any other one
#: (``score``, ``house``, ``stopped``) sends the record to the reference.
STEP_FIELDS = frozenset(("seat", "action", "tile", "offered"))
#: The fields of a hand it checks.
HAND_FIELDS = frozenset(("deal", "actions", "ended", "scores", "events"))


def wanted() -> bool:
    """Whether the fast replay is to be tried (the default), as the environment says."""
    return os.environ.get(REFERENCE_ENV, "") in ("", "0")


class Disagree(Exception):
    """The fast replay sees something other than agreement: the reference must replay."""


#: action text -> action id, or None for a text that is no action in the notation (the
#: pips form, which only the reference resolves against its legal plays)
_IDS: dict[str, int | None] = {}
#: the texts ``_IDS`` keeps at most: the notation has a few thousand plays, and a log of
#: ever new texts that are no action would otherwise grow it without end
_IDS_MAX = 1 << 16
#: per game, its rules and: (action id, drawn tile pending, anchor a spinner) -> the rules
#: that action exercises
_RULES: dict[str, tuple[Ruleset, dict[tuple[int, bool, bool], tuple[str, ...]]]] = {}


def _id(text: str) -> int | None:
    if text in _IDS:
        return _IDS[text]
    try:
        parsed = parse_action_text(text)
    except FivesError:
        parsed = None
    canonical = isinstance(parsed, Play | Draw | Pass) and str(parsed) == text
    number = action_id(parsed) if canonical else None
    if len(_IDS) < _IDS_MAX:
        _IDS[text] = number
    return number


def replay(record: dict[str, Any], ruleset: Ruleset, setup: Setup) -> GameTally | None:
    """What the reference replay of ``record`` would add to its game's tally, when the
    record agrees with the rules at every step; None when it may not (then the reference
    must replay it)."""
    try:
        return _FastAudit(record, ruleset, setup).run()
    except (Disagree, FivesError, ValueError):
        return None


def add(into: GameTally, tally: GameTally) -> None:
    """Add one record's ``tally`` to its game's."""
    into.records += tally.records
    into.hands += tally.hands
    into.actions += tally.actions
    for mine, theirs in (
        (into.exercised, tally.exercised),
        (into.present, tally.present),
        (into.possible, tally.possible),
    ):
        mine.update(theirs)


class _FastAudit(Tallying):
    """One record's fast replay, hand after hand, as :class:`.RecordAudit` walks it."""

    def __init__(self, record: dict[str, Any], ruleset: Ruleset, setup: Setup) -> None:
        self.record, self.ruleset, self.setup = record, ruleset, setup
        self.tally = GameTally(records=1)
        self.scores = list(record["setup"].get("scores") or [0] * setup.sides)
        self.next_leader: int | None = None
        self.winner: int | None = None
        self.after_block = False  # the last hand was blocked: a neutral draw is due
        cached = _RULES.get(ruleset.name)
        if cached is None or cached[0] is not ruleset:  # another game of that name: anew
            cached = _RULES[ruleset.name] = (ruleset, {})
        self.rules = cached[1]
        #: rules exercised by steps, counted by the tuple of rules: expanded once at the end
        self.steps: Counter[tuple[str, ...]] = Counter()

    def wrong_leader(self, index: int, leader: int) -> None:
        raise Disagree

    def given(self, field: str, places: int, present: int) -> None:
        """``places`` steps could have carried ``field``; ``present`` of them did."""
        if places:
            self.tally.possible[field] += places
            self.tally.present[field] += present

    def run(self) -> GameTally:
        self.target_supplied()
        hands = self.record["hands"]
        for index, entry in enumerate(hands, 1):
            if self.winner is not None or not HAND_FIELDS.issuperset(entry):
                raise Disagree
            self.hand(entry, index, last=index == len(hands))
        self.result()
        for rules, count in self.steps.items():
            for rule in rules:
                self.tally.exercised[rule] += count
        return self.tally

    def hand(self, entry: dict[str, Any], index: int, last: bool) -> None:
        self.tally.hands += 1
        deal, actions = entry["deal"], entry["actions"]
        leader = self.leader(index, deal)
        drawn = deal.get("draws")
        if leader is None and not drawn:
            raise Disagree
        dealt = replay_deal(deal, actions, leader)
        leader = check_deal(dealt, self.ruleset, self.setup, None, False)
        match = FastMatch(self.ruleset, self.setup, self.scores)
        match.deal(
            [[TILE_ID[t] for t in h] for h in dealt.hands],
            [TILE_ID[t] for t in dealt.boneyard],
            leader,
        )
        draw_rule = steps.draw_rule(self.after_block)
        self.exercise(exercise.deal_rules(self.ruleset, self.setup, [draw_rule] if drawn else []))
        self.actions(match, entry["actions"], "boneyard" in deal)
        self.ended(match, entry)
        hand = match.hand
        assert hand is not None
        reported = entry.get("scores")
        if hand.is_terminal or match.is_terminal:
            self.present("scores", reported is not None)
            if reported is not None:
                self.settled(match, reported)
            self.events(match, entry.get("events"), index)
        elif not last:
            raise Disagree  # a hand cut short
        self.winner = match.winner
        self.next_leader = hand.went_out if hand.went_out >= 0 else None
        self.after_block = hand.blocked
        self.scores = list(reported) if reported is not None else list(match.scores)

    def actions(self, match: FastMatch, actions: list[dict[str, Any]], boneyard: bool) -> None:
        hand = match.hand
        assert hand is not None
        tally, steps = self.tally, self.steps
        plays = offered = 0
        for entry in actions:
            tally.actions += 1
            if (
                match.winner is not None
                or hand.is_terminal
                or entry.get("seat") != hand.current
                or not STEP_FIELDS.issuperset(entry)
                or "action" not in entry
            ):
                raise Disagree
            action = _id(entry["action"])
            if action is None or not hand.is_legal(action):
                raise Disagree
            if action == DRAW and "tile" in entry and boneyard:
                self._drawn_as_dealt(hand, entry["tile"])
            drawn = hand.drawn >= 0
            steps[self.rules_of(hand, action, drawn)] += 1
            if "offered" in entry:
                self.offered(hand, entry["offered"], drawn)
                offered += 1
            match.apply_action(action)
            plays += action >= LEAD
        due = sum(1 for entry in actions if "offered" in entry or self.offers_due(entry["seat"]))
        self.given("offered", due, offered)  # each step was in its seat's turn
        self.given("score", plays, 0)

    def rules_of(self, hand: FastHand, action: int, drawn: bool) -> tuple[str, ...]:
        """The rules the legality of ``action`` exercises (:func:`.exercise.turn_rules`)."""
        on_spinner = action >= PLAY and bool(hand.state[JOIN[action][1]] & SPINNER)  # type: ignore[index]
        key = (action, drawn, on_spinner)
        known = self.rules.get(key)
        if known is None:
            ruleset = self.ruleset
            known = self.rules[key] = tuple(
                exercise.turn_rules(ruleset, action_of(action), drawn, on_spinner)
            )
        return known

    def offered(self, hand: FastHand, offered: list[str], drawn: bool) -> None:
        """What was offered is the legal actions, each in the notation's canonical text
        (any other form, or a difference, is the reference's to resolve and judge)."""
        legal = hand.legal_actions()
        ids = {_id(text) for text in offered}
        if ids != set(legal):
            raise Disagree
        each = [self.rules_of(hand, action, drawn) for action in legal]
        self.steps[tuple(exercise.offer_rules(self.ruleset, drawn, each))] += 1

    def _drawn_as_dealt(self, hand: FastHand, tile: str) -> None:
        """A draw names the tile the deal's boneyard gives next."""
        if hand.next < len(hand.boneyard) and tile != str(DOUBLE_SIX[hand.boneyard[hand.next]]):
            raise Disagree

    def ended(self, match: FastMatch, entry: dict[str, Any]) -> None:
        hand = match.hand
        assert hand is not None
        expected = "out" if hand.went_out >= 0 else "block" if hand.blocked else None
        if expected is not None:
            self.present("ended", "ended" in entry)
        reported = entry.get("ended")
        if reported is None:
            return
        if reported != expected:
            raise Disagree
        rule = steps.ended_rule(reported)
        self.exercise(exercise.kept(self.ruleset, [rule]))

    def settled(self, match: FastMatch, reported: list[int]) -> None:
        hand = match.hand
        assert hand is not None
        expected = list(match.scores)
        went_out = hand.went_out >= 0
        _, rules = exercise.hand_end_rules(
            self.ruleset, self.setup, match.events(), match.is_terminal, went_out, expected
        )
        self.exercise(rules)
        if reported != expected:
            raise Disagree

    def events(self, match: FastMatch, recorded: Any, index: int) -> None:
        """The hand's events, when written, exactly the replay's."""
        if recorded is None:
            return
        self.present("events", isinstance(recorded, list))
        if isinstance(recorded, list) and recorded != numbered(
            [e.to_json() for e in match.events()], index
        ):
            raise Disagree
        if isinstance(recorded, list):
            self.events_agree(recorded)

    def result(self) -> None:
        reported = self.record.get("result")
        self.present("result", reported is not None)
        if not reported:
            return
        rule = exercise.end_rule(self.ruleset)
        self.exercise(exercise.kept(self.ruleset, [rule, steps.TARGET]))
        if "winner" in reported and reported["winner"] != self.winner:
            raise Disagree
        if "scores" in reported and reported["scores"] != self.scores:
            raise Disagree
