"""Command-line values checked where they are read: a usage error, never a quiet default.

The one declaration of the options the commands share (how to name an implementation,
the filters, the timeouts) and of the types of their values (seconds, counts, jobs,
paths); shared by every ``fives`` subcommand and the pytest plugin.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from fives_tools.certify.cases import levels
from fives_tools.text import clean, shortened


def check_seconds(value: float, what: str = "timeout") -> float:
    """A finite, positive number of seconds (``nan``, ``inf``, 0 and negatives refused)."""
    if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
        raise ValueError(f"a {what} is a finite number of seconds above 0, got {value!r}")
    return float(value)


def seconds(text: str) -> float:
    """argparse type: a finite, positive number of seconds."""
    try:
        return check_seconds(float(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a finite number of seconds above 0, got {text!r}"
        ) from None


def command(text: str) -> str:
    """argparse type: an adapter command or ``module:attr`` that names something (an empty
    one is refused, so an unset variable in CI cannot silently certify something else)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty: name the adapter to certify")
    try:
        shlex.split(text)  # as SubprocessAdapter splits it, later and with a traceback
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"{str(exc).lower()} in {text!r}: close the quote, or quote it for your shell"
        ) from None
    return text


def count(text: str) -> int:
    """argparse type: a whole number above 0 (a budget, a number of jobs)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a whole number above 0, got {text!r}")
    return value


def target(text: str) -> tuple[int | None, int]:
    """argparse type: a target in raw points, ``N`` for every player count or ``P:N`` for
    ``P`` players alone (``--target 150 --target 4:100``)."""
    players, _, points = text.rpartition(":")
    try:
        count_ = int(players) if players else None
        value = int(points)
    except ValueError:
        count_, value = None, 0
    if value <= 0 or (players and count_ not in (2, 3, 4)):
        raise argparse.ArgumentTypeError(
            f"expected a target in raw points above 0, N or P:N for P players, got {text!r}"
        )
    return count_, value


def target_for(given: list[tuple[int | None, int]] | int | None, players: int) -> int | None:
    """The target ``--target`` options give ``players`` players: the one for that count,
    else the one for every count, else None (the last given of each wins); a bare number
    (from Python) is every count's."""
    if isinstance(given, int):
        return given
    found = dict(given or [])
    return found.get(players, found.get(None))


def boolean(text: str) -> bool:
    """argparse type: ``true`` or ``false``, as JSON writes them (a request's field)."""
    if text.strip().lower() not in ("true", "false"):
        raise argparse.ArgumentTypeError(f"expected true or false, got {text!r}")
    return text.strip().lower() == "true"


#: Processes per CPU that ``--jobs`` may ask for: each job is a worker and its adapter.
JOBS_PER_CPU = 4


def jobs(text: str) -> int:
    """argparse type: a number of worker processes, above 0 and at most
    :data:`JOBS_PER_CPU` per CPU (``--jobs 10000`` would fork the machine out of memory)."""
    value = count(text)
    limit = JOBS_PER_CPU * (os.cpu_count() or 1)
    if value > limit:
        raise argparse.ArgumentTypeError(
            f"expected at most {limit} ({JOBS_PER_CPU} per CPU), got {text!r}"
        )
    return value


def path(text: str) -> str:
    """argparse type: a file or folder path; an empty one (an unset variable) is refused
    rather than read as "no such output"."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty: give a file or folder path")
    return text


def book_prefix(text: str) -> str:
    """argparse type: where the rule books are, as a folder or URL the links start with."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty: give the rule books' folder or URL")
    return text if text.endswith("/") else text + "/"


def whole(text: str) -> int:
    """argparse type: a whole number from 0 (a request's index in a campaign; a count
    where 0 turns something off)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0, got {text!r}")
    return value


def add_no_timestamps(parser: argparse.ArgumentParser) -> None:
    """``--no-timestamps``, of ``fives certify`` and ``fives compare``."""
    parser.add_argument(
        "--no-timestamps",
        action="store_true",
        help="leave the date and duration out of the Markdown and HTML reports, so that"
        " committed reports change only when a result does",
    )


#: The exit status of a run that could not happen (bad usage, unreadable input, ...).
EXIT_CANNOT_RUN = 2


class Parser(argparse.ArgumentParser):
    """argparse's parser (its subcommands' too), but a usage error is one line with a
    pointer to ``--help``, not the usage block before it."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_CANNOT_RUN, self.usage_line(message) + "\n")

    def usage_line(self, message: str) -> str:
        """The one line a usage error is shown as; a value given, echoed in it, is cut
        short (:func:`.text.shortened`: a 5000-digit ``--games`` was echoed whole)."""
        return clean(f"{self.prog}: {shortened(message)} (see {self.prog} --help)")


#: What may name an implementation in ``NAME=CMD``: no space, ``/`` or ``=``, so that a
#: command such as ``./adapter --x=1`` is never mistaken for a name.
_NAME = re.compile(r"[\w.+-]+")


@dataclass(frozen=True)
class Implementation:
    """An implementation as the command line names it: a program (``--adapter``) or a
    Python adapter (``--python``), with the name a report shows it under, if given."""

    kind: str  # "adapter" or "python"
    target: str  # the command, or MODULE:ATTR
    name: str | None = None

    def words(self) -> tuple[str, ...]:
        """The option that names it again (without its name: a re-run needs none)."""
        return (f"--{self.kind}", self.target)


def implementation(kind: str, text: str) -> Implementation:
    """``[NAME=]CMD`` or ``[NAME=]MODULE:ATTR`` read as an :class:`Implementation`."""
    name, sep, rest = text.partition("=")
    if sep and not name.strip():
        raise argparse.ArgumentTypeError(f"the name before '=' is empty in {text!r}")
    if sep and _NAME.fullmatch(name):
        if not rest.strip():
            raise argparse.ArgumentTypeError(f"{name}= names nothing: give {name}=CMD")
        return Implementation(kind, command(rest), name)
    return Implementation(kind, command(text))


class _Named(argparse.Action):
    """Reads ``[NAME=]TARGET``: one implementation sets ``adapter``/``python`` to the target
    and ``name`` to the name; with ``many``, each one is appended to ``implementations``."""

    def __init__(self, *args: Any, many: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.many = many

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        try:
            chosen = implementation(self.dest, str(values))
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentError(self, str(exc)) from None
        if self.many:
            namespace.implementations = [*namespace.implementations, chosen]
        else:
            setattr(namespace, self.dest, chosen.target)
            namespace.name = chosen.name


def add_implementation(
    parser: argparse.ArgumentParser, adapter: str, python: str, *, many: bool = False
) -> argparse._MutuallyExclusiveGroup:
    """``--adapter [NAME=]'CMD ARGS'`` or ``--python [NAME=]MODULE:ATTR``: how every command
    names the implementation it talks to, one or the other (``adapter`` and ``python`` are
    the help texts), or with ``many`` as often as wanted, into ``args.implementations``.
    NAME, optional everywhere, is what the reports show it as. The group is returned for a
    command that offers one more way."""
    if many:
        parser.set_defaults(implementations=[])
        how = parser.add_argument_group("implementations (repeatable)")
    else:
        parser.set_defaults(name=None)
        how = parser.add_mutually_exclusive_group()
    for kind, metavar, text in (
        ("adapter", "[NAME=]'CMD ARGS'", adapter),
        ("python", "[NAME=]MODULE:ATTR", python),
    ):
        how.add_argument(f"--{kind}", metavar=metavar, action=_Named, many=many, help=text)
    return how  # type: ignore[return-value]  # an argument group only when many


#: The outputs that are folders, not files.
FOLDERS = frozenset({"badges", "prefixes", "save_candidates", "site"})


def add_outputs(parser: argparse.ArgumentParser, **helps: str) -> None:
    """One ``--NAME FILE`` (or ``DIR``) option per keyword, its value the help text: every
    file or folder a command writes is named this way and read by :func:`path`."""
    for name, text in helps.items():
        parser.add_argument(
            "--" + name.replace("_", "-"),
            metavar="DIR" if name in FOLDERS else "FILE",
            type=path,
            help=text,
        )


def add_filters(parser: argparse.ArgumentParser) -> None:
    """``--game/--rule/--level/--case``, of every command that runs the suite's cases."""
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument(
        "--rule", action="append", default=[], help="only cases checking this rule ID"
    )
    parser.add_argument(
        "--level",
        action="append",
        default=[],
        help="only cases of this capability level: " + ", ".join(levels.LEVELS),
    )
    parser.add_argument(
        "--case",
        action="append",
        default=[],
        metavar="PATTERN",
        help="only case IDs matching this glob, e.g. 'five-up/layout/*'",
    )


#: Seconds one game of an implementation's own may take (``--game-timeout``): a match of
#: a hundred moves at an engine's 1.5 s pause each for its interface, and some to spare.
GAME_TIMEOUT = 300.0


def add_timeouts(parser: argparse.ArgumentParser) -> None:
    """``--timeout/--game-timeout/--startup-timeout``, of every command that talks to an
    adapter."""
    parser.add_argument(
        "--timeout", type=seconds, default=10.0, help="seconds per case (default 10)"
    )
    parser.add_argument(
        "--game-timeout",
        type=seconds,
        default=GAME_TIMEOUT,
        help="seconds for one of its own games, a whole selfplay request however many"
        f" moves (default {GAME_TIMEOUT:g})",
    )
    parser.add_argument(
        "--startup-timeout",
        type=seconds,
        default=20.0,
        help="seconds for an adapter to start and send ready (default 20)",
    )
