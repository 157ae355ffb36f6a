"""The implementation's own games as evidence of the certificate, beside its cases.

The cases say how an implementation answers the suite's questions; its own games say how
it plays. An engine can pass every case it declares and still, in its own games, force
the lead, deal the wrong hand or settle another game's way: the audit of those games
(:mod:`fives_tools.certify.observe`) then breaks a ``must`` rule, and the certificate
must not say CERTIFIED. So ``fives certify`` asks an implementation that declares
``selfplay`` for its own games (or reads the logs given with ``--games``), audits them,
and joins that audit to the verdict and to every output:

* a ``must`` divergence of its own (no consequence of an earlier one) withholds the
  certificate, as a failing ``must`` case does;
* a game the implementation failed to give (a crash, a hang, garbage), or a log that is
  no record, withholds it too: it is evidence that was asked for and not given;
* a reading of an interpretation answered otherwise is reported, never held against it,
  as an ``implementation-defined`` case is.

Where no game was judged, the certificate says why (:attr:`OwnGames.skipped`): it never
claims more than was checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.findings.status import FAIL, IMPLEMENTATION_DEFINED, PASS, READING
from fives_tools.text import plural

#: The status of a rule its own games never exercised, as the tables print it.
UNSEEN = "-"


@dataclass
class OwnGames:
    """The audit of the implementation's own games, and where they came from: asked by
    ``selfplay`` requests or read from log files; ``skipped`` says why none was judged."""

    observation: Observation = field(default_factory=Observation)
    source: str = ""  # "asked: 1 match per game and player count", "read: FILE, FILE"
    skipped: str = ""  # why no own game was judged (empty when they were)
    #: (game, rule, why) for each rule of a game whose games were asked that no checked
    #: step judged (:func:`.judge.unjudged.unjudged`)
    unjudged: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def judged(self) -> bool:
        return not self.skipped

    @property
    def against(self) -> list[Finding]:
        """The divergences that withhold the certificate: ``must``, none a consequence."""
        return self.observation.against

    @property
    def readings(self) -> list[Finding]:
        """Readings of an interpretation answered otherwise: reported, not held against."""
        return [
            d
            for d in self.observation.divergences
            if d.counted and d.requirement == IMPLEMENTATION_DEFINED
        ]

    @property
    def withholds(self) -> bool:
        """The own games withhold the certificate: a ``must`` divergence, or a game that
        was asked for (or a log given) and could not be read."""
        return bool(self.against or self.observation.unreadable or self.observation.errors)

    def reasons(self) -> list[str]:
        """The verdict's reasons from the own games, e.g. ``own games: 3 divergences on 2
        must rules``."""
        out = []
        if self.against:
            rules = {d.rule for d in self.against}
            out.append(
                f"own games: {plural(len(self.against), 'divergence')} on"
                f" {plural(len(rules), 'must rule')}"
            )
        if self.observation.errors:
            out.append(
                f"own games: {plural(len(self.observation.errors), 'engine error')}"
                " (stopped, crashed or stalled)"
            )
        if self.observation.unreadable:
            out.append(f"own games: {plural(len(self.observation.unreadable), 'game')} not given")
        if self.readings:
            out.append(
                f"own games: {plural(len(self.readings), 'reading')} of an interpretation"
                " answered otherwise"
            )
        return out

    def status(self, game: str, rule: str) -> str:
        """The rule's own-games status in ``game``: pass, FAIL, reading, or ``-`` when no
        checked step of its games exercised it (never a pass)."""
        if game not in self.observation.games:
            return UNSEEN
        status = self.observation.status(game, rule)
        return status if status in (PASS, FAIL, READING) else UNSEEN

    def line(self) -> str:
        """One line: where the games came from and what their audit found."""
        if self.skipped:
            return f"Own games: none judged ({self.skipped})"
        return f"Own games ({self.source}): {self.observation.verdict()}"

    def of_game(self, game: str, labelled: Callable[[str], bool]) -> OwnGames:
        """The evidence of one game alone (a badge's), ``labelled`` telling which records
        that could not be read were of it."""
        obs = self.observation
        tally = obs.games.get(game)
        alone = Observation(
            games={game: tally} if tally is not None else {},
            divergences=[d for d in obs.divergences if d.game == game],
            undecided=list(obs.undecided),
            stopped=list(obs.stopped),
            unreadable=[n for n in obs.unreadable if labelled(n.record)],
            interruption=obs.interruption,
        )
        return OwnGames(alone, self.source, self.skipped)


__all__ = ["UNSEEN", "OwnGames"]
