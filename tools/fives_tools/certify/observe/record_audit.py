"""The auditor: replay each observation record under the rules with the reference engine
and check every step, going on past a divergence wherever the replay can.

Each hand is replayed from the scores the record carries into it, with the leader the
record names (the implementation's own choice, checked against the rules where they fix
it), so a divergence is reported once and the next hand is still judged. Within a hand an
action the rules refuse is applied as the implementation did where the reference can (a
play out of turn, a draw or pass while holding a play, another tile played than the one
just drawn; the same seat going on so in its turn is that one fault), and the rest of
the hand is judged from there; a play the layout refuses, of a tile not held, another
seat's refused action straight after one (reported as that one's consequence: the
position is one the rules never reach), or an action that cannot be decided ends the
replay of that hand. The record then goes on at the next hand, from its deal and the
scores the hand reports (with none reported, nothing is settled or won until a hand
reports them); the match result after a hand whose replay stopped is not judged, and the
report says what was done at each such place.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fives_engine import (
    Action,
    Draw,
    HandState,
    IllegalDealError,
    MatchState,
    Play,
    Ruleset,
    Setup,
)
from fives_engine.record import write_record
from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Note, Observation, plural
from fives_tools.certify.findings.status import IMPLEMENTATION_DEFINED, MUST
from fives_tools.certify.judge import exercise, misreadings, steps
from fives_tools.certify.judge.events import event_rules, in_order
from fives_tools.certify.judge.readings import LOWEST_DRAW, OtherReading, of_partners, of_target
from fives_tools.certify.observe import readings
from fives_tools.certify.observe.replay import (
    as_if_turn,
    force,
    forcible,
    numbered,
    prefix,
    replay_deal,
    text,
)
from fives_tools.certify.observe.resolve import (
    offered_difference,
    refusal,
    resolve,
)
from fives_tools.certify.observe.tallying import Tallying

#: The target of a hand replayed from scores not known: no score reaches it, so no win is
#: made up from them.
UNREACHABLE = 1 << 30
#: The fields of a score: the end of the match judged on them follows from them.
SCORED = ("score", "scores")


def _but_deductions(events: list[Any]) -> list[Any]:
    """A hand's events less the deductions of its settlement."""
    return [e for e in events if not (isinstance(e, dict) and e.get("cause") == "deduction")]


class RecordAudit(Tallying):
    """The audit of one record, hand after hand."""

    def __init__(
        self, label: str, record: dict[str, Any], ruleset: Ruleset, setup: Setup, obs: Observation
    ) -> None:
        self.label, self.record, self.ruleset, self.setup, self.obs = (
            label,
            record,
            ruleset,
            setup,
            obs,
        )
        self.game = ruleset.name
        self.tally = obs.tally(self.game)
        self.scores = list(record["setup"].get("scores") or [0] * setup.sides)
        self.number = 0  # the action's number in the match
        self.next_leader: int | None = None  # who the rules say leads the next hand
        self.after_block = False  # the last hand was blocked: a new neutral draw is due
        #: the sides of the last tie at the top the rules called, play going on after it
        self.tied: tuple[int, ...] = ()
        self.winner: int | None = None
        self.match: MatchState | None = None
        self.drift: list[int] = []
        #: where the replay of the last hand stopped ("hand N stopped at action K"), if it did
        self.stop: str | None = None
        #: why the scores the hand starts from are not known, if they are not
        self.unknown: str | None = None
        self.forced_in: HandState | None = None  # the hand an action was forced in, last
        self.forced_seat: int | None = None  # the seat of the action just forced, if any
        self.forced_at: set[int] = set()  # the numbers of the divergences of forced actions
        self.mine: list[int] = []  # the numbers of this record's divergences, from 1
        #: the hand's actions and the position of the one judged (sliced only when needed)
        self.at: tuple[list[dict[str, Any]], int] = ([], 0)
        self.played = ruleset  # the rules replayed: the game's, or another reading of them

    # -- findings ------------------------------------------------------------------------
    def diverge(
        self,
        hand: int,
        action: int | None,
        field: str,
        rule: str | list[str],
        what: str,
        expected: Any,
        got: Any,
        cut: int | None = None,
        *,
        after: int | None = None,
        scores: bool = True,
        explain: tuple[str, ...] = (),
        reading: str | None = None,
        follows: int | None = None,
    ) -> None:
        """Report a divergence of ``rule`` (or of one of several candidate rules, chosen
        once the whole observation is in); the prefix that shows it ends after match
        action ``cut`` (default ``action``; with neither, after the whole hand).

        ``after``: the hand whose wrong scores (unless ``scores`` is False) or actions
        applied as the implementation did it may follow from (an end of the hand or of the
        match): then it is a consequence of the first of them, never counted for its own
        rule. ``reading``: the interpretation whose other reading the record
        takes (an implementation-defined divergence, never a failure). ``follows``: the
        number of the divergence this one is a consequence of, when the step knows it."""
        cut = action if cut is None else cut
        candidates = (rule,) if isinstance(rule, str) else tuple(rule)
        self.obs.divergences.append(
            Finding(
                self.label,
                self.game,
                hand,
                action,
                field,
                candidates[0],
                " ".join(what.split()),
                text(expected),
                text(got),
                prefix(self.record, hand, cut),
                self._table(),
                self._table_record(),
                candidates,
                requirement=MUST if reading is None else IMPLEMENTATION_DEFINED,
                interpretation=reading,
                consequence_of=follows
                if follows is not None
                else None
                if after is None
                else self.cause(after, scores),
                explain=explain,
            )
        )
        self.mine.append(len(self.obs.divergences))

    def cause(self, hand: int, scores: bool = True) -> int | None:
        """The number (in the observation, from 1) of this record's first divergence of
        its own in ``hand`` that a later judgement of how the hand or the match ends
        follows from: a wrong score, or an action the replay applied as the implementation
        did (the position after it is one the rules never reach); only the latter when
        the judgement does not rest on ``scores``."""
        for number in self.mine:
            div = self.obs.divergences[number - 1]
            followed = (scores and div.checked in SCORED) or number in self.forced_at
            if div.hand == hand and followed and div.counted:
                return number
        return None

    def note(self, into: list[Note], hand: int, action: int | None, text: str) -> None:
        into.append(Note(self.label, hand, action, text))

    def _table(self) -> str:
        hand = self.match.hands[-1] if self.match is not None and self.match.hands else None
        return hand.describe() if hand is not None else ""

    def _table_record(self) -> dict[str, Any] | None:
        if self.match is None or not self.match.hands:
            return None
        return write_record(self.match)

    # -- the record ----------------------------------------------------------------------
    def run(self) -> None:
        self.tally.records += 1
        self.target_supplied()
        for index, hand in enumerate(self.record["hands"], 1):
            if self.winner is not None:
                self.diverge(
                    index,
                    None,
                    "hands",
                    exercise.end_rule(self.ruleset),
                    f"the match was won by side {self.winner} before hand {index}; the record"
                    " plays on",
                    "no more hands",
                    f"hand {index}",
                    after=index - 1,
                )
                return
            if not self.hand(index, hand):
                return
        self.result()

    def hand(self, index: int, entry: dict[str, Any]) -> bool:
        """Audit one hand; False when the record cannot go on after it."""
        self.tally.hands += 1
        deal = entry["deal"]
        leader = self.leader(index, deal)
        if leader is None and not deal.get("draws"):
            self.note(
                self.obs.stopped,
                index,
                None,
                f"hand {index} names no leader: record not checked further",
            )
            return False
        draw_rule = steps.draw_rule(self.after_block)
        setup = self.setup if self.unknown is None else replace(self.setup, target=UNREACHABLE)
        self.match = MatchState(self.played, setup, self.scores)
        self.drift = [0] * self.setup.sides  # play scores recorded less the rules' answer
        try:
            self.match.deal(replay_deal(deal, entry["actions"], leader))
        except IllegalDealError as exc:
            if self.drawn_lowest(index, deal, entry, draw_rule):
                return self.hand_played(index, entry, [draw_rule])
            self.diverge(
                index,
                None,
                "deal",
                steps.deal_refusal(exc.rule, self.after_block),
                str(exc),
                "a deal the rules allow",
                "the deal recorded",
                cut=self.number,
            )
            self.number += len(entry["actions"])
            self.stop = f"hand {index} stopped at its deal"
            self.go_on(index, entry, finished=False)
            return True
        return self.hand_played(index, entry, [draw_rule] if deal.get("draws") else [])

    def drawn_lowest(
        self,
        index: int,
        deal: dict[str, Any],
        entry: dict[str, Any],
        rule: str,
    ) -> bool:
        """A written neutral draw the lowest tile wins, leading with the seat it gives (or
        naming none): the other reading of ``lead.neutral-draw``, reported once, never a
        failure (who leads the first hand is the implementation's own choice); the hand is
        dealt with that seat leading. False when the draw is no such draw either."""
        assert self.match is not None
        draws = deal.get("draws")
        seat = None if not draws else readings.lowest_draw_leader(draws, self.setup.players)
        if seat is None or deal.get("leader", seat) != seat:
            return False
        try:
            self.match.deal(replay_deal({**deal, "draws": []}, entry["actions"], seat))
        except IllegalDealError:
            return False
        self.exercise([rule])
        self.diverge(
            index,
            None,
            "deal.draws",
            rule,
            f"the neutral draw is won by the lowest tile, seat {seat}'s (the reading chosen:"
            " the highest leads)",
            "the highest tile leads",
            f"seat {seat} leads",
            cut=self.number,
            reading=LOWEST_DRAW,
        )
        return True

    def hand_played(self, index: int, entry: dict[str, Any], drawn: list[str]) -> bool:
        """Audit a hand dealt: its actions, ending, settlement and events."""
        assert self.match is not None
        self.exercise(exercise.deal_rules(self.ruleset, self.setup, drawn))
        finished = self.actions(index, entry)
        hand = self.match.hands[-1]
        over = hand.is_terminal or self.match.is_terminal
        reported = entry.get("scores")
        if finished:
            self.ended(index, entry)
            if over:
                self.present("scores", reported is not None)
                if reported is not None and self.unknown is None:
                    self.settled(index, reported)
                self.events(index, entry)
            if not over and index < len(self.record["hands"]):
                finished = self.cut_short(index, entry)
        if finished:
            self.winner = self.match.winner if self.unknown is None else None
            self.next_leader = hand.went_out
            self.after_block = hand.blocked
            ties = [e for e in self.match.events if e.kind == "tie"]
            self.tied = tuple(ties[-1]["sides"]) if ties else self.tied
        self.go_on(index, entry, finished)
        return True

    def wrong_leader(self, index: int, leader: int) -> None:
        self.diverge(
            index,
            None,
            "deal.leader",
            steps.WENT_OUT_LEADS,
            f"seat {self.next_leader} went out of hand {index - 1} and must lead hand {index}",
            f"seat {self.next_leader}",
            f"seat {leader}",
            cut=self.number,
        )

    def go_on(self, index: int, entry: dict[str, Any], finished: bool) -> None:
        """The scores the next hand starts from: those the hand reports, else the replay's
        when it reached the hand's end. A hand whose replay stopped is followed from the
        next hand's deal (and its leader) all the same, the scores it reports judged no
        further; reporting none, the scores are not known until a hand reports them, and
        nothing is settled or won meanwhile."""
        assert self.match is not None
        reported = entry.get("scores")
        if finished:
            self.stop = None
        else:
            self.winner, self.next_leader, self.after_block = None, None, False
        if reported is not None:
            self.scores, self.unknown = list(reported), None
        elif finished and self.unknown is None:
            self.scores = list(self.match.scores)
        elif not finished:
            self.unknown = f"{self.stop} and reports no scores"
        if not finished and index < len(self.record["hands"]):
            known = (
                f"the scores hand {index} reports"
                if self.unknown is None
                else "no scores known: nothing is settled or won until a hand reports them"
            )
            self.note(
                self.obs.stopped,
                index + 1,
                None,
                f"{self.stop}: hand {index + 1} is judged from its deal, with {known}",
            )

    def cut_short(self, index: int, entry: dict[str, Any]) -> bool:
        """A hand the record leaves before it is over (it deals the next one): a divergence
        unless the hand's ``ended`` already said so. Returns False: the replay of the hand
        did not reach its end."""
        assert self.match is not None
        if "ended" not in entry:
            hand = self.match.hands[-1]
            self.exercise(exercise.kept(self.ruleset, [steps.BLOCK]))
            self.diverge(
                index + 1,
                self.number,
                "hands",
                steps.BLOCK,
                f"hand {index} is not over after its last action ({hand.describe()}), yet the"
                f" record deals hand {index + 1}",
                "the hand goes on",
                f"hand {index + 1} dealt",
                after=index,
                scores=False,
            )
        self.stop = f"hand {index} stopped at its last action, {self.number}, not over"
        return False

    def actions(self, index: int, entry: dict[str, Any]) -> bool:
        """Audit the hand's actions; False when the replay of the hand had to stop."""
        assert self.match is not None
        actions = entry["actions"]
        for position, action in enumerate(actions):
            self.at = (actions, position)
            self.number += 1
            self.tally.actions += 1
            if not self.step(index, action):
                self.stop = f"hand {index} stopped at action {self.number}"
                rest = len(actions) - position - 1
                why = (
                    "the reference cannot play on from there"
                    if "action" in action
                    else "what follows a move off the rules is not judged"
                )
                if rest:
                    self.note(
                        self.obs.stopped,
                        index,
                        self.number,
                        f"hand {index}: {plural(rest, 'action')} after action {self.number}"
                        f" not checked ({why})",
                    )
                self.number += rest
                return False
        return True

    def step(self, index: int, entry: dict[str, Any]) -> bool:
        """Check one action (its turn, legality, what was offered and scored) and apply it;
        an action the rules refuse is applied as the implementation did where it can be
        (:func:`~fives_tools.certify.observe.replay.forcible`). False: the replay stops."""
        if "action" not in entry:
            return self.off_the_rules(index, entry)
        match = self.in_play(index, entry)
        if match is None:
            return False
        hand = match.hands[-1]
        seat = entry["seat"]
        legal = match.legal_actions()
        out_of_turn = seat != hand.current_player
        # straight after another seat's action applied as the implementation did, the
        # position is one the rules never reach: what goes wrong there follows from it
        chained = self.forced_in is hand and self.forced_seat not in (None, seat)
        after = index if chained else None
        if out_of_turn:
            rule = steps.turn_rule(hand)
            self.exercise([rule])
            self.diverge(
                index,
                self.number,
                "seat",
                rule,
                f"seat {seat} acted out of turn",
                f"seat {hand.current_player}",
                f"seat {seat}",
                after=after,
                scores=False,
            )
        left_out: int | None = None  # this step's divergence of offers that left some out
        if not out_of_turn and "offered" in entry:
            left_out = self.offered(index, entry["offered"], legal, seat)
        if not out_of_turn and ("offered" in entry or self.offers_due(seat)):
            self.present("offered", "offered" in entry)
        resolved = resolve(entry["action"], legal if not out_of_turn else as_if_turn(hand, seat))
        if len(resolved.candidates) > 1:
            options = ", ".join(str(a) for a in resolved.candidates)
            self.note(
                self.obs.undecided,
                index,
                self.number,
                f"could not decide {entry['action']!r}: it may be {options}",
            )
            return False
        action = resolved.action
        echo = self.echo(hand, seat, action)
        if not out_of_turn and not echo and (action is None or action not in legal):
            rule, reason = refusal(hand, seat, resolved)
            legal_text = "a legal action: " + ", ".join(map(str, legal))
            # a seat whose legal actions were not offered chose among what was: its action
            # follows from the offers (a draw while the lost spinner arm took its play)
            self.refused(index, rule, reason, legal_text, entry["action"], after, left_out)
        if action is None or not self.drawn_as_dealt(index, hand, action, entry):
            return False
        if out_of_turn or action not in legal:
            how = "out of turn" if out_of_turn else ""
            events = self.forced(index, seat, action, how, echo)
            if events is None:
                return False
            if not isinstance(action, Play):
                return True  # only a play's score carries into the settlement
        else:
            self.forced_seat = None
            self.exercise(exercise.action_rules(self.ruleset, hand, action))
            events = match.apply_action(action, seat)
        self.scored(index, entry, action, events)
        return True

    def off_the_rules(self, index: int, entry: dict[str, Any]) -> bool:
        """A house move, or the place the implementation stopped, crashed or stalled.

        A house move is one divergence of the rules that say what was due there (the legal
        actions' rules; ``hand.end.block`` once a hand has blocked; the match's end rule
        once a hand that went out is over and the match is not). A stop, crash or stall is
        an engine error, as a case that errors: it withholds a certificate but fails no rule
        and is no likely cause; but a stall where the hand had blocked is the block's
        divergence (no move was due: it did not see the block). Either way nothing after it
        in the hand is replayed (returns False: the replay stops). A stop after the match
        was won is noted only, the result judged as before (True)."""
        assert self.match is not None
        hand = self.match.hands[-1]
        house, kind = entry.get("house"), str(entry.get("stopped"))
        message = f": {entry['message']}" if entry.get("message") else ""
        said = f"a house move: {house}" if house is not None else f"{kind}{message}"
        if self.match.is_terminal:
            self.note(self.obs.stopped, index, self.number, f"after the match was won, {said}")
            return True
        blocked = hand.is_terminal and hand.went_out is None
        if house is None and not (kind == "stall" and blocked):
            # the engine's error, as a case that errors: no rule's failure, no likely cause
            done = {"stopped": "stopped", "crash": "crashed", "stall": "stalled"}[kind]
            self.note(
                self.obs.errors,
                index,
                self.number,
                f"hand {index}, action {self.number}: the implementation {done} with the"
                f" game not over{message}",
            )
            return False
        if blocked:  # it saw no block: it waits for a move, or plays on
            rules = exercise.kept(self.ruleset, [steps.BLOCK])
            due = "the hand blocked (nobody can play, the boneyard is empty): it is over"
        elif hand.is_terminal:
            rules = [exercise.end_rule(self.ruleset)]
            due = "the hand is over and the match goes on: the next hand"
        else:
            legal = self.match.legal_actions()
            rules = steps.due_rules(self.ruleset, legal)
            due = f"seat {hand.current_player}: a legal action: {', '.join(map(str, legal))}"
        if house is None:  # a stall where no move was due: a rule's failure, not an error
            what = f"the implementation stalled after the hand blocked{message}"
        else:
            what = f"seat {entry['seat']} made a move the rules do not have ({house})"
        self.exercise(rules)
        field = "house" if house is not None else "stopped"
        self.diverge(index, self.number, field, rules, what, due, said)
        return False

    def in_play(self, index: int, entry: dict[str, Any]) -> MatchState | None:
        """The match the action is judged in; None when its hand or the match is over (a
        divergence), unless the record plays on under the other reading of the target."""
        match = self.match
        assert match is not None
        hand = match.hands[-1]
        if not (match.is_terminal or hand.is_terminal):
            return match
        if self.plays_on_past_target(index, entry):
            return self.match
        self.after_end(index, hand.is_terminal, entry)
        return None

    def echo(self, hand: HandState, seat: int, action: Action | None) -> bool:
        """Whether ``action`` goes on with the refused action ``seat`` took just before in
        this hand (a draw while holding a play, drawn again): the same fault in the same
        turn, applied as the implementation did but not reported again."""
        return (
            action is not None
            and self.forced_seat == seat
            and self.forced_in is hand
            and forcible(hand, seat, action)
        )

    def forced(
        self, index: int, seat: int, action: Action, how: str, echo: bool = False
    ) -> list[Any] | None:
        """Apply an action the rules refuse as the implementation did, and say so; its
        events, or None when it leaves no position to go on from, or when it follows
        another seat's refused action straight away: from a position the rules never
        reach, that is as likely the first one's consequence (a pass repeated round the
        table) as a fault of its own. The same seat going on in its turn is its ``echo``."""
        assert self.match is not None
        hand = self.match.hands[-1]
        if not echo:
            chained = self.forced_seat is not None and self.forced_in is hand
            if chained or not forcible(hand, seat, action):
                return None
            if self.mine and self.obs.divergences[self.mine[-1] - 1].action == self.number:
                self.forced_at.add(self.mine[-1])  # what the hand's end then follows from
            what = f"seat {seat} {action}" + (f" {how}" if how else "")
            self.note(
                self.obs.followed,
                index,
                self.number,
                f"hand {index}: {what} (and what the seat does so straight after it); the rest"
                " of the hand is judged from there",
            )
        self.forced_in, self.forced_seat = hand, seat
        return force(self.match, seat, action)

    def drawn_as_dealt(
        self, index: int, hand: HandState, action: Action, entry: dict[str, Any]
    ) -> bool:
        """A draw names the tile the deal's boneyard gives next, when both are written."""
        if not (
            isinstance(action, Draw)
            and "tile" in entry
            and "boneyard" in self.record_hand(index)["deal"]
            and hand.boneyard
        ):
            return True
        nxt = str(hand.boneyard[0])
        if entry["tile"] != nxt:
            self.note(
                self.obs.stopped,
                index,
                self.number,
                f"the draw names {entry['tile']} but the deal's boneyard gives {nxt}",
            )
            return False
        return True

    def scored(self, index: int, entry: dict[str, Any], action: Action, events: list[Any]) -> None:
        """Check the score the record gives a play applied by the rules."""
        if isinstance(action, Play):
            self.present("score", "score" in entry)
        if "score" in entry:
            self.score(index, entry["score"], action, events)

    def events(self, index: int, entry: dict[str, Any]) -> None:
        """A full record's events of a hand whose every other field agreed with the rules:
        held against the replay's, as ``fives record`` holds them. What differs there no
        other field shows (a deduction of 0 left out, a score event of 0), so it is one
        divergence of the rules its first differing stretch implicates, judged as certify
        and fuzz judge events (:func:`.findings.events.event_rules`). In a hand where
        something else diverged, or whose scores are not known, the events would only say
        it again, and are not judged."""
        recorded = entry.get("events")
        if recorded is None:
            return
        self.present("events", isinstance(recorded, list))
        mine = [self.obs.divergences[n - 1] for n in self.mine]
        if (
            not isinstance(recorded, list)
            or self.unknown is not None
            or self.match is None
            or any(d.hand == index for d in mine)
            or any(n.record == self.label and n.hand == index for n in self.obs.followed)
        ):
            return
        expected = numbered(write_record(self.match)["hands"][-1]["events"], index)
        if expected == recorded:
            self.events_agree(recorded)
            return
        families, what = event_rules(expected, recorded, first=True)
        rules = in_order(families, list(self.ruleset.rules)) or list(self.ruleset.rules)
        reading = None
        partners = of_partners(self.ruleset, self.setup.partnerships)
        if (
            partners is not None
            and _but_deductions(expected) == _but_deductions(recorded)
            and misreadings.partners_merged(self.setup, self.match, list(self.match.scores))
        ):  # partners' pips deducted together, giving the same scores: the other reading
            rules, reading = [partners.rule], partners.interpretation
        pairs = zip([*expected, None], [*recorded, None], strict=False)
        first = next(i for i, (a, b) in enumerate(pairs) if a != b)
        self.diverge(
            index,
            None,
            "events",
            rules,
            f"the hand's events differ from the rules' at event {first + 1}: {'; '.join(what)}",
            expected[first] if first < len(expected) else "no more events",
            recorded[first] if first < len(recorded) else "no more events",
            reading=reading,
        )

    def record_hand(self, index: int) -> dict[str, Any]:
        hand: dict[str, Any] = self.record["hands"][index - 1]
        return hand

    def plays_on_past_target(self, index: int, entry: dict[str, Any]) -> bool:
        """The match was won in the hand at a play, yet the record plays the hand on: when
        every action left in it is legal under the other reading of when the match is won
        (the target checked after the hand), that reading is the record's, reported once
        and followed from here (:meth:`read_otherwise`)."""
        assert self.match is not None
        other = of_target(self.ruleset)
        if other is None or self.match.hands[-1].is_terminal or not self.reached_too():
            return False
        again = readings.replayed(self.match, other.ruleset(self.played))
        actions, position = self.at
        if not readings.plays(again.copy(), actions[position:]):
            return False
        won = self.match.events[-1]
        self.read_otherwise(
            index,
            other,
            again,
            self.number,
            "action",
            f"side {won['side']} reached the target ({self.setup.target}) at action"
            f" {self.number - 1}, scores {list(won['scores'])}: the record plays the hand on"
            " (the target checked once the hand is over)",
            "the match won: no action",
            f"seat {entry['seat']} {entry['action']}",
        )
        return True

    def reached_too(self) -> bool:
        """Whether the side that won reached the target on the record's own play scores
        too: if not, the record plays on because of a wrong score, not another reading."""
        assert self.match is not None
        side = self.match.winner
        assert side is not None
        return self.match.scores[side] + self.drift[side] >= self.setup.target

    def read_otherwise(
        self,
        index: int,
        other: OtherReading,
        again: MatchState,
        action: int | None,
        field: str,
        what: str,
        expected: Any,
        got: Any,
    ) -> None:
        """Report the record's other reading of ``other.interpretation`` once, and judge
        the rest of the record under it, from ``again`` (the hand replayed that way)."""
        self.exercise([other.rule])
        self.diverge(
            index, action, field, other.rule, what, expected, got, reading=other.interpretation
        )
        self.match, self.played = again, other.ruleset(self.played)

    def after_end(self, index: int, hand_over: bool, entry: dict[str, Any]) -> None:
        assert self.match is not None
        if self.match.is_terminal:
            rule = exercise.end_rule(self.ruleset)
            what = f"side {self.match.winner} had won the match: nothing is played after it"
        else:
            hand = self.match.hands[-1]
            rule = steps.hand_end_rule(hand.went_out is not None)
            what = (
                f"seat {hand.went_out} went out: the hand was over"
                if hand.went_out is not None
                else "nobody could play and the boneyard was empty: the hand was blocked"
            )
        won = index if self.match.is_terminal else None  # on scores a wrong one may have made
        got = f"seat {entry['seat']} {entry['action']}"
        self.refused(index, rule, what, "no action", got, after=won)

    def refused(
        self,
        index: int,
        rule: str,
        what: str,
        expected: str,
        got: str,
        after: int | None = None,
        follows: int | None = None,
    ) -> None:
        """The action just numbered is one the rules refuse, by ``rule`` (a consequence of
        divergence number ``follows``, when given)."""
        self.exercise([rule])
        self.diverge(
            index, self.number, "action", rule, what, expected, got, after=after, follows=follows
        )

    def offered(self, index: int, offered: list[str], legal: list[Any], seat: int) -> int | None:
        """One divergence for the step, however many actions are missing or extra: one
        wrong set of offers is one fault (a forced opening leaves out every other tile).
        Its candidates are the rules behind each difference, the most frequent first.
        Returns its number when it left a legal action out (what the seat then does may
        follow from it), else None."""
        assert self.match is not None
        hand = self.match.hands[-1]
        self.exercise(exercise.offered_rules(self.ruleset, hand, legal))
        missing, extra = offered_difference(offered, legal)
        if not missing and not extra:
            return None
        refused, said = [], []
        if missing:
            said.append(f"not offered: {', '.join(map(str, missing))}")
        for resolved in extra:
            rule, reason = refusal(hand, seat, resolved)
            refused.append(rule)
            said.append(f"{resolved.text} was offered but the rules refuse it: {reason}")
        ranked = steps.offered_rules(self.ruleset, missing, refused, not offered)
        self.diverge(
            index,
            self.number,
            "offered",
            ranked,
            "; ".join(said),
            ", ".join(map(str, missing)) or "not offered",
            ", ".join(r.text for r in extra) or "not offered",
        )
        return len(self.obs.divergences) if missing else None

    def score(self, index: int, reported: int, action: Any, events: list[Any]) -> None:
        assert self.match is not None
        hand = self.match.hands[-1]
        play = next((e for e in events if e.kind == "play"), None)
        expected = int(play["raw"]) if play is not None else 0
        if play is not None:
            self.exercise(
                exercise.score_rules(self.ruleset, hand.layout, hand.went_out is not None)
            )
        if reported != expected:
            # the hand's scores are judged on the implementation's own play scores
            self.drift[self.setup.side_of(hand.actions[-1][0])] += reported - expected
            rule = misreadings.play_score(
                self.ruleset, hand.layout, reported, hand.went_out is not None
            )
            total = play["total"] if play is not None else 0
            went_out = hand.went_out is not None
            self.diverge(
                index,
                self.number,
                "score",
                rule,
                f"{action} scores {expected} raw (the scoring ends total {total})",
                expected,
                reported,
                explain=misreadings.explain_play(self.ruleset, hand.layout, reported, went_out)
                if play is not None
                else (f"{action} is no play: it scores nothing",),
            )

    def ended(self, index: int, entry: dict[str, Any]) -> None:
        assert self.match is not None
        hand = self.match.hands[-1]
        expected = "out" if hand.went_out is not None else "block" if hand.blocked else None
        if expected is not None:
            self.present("ended", "ended" in entry)
        reported = entry.get("ended")
        if reported is None:
            return
        rule = steps.ended_rule(expected or reported)
        if self.match.is_terminal and expected is None:
            rule = exercise.end_rule(self.ruleset)
        self.exercise(exercise.kept(self.ruleset, [rule]))
        if reported != expected:
            said = expected or (
                "the match was won" if self.match.is_terminal else "the hand is not over"
            )
            self.diverge(
                index,
                self.number,
                "ended",
                rule,
                f"hand {index} ended: {said}",
                said,
                reported,
                after=index,
                scores=self.match.is_terminal,  # a wrong score ends no hand but by the target
            )

    def settled(self, index: int, reported: list[int]) -> None:
        """The scores the hand reports once it is over (or the match was won in it)."""
        assert self.match is not None
        match = self.match
        hand = match.hands[-1]
        expected = [s + d for s, d in zip(match.scores, self.drift, strict=True)]
        went_out = hand.went_out is not None
        won, rules = exercise.hand_end_rules(
            self.ruleset, self.setup, match.events, match.is_terminal, went_out, expected
        )
        self.exercise(rules)
        if reported != expected and won and self.settled_past_target(index, expected, reported):
            return
        if reported != expected:
            self.wrong_settlement(index, rules, won, expected, reported)

    def wrong_settlement(
        self, index: int, rules: list[str], won: bool, expected: list[int], reported: list[int]
    ) -> None:
        """Report settled scores that differ from the rules': judged on the play scores the
        record gave, blamed on the misreading that gives them; partners' pips rounded
        together where the game leaves that open is the other reading, not a failure."""
        assert self.match is not None
        match = self.match
        own = [r - d for r, d in zip(reported, self.drift, strict=True)]
        rule = [r for r, fit in misreadings.overshoot(match, own) if fit] or [rules[0]]
        reading = None
        if not won:
            rule = misreadings.settlement(self.ruleset, self.setup, match, own)
            partners = of_partners(self.ruleset, self.setup.partnerships)
            if partners is not None and misreadings.partners_merged(self.setup, match, own):
                rule, reading = [partners.rule], partners.interpretation
        state = "when the match was won" if won else "after settlement"
        self.diverge(
            index,
            None,
            "scores",
            rule,
            f"the match's scores by side {state} in hand {index}",
            expected,
            reported,
            after=index if won else None,
            reading=reading,
            explain=misreadings.explain_winner(match, expected, self.setup.target)
            if won
            else misreadings.explain_settlement(match, self.drift),
        )

    def settled_past_target(self, index: int, expected: list[int], reported: list[int]) -> bool:
        """The match was won at the hand's last play, yet the record settles the hand: the
        other reading of when the match is won, when it gives the scores reported."""
        assert self.match is not None
        other = of_target(self.ruleset)
        if other is None:
            return False
        again = readings.replayed(self.match, other.ruleset(self.played))
        if [s + d for s, d in zip(again.scores, self.drift, strict=True)] != reported:
            return False
        self.read_otherwise(
            index,
            other,
            again,
            None,
            "scores",
            f"side {self.match.winner} reached the target ({self.setup.target}) with the"
            f" hand's last play: the record settles the hand (the target checked once the"
            " hand is over)",
            expected,
            reported,
        )
        return True

    def result(self) -> None:
        """The match's winner and scores, judged only when the last hand was replayed to
        its end from known scores: a replay cut short has no result of its own to hold the
        record's against."""
        reported = self.record.get("result")
        self.present("result", reported is not None)
        if not reported:
            return
        unjudged = self.stop or self.unknown
        if unjudged is not None:
            last = len(self.record["hands"])
            self.note(self.obs.stopped, last, None, f"match result not judged: {unjudged}")
            return
        rule = exercise.end_rule(self.ruleset)
        self.exercise(exercise.kept(self.ruleset, [rule, steps.TARGET]))
        last = len(self.record["hands"])
        if "winner" in reported and reported["winner"] != self.winner:
            scores = reported.get("scores", self.scores)
            readings = misreadings.overshoot(self.match, scores) if self.match is not None else []
            # given to a side the rules last found tied at the top, where play goes on: at
            # the tie, or before a later hand has one side alone on top (sudden death)
            readings.append((steps.TIE_PLAYS_ON, reported["winner"] in self.tied))
            self.diverge(
                last,
                None,
                "result.winner",
                [*exercise.kept(self.ruleset, [r for r, fit in readings if fit]), rule],
                "the match's winner",
                self.winner,
                reported["winner"],
                after=last,
                explain=misreadings.explain_winner(self.match, self.scores, self.setup.target),
            )
        if "scores" in reported and reported["scores"] != self.scores:
            self.diverge(
                last,
                None,
                "result.scores",
                rule,
                "the match's scores by side",
                self.scores,
                reported["scores"],
            )
