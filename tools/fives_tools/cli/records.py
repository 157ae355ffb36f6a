"""``fives play`` writes the record of a random match; ``fives record`` checks one.

A rule writer or implementer gets real game records to read, render (``fives render
--record``) or feed to another engine, and can validate a record from anywhere: it is
audited as ``fives audit`` audits records (one checker: each difference named by its
rule) and replayed under the rules, every recorded event coming out the same.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from fives_engine import FivesError, MatchState, Setup, find_game, game_names
from fives_engine.record import dumps_record, read_record_file, validate_record, write_record
from fives_tools import files, options
from fives_tools.certify.adapters import selfplay
from fives_tools.certify.observe import audit_records
from fives_tools.certify.reports import audit as audit_report
from fives_tools.cli.base import CannotRun
from fives_tools.text import clean, tell


def random_match(game: str, players: int, partnerships: bool | None, seed: int) -> MatchState:
    """A whole match with uniformly random legal actions; the same seed, the same match."""
    ruleset = find_game(game)
    return selfplay.play(ruleset, Setup.of(ruleset, players, partnerships), seed, most=None).match


def cmd_play(args: argparse.Namespace) -> int:
    match = random_match(args.game, args.players, False if args.solo else None, args.seed)
    text = dumps_record(write_record(match, seed=args.seed))
    if args.output:
        files.write_text(Path(args.output), text)
        print(f"{args.output}: {_summary(match)}")
    else:
        sys.stdout.write(text)
    return 0


def _summary(match: MatchState) -> str:
    actions = sum(len(h.actions) for h in match.hands)
    return (
        f"{match.ruleset.title}, {len(match.hands)} hands, {actions} actions,"
        f" scores {match.scores} (raw), won by side {match.winner}"
    )


def cmd_record(args: argparse.Namespace) -> int:
    """One checker: the record is audited as ``fives audit`` audits it (every step, and
    the events of each hand, each difference named by its rule), and replayed strictly
    to its last event besides; valid only when both find nothing."""
    path = Path(args.file)
    try:
        record: dict[str, Any] = read_record_file(path)
    except OSError as exc:
        raise CannotRun(f"cannot read {path}: {exc.strerror}") from None
    except FivesError as exc:
        return _invalid(path, str(exc))
    obs = audit_records([(str(path), record)])
    if obs.divergences:
        return _invalid(path, audit_report.summary(1, obs.divergences[0]))
    notes = obs.unreadable + obs.stopped + obs.undecided + obs.followed
    if notes:
        return _invalid(path, f"hand {notes[0].hand}: {notes[0].text}")
    try:
        match = validate_record(record)
    except FivesError as exc:
        return _invalid(path, str(exc))
    print(clean(f"{path}: valid record: {_summary(match)}"))
    return 0


def _invalid(path: Path, why: str) -> int:
    tell(f"fives record: {path}: {why}")
    return 1


def add_record_commands(sub: Any) -> None:
    play = sub.add_parser(
        "play",
        help="play a random match and write its game record (JSON)",
        description="Play a whole match with uniformly random legal actions and write its"
        " game record (spec/records.md); the same seed gives the same match.",
    )
    play.add_argument("--game", default="five-up", choices=game_names())
    play.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    play.add_argument("--solo", action="store_true", help="four players alone, not partners")
    play.add_argument("--seed", type=int, default=1, help="same seed, same match (default 1)")
    play.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        type=options.path,
        help="write the record here (default stdout)",
    )
    play.set_defaults(func=cmd_play)
    record = sub.add_parser(
        "record",
        help="validate a game record by replaying it under the rules",
        description="Replay a game record under the rules of its game: every recorded event"
        " must come out the same. Exits 1 for an invalid record, 2 for an unreadable file.",
    )
    record.add_argument("file", metavar="FILE", type=options.path)
    record.set_defaults(func=cmd_record)
