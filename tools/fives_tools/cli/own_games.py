"""The options of ``fives certify`` and ``fives compare`` that bring an implementation's
own games into its certificate (:mod:`fives_tools.certify.own_games`), and the gathering:
its logs read with ``--games FILE...``, or else its own games asked by ``selfplay``
requests when it declares them, ``--own-games N`` per game and player count (0: none).

The games asked follow the ``--game`` filter. A run narrowed by ``--case``, ``--rule`` or
``--level`` checks cases only: whole games would judge every rule, not the ones asked for.
"""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path
from typing import Any

from fives_engine import game_names
from fives_tools import options, partial
from fives_tools.certify.adapters import steered
from fives_tools.certify.adapters.interface import AdapterInfo
from fives_tools.certify.cases import Case
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.judge.unjudged import unjudged
from fives_tools.certify.observe import asked
from fives_tools.certify.observe.audit import audit_records
from fives_tools.certify.observe.stream import read_file
from fives_tools.certify.own_games import OwnGames
from fives_tools.certify.runner import Run
from fives_tools.options import Implementation
from fives_tools.progress import bar
from fives_tools.rerun import command
from fives_tools.text import plural

#: The implementation whose games the certificate asks when no option names one: the
#: reference engine (``fives certify`` with no option, or ``--in-process``).
REFERENCE_PYTHON = "fives_tools.certify.adapters.reference:ReferenceImplementation"


#: The prefix of the table options of the games asked (``--own-target``): the cases have
#: tables of their own.
OWN = "own"


def add_options(parser: argparse.ArgumentParser, *, logs: bool = True) -> None:
    """``--own-games N`` with the table asked (``--own-partnerships``, ``--own-deal-option``,
    ``--own-target``) and, with ``logs`` (one implementation's run), ``--games FILE...``."""
    if logs:
        _add_logs(parser)
    parser.add_argument(
        "--own-games",
        type=options.whole,
        default=asked.DEFAULT_GAMES,
        metavar="N",
        help="games asked of an implementation that declares selfplay, per game and player"
        f" count, audited into the certificate (default {asked.DEFAULT_GAMES}; 0: none)",
    )
    asked.add_table_options(parser, OWN)


def _add_logs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--games",
        nargs="+",
        metavar="FILE",
        type=options.path,
        help="the implementation's own game logs (observation records, spec/records.md:"
        " JSON or JSONL), audited into the certificate instead of asking for its games",
    )


def _narrowed(args: argparse.Namespace) -> str:
    """The filters that keep a run to some cases, as the options give them."""
    given = [f"--{name}" for name in ("case", "rule", "level") if getattr(args, name, None)]
    return ", ".join(given)


def read_logs(names: list[str]) -> OwnGames:
    """The logs of files ``names`` audited as the implementation's own games; a file that
    cannot be read is refused (:func:`read_file`: one line, exit 2). They are read before
    any case runs: a signal meanwhile stops the command with no report to write."""
    read = [(name, read_file(Path(name))) for name in names]
    obs = Observation()
    for name, records in read:
        audit_records(records, obs, command("fives", "audit", name), checked=True)
    return OwnGames(obs, f"read: {', '.join(names)}")


def preread(args: argparse.Namespace) -> OwnGames | None:
    """The logs of ``--games``, audited before any case runs, so that a file that cannot
    be read stops the command at once; None when none is given."""
    return read_logs(args.games) if getattr(args, "games", None) else None


def judge(
    args: argparse.Namespace, impl: Implementation | None, run: Run, cases: list[Case]
) -> OwnGames:
    """The own games of the run's implementation, for the games its cases kept, into
    ``run.own_games`` (:func:`gather`); a signal meanwhile goes on carrying the run, its
    own games so far with it (:mod:`fives_tools.partial`)."""
    games = OwnGames()
    run.own_games = games
    kept = {case.game for case in cases}
    try:
        with contextlib.nullcontext() if args.quiet else bar("own games", None):
            gather(args, impl, run.adapter, [g for g in game_names() if g in kept], games)
    except KeyboardInterrupt as exc:
        partial.carry(exc, run)
        raise
    return games


def gather(
    args: argparse.Namespace,
    impl: Implementation | None,
    info: AdapterInfo,
    games: list[str],
    into: OwnGames,
) -> None:
    """Fill ``into`` with the own games of the implementation ``impl`` names (None: the
    reference engine), whose ready message was ``info``, for the ``games`` the run kept,
    as the options ask (:func:`ask`), or say why none is asked."""
    narrowed = _narrowed(args)
    if narrowed:
        into.skipped = f"{narrowed} keep the run to cases; no game was asked"
    elif args.own_games == 0:
        into.skipped = "--own-games 0"
    else:
        table = asked.table_options(args, OWN)
        timeouts = (args.timeout, args.startup_timeout, args.game_timeout)
        ask(impl, info, games, into, args.own_games, *timeouts, table)


def ask(
    impl: Implementation | None,
    info: AdapterInfo,
    games: list[str],
    into: OwnGames,
    count: int = asked.DEFAULT_GAMES,
    timeout: float = 10.0,
    startup_timeout: float = 20.0,
    game_timeout: float = options.GAME_TIMEOUT,
    table: dict[str, Any] | None = None,
) -> None:
    """Ask ``impl`` (None: the reference engine) for ``count`` of its own games per game of
    ``games`` it declares and per player count, by selfplay, and audit them into ``into``;
    or say why it cannot be asked, each game bounded by ``game_timeout``; ``table``: the
    partnerships, deal option and target asked for (:func:`asked.table_options`; None
    each: the game's usual). On a signal ``into`` holds what was audited so far, its
    observation marked interrupted (:func:`asked.observe`), and the signal goes on."""
    if not info.selfplay:
        into.skipped = f"{info.name} does not declare selfplay, and no --games was given"
        return
    unit = "match" if "match" in info.selfplay else info.selfplay[0]
    # the reference engine's games are asked of it in process: the same engine, and a
    # re-run command that names no path of this machine
    how: dict[str, Any] = {"python": REFERENCE_PYTHON} if impl is None else {impl.kind: impl.target}
    wanted = asked.arguments(
        **how,
        game=[g for g in games if g in info.games],
        games=count,
        unit=unit,
        timeout=timeout,
        startup_timeout=startup_timeout,
        game_timeout=game_timeout,
        **(table or {}),
    )
    asked_for = [(k.replace("_", " "), v) for k, v in (table or {}).items() if v is not None]
    given = ", ".join(f"{name} {shown(value)}" for name, value in asked_for)
    into.source = f"asked: {plural(count, unit)} per game and player count, by selfplay"
    into.source += f" ({given})" if given else ""
    kept = [g for g in games if g in info.games]
    dealt = steered.for_table(kept, info.players) if info.selfplay_deals else []
    if dealt:
        into.source += f", and {plural(len(dealt), 'steered game')}"
    why = "" if dealt else f"{info.name} does not declare selfplay_deals (steered games)"
    try:
        into.observation = asked.observe(wanted)
    except KeyboardInterrupt as exc:
        found = partial.carried(exc, Observation)
        if found is not None:
            into.observation = found
        raise
    obs = into.observation
    into.unjudged = [(g, rule, say) for g in kept for rule, say in unjudged(obs, g, why)]


def shown(value: Any) -> str:
    """A table option as the source line says it: ``--own-target`` given per player count
    is ``150, 4 players 100``."""
    if not isinstance(value, list):
        return str(value)
    return ", ".join(str(v) if p is None else f"{p} players {v}" for p, v in value)


__all__ = ["REFERENCE_PYTHON", "add_options", "ask", "gather", "judge", "preread", "read_logs"]
