"""The verdict of a run, decided in one place for every output, and its exit status.

CERTIFIED means that every case of the implementation's declared games, player counts and
levels ran and no ``must`` case failed or errored. Anything less says why:

* ``NOT CERTIFIED: 3 failed, 1 error`` — ``must`` cases that failed or errored (exit 1);
* ``NOT CERTIFIED: 3 known failures`` — every failure is listed in the known-failures file
  (exit 0: the list is how a project tracks what it knows; exit 1 with
  ``--require-certificate``);
* ``PARTIAL: 66 of 386 declared cases ran`` — the filters left out declared cases, and
  every case that ran passed (exit 0, or 1 with ``--require-certificate``);
* ``NOT CERTIFIED: no case passed`` — nothing was checked (exit 1);
* ``INTERRUPTED: by SIGTERM after 12 of 386 cases`` — a signal stopped the run: no verdict
  on the implementation (exit 2).

Failures outweigh known failures, which outweigh a partial run; the reasons list them all.

The implementation's own games, when the run judged them (:mod:`..own_games`), are
evidence of the same verdict: a ``must`` divergence of its own, or a game it failed to
give, makes it ``NOT CERTIFIED: own games: 3 divergences on 2 must rules`` whatever its
cases say; a reading answered otherwise is a reason that withholds nothing.

A verdict over less than the whole suite carries what it covers (:mod:`.covers`):
``CERTIFIED for what it declares: 29 of 574 cases (5%)``, ``NOT CERTIFIED: 2 failed;
checked 29 of 574 cases (5%)``, so that a certificate over a few levels of one game never
reads like a verdict on every game.
Cases below ``must`` (``implementation-defined`` ones read a documented interpretation)
that differ are listed among the reasons (``CERTIFIED: 2 implementation-defined cases
answered otherwise``) without withholding the certificate; so are cases that passed
under another reading of an interpretation they are neutral to (``CERTIFIED: 7 cases
passed under another reading``; which readings, :mod:`.readings`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from fives_engine import game_names
from fives_tools.certify.adapters import reference
from fives_tools.certify.cases import Case, levels
from fives_tools.certify.findings.status import ERROR, FAIL, PASS, SKIP
from fives_tools.certify.judge.coverage import Coverage, coverage
from fives_tools.certify.runner import Run, skip_reason

CERTIFIED = "certified"
PARTIAL = "partial"
KNOWN_FAILURES = "known-failures"
NOT_CERTIFIED = "not-certified"
INTERRUPTED = "interrupted"  # a signal stopped the run: no verdict on the implementation

#: The word each kind of verdict is printed as.
HEADLINE = {
    CERTIFIED: "CERTIFIED",
    PARTIAL: "PARTIAL",
    KNOWN_FAILURES: "NOT CERTIFIED",
    NOT_CERTIFIED: "NOT CERTIFIED",
    INTERRUPTED: "INTERRUPTED",
}

#: Exit statuses of ``fives certify``.
EXIT_CERTIFIED, EXIT_NOT_CERTIFIED, EXIT_CANNOT_RUN = 0, 1, 2


def _plural(n: int, word: str, plural: str = "") -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


@dataclass(frozen=True)
class Verdict:
    kind: str
    reasons: tuple[str, ...]
    #: declared cases the filters left out, by game and level
    left_out: dict[str, dict[str, int]]
    #: what the run covers, game by game
    coverage: Coverage

    @property
    def headline(self) -> str:
        return HEADLINE[self.kind]

    @property
    def text(self) -> str:
        """The verdict in one line, e.g. ``NOT CERTIFIED: 3 known failures``; with what it
        covers when the declaration does not reach the whole suite."""
        reasons = list(self.reasons)
        if not self.coverage.declared_whole:
            if self.kind == CERTIFIED:
                head = f"{self.headline} for what it declares: {self.coverage.text}"
                return head + "".join(f"; {reason}" for reason in reasons)
            reasons.append(f"checked {self.coverage.text}")
        return self.headline + (": " + "; ".join(reasons) if reasons else "")

    @property
    def certified(self) -> bool:
        return self.kind == CERTIFIED

    @property
    def partial(self) -> bool:
        return bool(self.left_out)

    def left_out_text(self) -> str:
        """What the filters left out, e.g. ``five-up (play-score 17, settlement 6)``."""
        return "; ".join(
            f"{game} ({', '.join(f'{level} {n}' for level, n in levels.items())})"
            for game, levels in self.left_out.items()
        )

    def exit_status(self, require_certificate: bool = False) -> int:
        """0 certified; 1 not certified. A clean partial run and a run whose every failure
        is a listed known failure exit 0 unless a certificate is required: the filters and
        the list are the user's own choices, and the verdict text still says what it is."""
        if self.kind == INTERRUPTED:
            return EXIT_CANNOT_RUN
        if self.kind == CERTIFIED:
            return EXIT_CERTIFIED
        if self.kind in (PARTIAL, KNOWN_FAILURES) and not require_certificate:
            return EXIT_CERTIFIED
        return EXIT_NOT_CERTIFIED


def declared_left_out(run: Run) -> list[Case]:
    """The cases the filters left out that the implementation declares it covers."""
    return [case for case in run.left_out if skip_reason(run.adapter, case) is None]


def _by_game_and_level(cases: list[Case]) -> dict[str, dict[str, int]]:
    """Counts in the certificate's order: games as the spec lists them, levels as levels."""
    out: dict[str, dict[str, int]] = {}
    counts = Counter((c.game, c.capability) for c in cases)
    order = {game: i for i, game in enumerate(game_names())}
    for (game, level), n in sorted(
        counts.items(), key=lambda kv: (order.get(kv[0][0], len(order)), levels.order(kv[0][1]))
    ):
        out.setdefault(game, {})[level] = n
    return out


def decide(run: Run) -> Verdict:
    """The verdict of ``run``: see the module documentation."""
    if run.interruption is not None:
        return Verdict(INTERRUPTED, (run.interruption.reason,), {}, coverage(run))
    bad = [r for r in run.results if r.status in (FAIL, ERROR)]
    against = [r for r in bad if r.counts_against]
    known = [r for r in bad if r.known]
    other = [r for r in bad if not r.known and not r.counts_against]
    left_out = declared_left_out(run)
    passed = run.count(PASS)
    reasons = []
    failed = sum(r.status == FAIL for r in against)
    errors = len(against) - failed
    if failed:
        reasons.append(f"{failed} failed")
    if errors:
        reasons.append(_plural(errors, "error"))
    if known:
        reasons.append(_plural(len(known), "known failure"))
    for requirement, n in Counter(r.case.level for r in other).items():
        reasons.append(_plural(n, f"{requirement} case") + " answered otherwise")
    readings = sum(r.status == PASS and r.reading is not None for r in run.results)
    if readings:  # they pass; the verdict says they passed under another reading
        reasons.append(_plural(readings, "case") + " passed under another reading")
    if not passed:
        reasons.append("no case passed")
    if left_out:
        declared = len(left_out) + sum(r.status != SKIP for r in run.results)
        reasons.append(f"{declared - len(left_out)} of {declared} declared cases ran")
    if bad and run.adapter.name == reference.NAME:
        reasons.append(
            "the reference engine fails its own suite: check each failing case's"
            " hand-worked value (the file and line under it) against its source first"
        )
    games = run.own_games
    if games is not None:
        reasons += games.reasons()
    if against or not passed or (games is not None and games.withholds):
        kind = NOT_CERTIFIED
    elif known:
        kind = KNOWN_FAILURES
    elif left_out:
        kind = PARTIAL
    else:
        kind = CERTIFIED
    return Verdict(kind, tuple(reasons), _by_game_and_level(left_out), coverage(run))
