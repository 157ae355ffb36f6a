"""What an audit of observation records found: per game and rule, how often a checked step
exercised it and how often it failed; every divergence with the shortest record prefix
that shows it; the plays it could not decide and what the records could not show.

A rule no checked step exercised is *not observed*, never a pass: the verdict claims no
more than the records showed.
"""

from __future__ import annotations

import heapq
from collections import Counter
from dataclasses import dataclass, field, replace

from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.status import (
    FAIL,
    MUST,
    NOT_OBSERVED,
    PASS,
    READING,
    TAKEN,
)
from fives_tools.partial import Interruption


def supplied(rule: str) -> str:
    """The tally key counting the records that supply ``rule``'s value themselves (a target
    of their own): ``possible`` every record, ``present`` those that supply it. Where every
    record does, the rule is taken from the record (:data:`.status.TAKEN`), never a pass."""
    return f"{rule} (the record's own)"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def length(div: Finding) -> int:
    """How many actions the record prefix that shows ``div`` holds: the shortest reads first."""
    hands = div.prefix.get("hands") if isinstance(div.prefix, dict) else None
    if not isinstance(hands, list):
        return 0
    return sum(len(h.get("actions") or ()) for h in hands if isinstance(h, dict))


#: How many record prefixes (and tables) of each rule an audit keeps: the shortest, which
#: the reports show. The others keep their re-run command; an audit of a log of any size
#: keeps no more.
KEPT_PER_RULE = 10


@dataclass(frozen=True)
class Note:
    """A place the audit could not judge: a play it could not decide, a replay it stopped."""

    record: str
    hand: int
    action: int | None
    text: str


@dataclass
class GameTally:
    """One game's counts: how often each rule was exercised by a checked step and failed,
    and how many steps carried each optional field (the rest could not be checked)."""

    records: int = 0
    hands: int = 0
    actions: int = 0
    exercised: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    present: Counter[str] = field(default_factory=Counter)  # field -> steps that carried it
    possible: Counter[str] = field(default_factory=Counter)  # field -> steps that could


@dataclass
class Observation:
    """The audit of a set of records: what ``audit_records`` returns."""

    games: dict[str, GameTally] = field(default_factory=dict)
    divergences: list[Finding] = field(default_factory=list)
    undecided: list[Note] = field(default_factory=list)
    stopped: list[Note] = field(default_factory=list)
    #: actions the rules refuse that the replay applied as the implementation did, going on
    followed: list[Note] = field(default_factory=list)
    unreadable: list[Note] = field(default_factory=list)  # records that are no records
    #: where the implementation stopped, crashed or stalled with the game not over: an
    #: error of the engine, as a case that errors, never a failure of the rule whose move
    #: was due there, and never a likely cause
    errors: list[Note] = field(default_factory=list)
    #: set when a signal stopped the audit: what it found so far is no verdict
    interruption: Interruption | None = None
    #: per candidate rule, the (-length, -number) of the divergences whose prefixes are kept
    kept: dict[str, list[tuple[int, int]]] = field(default_factory=dict, repr=False)
    #: the judge's ranking of these divergences, with the list it was made of and its
    #: length: every report form reads one ranking, not one each (judge.shown.ranked)
    ranking: tuple[int, int, list[str]] | None = field(default=None, repr=False, compare=False)

    def bound(self, start: int, per_rule: int = KEPT_PER_RULE) -> None:
        """Keep the record prefix and table of the divergences from number ``start + 1``
        on only where they are among the ``per_rule`` shortest of one of their candidate
        rules; strip the others, and any these displace. Memory then grows with the
        divergences' words, not with their records."""
        dropped: set[int] = set()
        for number in range(start + 1, len(self.divergences) + 1):
            div = self.divergences[number - 1]
            if not div.prefix and div.table_record is None:
                continue  # nothing to keep (a report's, read back): it takes no one's place
            rules = div.candidates if div.rule in div.candidates else (div.rule, *div.candidates)
            kept_for_one = False
            for rule in rules:
                heap = self.kept.setdefault(rule, [])
                item = (-length(div), -number)
                if len(heap) < per_rule:
                    heapq.heappush(heap, item)
                    kept_for_one = True
                elif item > heap[0]:
                    dropped.add(-heapq.heapreplace(heap, item)[1])
                    kept_for_one = True
            if not kept_for_one:
                dropped.add(number)
        held = {-n for heap in self.kept.values() for _, n in heap}
        for number in dropped - held:
            div = self.divergences[number - 1]
            if div.prefix or div.table_record is not None:
                self.divergences[number - 1] = replace(div, prefix={}, table_record=None)

    def tally(self, game: str) -> GameTally:
        return self.games.setdefault(game, GameTally())

    @property
    def records(self) -> int:
        return sum(t.records for t in self.games.values())

    @property
    def against(self) -> list[Finding]:
        """The divergences that withhold a certificate: ``must``, none a consequence."""
        return [d for d in self.divergences if d.against]

    @property
    def ok(self) -> bool:
        """No ``must`` divergence of its own, no engine error, every record read, the
        audit whole: readings answered otherwise and consequences are reported but do not
        make an audit fail."""
        return (
            not self.against
            and not self.errors
            and not self.unreadable
            and self.interruption is None
        )

    def status(self, game: str, rule: str) -> str:
        """FAIL when a ``must`` divergence of its own names the rule; ``reading`` when only
        readings of an interpretation do; taken from the record when every record supplied
        its value; else pass when a checked step exercised it."""
        tally = self.games[game]
        named = [d for d in self.divergences if d.game == game and d.rule == rule and d.counted]
        if any(d.requirement == MUST for d in named):
            return FAIL
        if named:
            return READING
        key = supplied(rule)
        if 0 < tally.possible[key] == tally.present[key]:
            return TAKEN
        return PASS if tally.exercised[rule] else NOT_OBSERVED

    def verdict(self) -> str:
        """One sentence, apart from the conformance certificate."""
        hands = sum(t.hands for t in self.games.values())
        actions = sum(t.actions for t in self.games.values())
        # a rule broken in several games is one rule: it has one ID in every game
        rules = {r for t in self.games.values() for r in t.failed}
        games = [g for g, t in self.games.items() if t.failed]
        head = (
            f"observation of {plural(self.records, 'game')} ({plural(hands, 'hand')},"
            f" {plural(actions, 'action')}): {plural(len(self.divergences), 'divergence')}"
            " from the rules"
        )
        if rules:
            head += f" on {plural(len(rules), 'rule')}"
            head += f" in {len(games)} games" if len(games) > 1 else ""
        aside = self._aside()
        if aside:
            head += f" ({aside})"
        extra = []
        if self.errors:
            extra.append(
                f"{plural(len(self.errors), 'game')} where the implementation stopped, crashed"
                " or stalled (engine errors, no rule's failure)"
            )
        if self.undecided:
            extra.append(f"{plural(len(self.undecided), 'play')} could not be decided")
        if self.unreadable:
            extra.append(f"{plural(len(self.unreadable), 'record')} could not be read")
        if self.followed:
            extra.append(
                f"{plural(len(self.followed), 'refused action')} applied as the implementation did"
            )
        if self.stopped:
            extra.append(f"{plural(len(self.stopped), 'place')} where a replay stopped early")
        text = head + ("; " + ", ".join(extra) if extra else "")
        if self.interruption is not None:
            return f"{self.interruption.line}; so far: {text}"
        return text

    def _aside(self) -> str:
        """The divergences that fail no rule, in words: consequences and readings."""
        follow = sum(not d.counted for d in self.divergences)
        readings = sum(d.counted and d.requirement != MUST for d in self.divergences)
        parts = []
        if follow:
            parts.append(f"{follow} following from an earlier one")
        if readings:
            parts.append(f"{plural(readings, 'reading')} of an interpretation answered otherwise")
        return ", ".join(parts)
