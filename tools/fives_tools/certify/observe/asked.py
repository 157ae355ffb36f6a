"""``fives audit --adapter CMD`` / ``--python M:A``: ask the implementation for its own
games (``selfplay`` requests, spec/protocol.md) and audit the records it gives.

By default every game and player count it declares is asked for :data:`DEFAULT_GAMES`
games each (seeds 1 .. N), a whole match each: a budget of seconds for the reference
engine. A game the implementation fails to give (a crash, a hang, garbage, an error
reply) is listed with its diagnosis among the records that could not be read, and the
run goes on. A record stating another target than the one asked (``--target``), or
without one asked than its game's usual one, diverges on ``match.target``; a record of
other partnerships or another deal option than asked is no game of the table asked.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from fives_engine import FivesError, Setup, find_game, game_names
from fives_engine.record import MAX_BYTES
from fives_tools import options, partial
from fives_tools.certify.adapters import steered
from fives_tools.certify.adapters.factory import PROGRAM, PYTHON, Reach
from fives_tools.certify.adapters.interface import Adapter, AdapterInfo
from fives_tools.certify.adapters.own_games import Asked, Table, ask, count
from fives_tools.certify.adapters.protocol import SELFPLAY_UNITS
from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Note, Observation, supplied
from fives_tools.certify.judge import steps
from fives_tools.certify.observe.audit import audit_records, prefix
from fives_tools.options import Parser
from fives_tools.partial import Interruption
from fives_tools.rerun import command

#: how an error reply of ``unsupported`` is said (:func:`.own_games._answer`)
UNSUPPORTED = "the implementation answered unsupported"

#: games asked per game and player count when ``--games`` is not given
DEFAULT_GAMES = 1


def adapter_of(args: argparse.Namespace) -> Adapter:
    """The implementation the options name; a self-play reply may be a large record."""
    kind, target = (PROGRAM, args.adapter) if args.adapter is not None else (PYTHON, args.python)
    timeouts = (args.timeout, args.startup_timeout, args.game_timeout)
    return Reach(kind, target, *timeouts, max_reply_bytes=MAX_BYTES).open()


def tables(args: argparse.Namespace) -> Callable[[AdapterInfo], list[Table]]:
    """The tables the options ask for, each game and player count by default declared."""

    def choose(info: AdapterInfo) -> list[Table]:
        games = args.game or [g for g in game_names() if g in info.games]
        players = args.players or sorted(info.players)
        named = getattr(args, "steered", None) or []
        chosen = [] if named else [table_of(args, g, p) for g in games for p in players]
        if info.selfplay_deals and not getattr(args, "no_steered", False):
            dealt = steered.for_table(games, tuple(players))
            chosen += [s.table() for s in dealt if not named or s.id in named]
        return chosen

    return choose


def table_of(args: argparse.Namespace, game: str, players: int) -> Table:
    """One table asked: ``--partnerships`` where four players may sit either way,
    ``--deal-option`` in the games that have it, ``--target`` everywhere."""
    ruleset = find_game(game)
    alone = args.partnerships if ruleset.partnerships(players) == "optional" else None
    option = args.deal_option if args.deal_option in ruleset.deal_options else None
    target = options.target_for(args.target, players)
    return Table(game, players, alone, args.unit, option, target)


def label(table: Table, seed: int) -> str:
    if table.steered:
        return f"{table.game} {table.players} players, steered {table.steered} seed {seed}"
    return f"{table.game} {table.players} players, {table.unit} seed {seed}"


def rerun(args: argparse.Namespace, table: Table, seed: int) -> str:
    """The command that asks for that one game again (the same game if the implementation
    plays the same game for the same seed)."""
    how = ["--adapter", args.adapter] if args.adapter is not None else ["--python", args.python]
    if table.steered:
        return command("fives", "audit", *how, "--steered", table.steered, "--seed", str(seed))
    asks = ["--game", table.game, "--players", str(table.players), "--unit", table.unit]
    for key, value in table.asked.items():
        asks += [f"--{key.replace('_', '-')}", str(value).lower()]
    return command("fives", "audit", *how, *asks, "--games", "1", "--seed", str(seed))


def target_claim(
    args: argparse.Namespace, name: str, record: dict[str, Any], table: Table, seed: int
) -> Finding | None:
    """The target the record states, held against the one asked (``--target``), else the
    game's usual one. (The rest of the record is judged by the target it states, so that a
    wrong target is named once, not at every score that reaches it.)"""
    stated = record["setup"].get("target")
    try:
        ruleset = find_game(table.game)
        usual = Setup.of(ruleset, table.players, record["setup"].get("partnerships")).target
    except FivesError:
        return None  # the audit reports a table the rules refuse
    usual = usual if table.target is None else table.target
    if stated is None or stated == usual:
        return None
    what = f"the target of {table.game} for {table.players} players (no target was agreed)"
    if table.target is not None:
        what = f"the target asked for ({table.target})"
    return Finding(
        name,
        table.game,
        1,
        None,
        "setup.target",
        steps.TARGET,
        what,
        str(usual),
        str(stated),
        prefix(record, 0, None),
        rerun=rerun(args, table, seed),
    )


def observe(args: argparse.Namespace) -> Observation:
    """Ask for every table's games and audit them; a game not given is noted. A signal is
    raised on, carrying the audit of the games asked so far (:func:`partial.carry`)."""
    obs = Observation()
    chosen: list[Table] = []

    def choose(info: AdapterInfo) -> list[Table]:
        chosen[:] = tables(args)(info)
        return chosen

    games = 0
    try:
        for asked in ask(adapter_of(args), choose, args.games, args.seed):
            audit_game(args, asked, obs)
            games += 1
    except KeyboardInterrupt as exc:
        if chosen:
            wanted = sum(count(t, args.games) for t in chosen)
            obs.interruption = Interruption.of(exc, games, wanted, "game")
            partial.carry(exc, obs)
        raise
    return obs


def audit_game(args: argparse.Namespace, asked: Asked, obs: Observation) -> None:
    """Audit one game the implementation gave (or note that it gave none) into ``obs``."""
    name = label(asked.table, asked.seed)
    if asked.record is None and asked.table.deals and asked.error.startswith(UNSUPPORTED):
        # a table it does not play (a deal option, a target of its own): not judged, as
        # a table it does not declare is not asked; no game was owed
        obs.undecided.append(Note(name, 0, None, f"steered game not played: {asked.error}"))
        return
    if asked.record is None:
        obs.unreadable.append(Note(name, 0, None, f"no record: {asked.error}"))
        return
    first = len(obs.divergences)
    tally = obs.tally(asked.table.game)
    own = tally.present[supplied(steps.TARGET)]  # before this record: it may be judged
    audit_records([(name, asked.record)], obs, rerun(args, asked.table, asked.seed))
    claim = target_claim(args, name, asked.record, asked.table, asked.seed)
    stated = asked.record["setup"].get("target") is not None  # null: as absent
    if stated and name not in {n.record for n in obs.unreadable}:
        tally.exercised[steps.TARGET] += 1
        if claim is None and asked.table.target is not None:  # agreed: judged, not taken
            tally.present[supplied(steps.TARGET)] = own
    if claim is not None:
        tally.failed[steps.TARGET] += 1
        obs.divergences.insert(first, claim)


def add_selfplay_options(
    parser: argparse.ArgumentParser, timeouts: Callable[[argparse.ArgumentParser], None]
) -> None:
    """The options that ask an implementation for its games; ``timeouts`` adds those of
    ``fives certify`` (a game's timeout is a case's)."""
    options.add_implementation(
        parser,
        adapter="ask this program (NDJSON protocol) for its own games instead of reading files",
        python="ask this Python adapter object or entry point for its own games",
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=game_names(),
        default=[],
        help="only this game (default: every declared)",
    )
    parser.add_argument(
        "--players",
        action="append",
        type=int,
        choices=[2, 3, 4],
        default=[],
        help="only this player count (default: every declared)",
    )
    parser.add_argument(
        "--games",
        type=options.count,
        default=DEFAULT_GAMES,
        help=f"games asked per game and player count (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--unit",
        choices=SELFPLAY_UNITS,
        default="match",
        help="what one game is: a hand or a whole match (default match)",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="the first game's seed; then +1 each (default 1)"
    )
    add_table_options(parser)
    add_steered_options(parser)
    timeouts(parser)


def add_steered_options(parser: argparse.ArgumentParser) -> None:
    """``--steered ID`` (that steered game alone) and ``--no-steered`` (none of them)."""
    parser.add_argument(
        "--steered",
        action="append",
        choices=[s.id for s in steered.load()],
        metavar="ID",
        help="ask only this steered game (spec/steered-deals.yaml) of an implementation that"
        " declares selfplay_deals",
    )
    parser.add_argument(
        "--no-steered",
        action="store_true",
        help="ask none of the steered games (by default an implementation that declares"
        " selfplay_deals plays each of its games and player counts once, beside its own)",
    )


#: The options of a table asked for, by the name ``fives audit`` gives them.
TABLE_OPTIONS = ("partnerships", "deal_option", "target")


def add_table_options(parser: argparse.ArgumentParser, prefix: str = "") -> None:
    """``--partnerships``, ``--deal-option`` and ``--target`` of the games asked for;
    with a ``prefix`` (``own``: ``--own-target``) where they could be taken for another
    table's (the certificate's cases have tables of their own)."""
    prefix = f"{prefix}-" if prefix else ""
    parser.add_argument(
        f"--{prefix}partnerships",
        type=options.boolean,
        default=None,
        metavar="true|false",
        help="true or false: four All Fives players as two partnerships or alone (default:"
        " the implementation's own way; the other games always have partners)",
    )
    parser.add_argument(
        f"--{prefix}deal-option",
        choices=sorted({o for g in game_names() for o in find_game(g).deal_options}),
        default=None,
        help="ask the games that have it for this deal (default: the game's usual deal)",
    )
    parser.add_argument(
        f"--{prefix}target",
        type=options.target,
        action="append",
        default=None,
        metavar="[P:]POINTS",
        help="ask for this target in raw points; P:POINTS for P players alone, given as often"
        " as wanted (default: the game's usual one)",
    )


def table_options(args: argparse.Namespace, prefix: str = "") -> dict[str, Any]:
    """The table options ``args`` gives (see :func:`add_table_options`), unprefixed."""
    prefix = f"{prefix}_" if prefix else ""
    return {name: getattr(args, f"{prefix}{name}", None) for name in TABLE_OPTIONS}


def _default_timeouts(parser: argparse.ArgumentParser) -> None:
    parser.set_defaults(timeout=10.0, startup_timeout=20.0, game_timeout=options.GAME_TIMEOUT)


def arguments(**given: Any) -> argparse.Namespace:
    """The options of ``fives audit`` as the command line gives them, defaults included."""
    parser = Parser()
    parser.add_argument("files", nargs="*")
    add_selfplay_options(parser, _default_timeouts)
    return parser.parse_args([], argparse.Namespace(**given))
