"""What every ``fives`` subcommand shares besides its options (:mod:`fives_tools.options`):
the parser class, the errors a command raises instead of printing, and the implementation
the options name.

A command never prints its own error: it raises :class:`UsageError` (bad usage: the line
points to ``--help``) or one of :data:`CANNOT_RUN` (an unreadable file, an adapter that
cannot start, a report that cannot be written), and :func:`fives_tools.cli.main` prints
it on one line and exits 2.
"""

from __future__ import annotations

import argparse
from dataclasses import replace

from fives_engine import FivesError
from fives_tools.book.api import ApiError
from fives_tools.certify.adapters.factory import Reach
from fives_tools.certify.adapters.interface import (
    Adapter,
    AdapterError,
    AdapterInfo,
    AdapterRefused,
)
from fives_tools.certify.cases import FixtureError
from fives_tools.certify.cases.selection import Filters, unknown_names
from fives_tools.certify.fuzz.scope import ScopeError
from fives_tools.certify.observe.load import LoadError
from fives_tools.files import WriteError
from fives_tools.options import Implementation
from fives_tools.render import RenderError
from fives_tools.render.inputs import InputError


class CannotRun(Exception):
    """The command was given right but cannot run (an unreadable file, an implementation
    that refuses); printed on one line, without the pointer to ``--help``."""


#: What ends a command with one line and exit status 2, as its message says it.
CANNOT_RUN: tuple[type[Exception], ...] = (
    CannotRun,
    FixtureError,
    AdapterRefused,
    AdapterError,
    ApiError,
    FivesError,
    InputError,
    LoadError,
    RenderError,
    ScopeError,
    WriteError,
)


class UsageError(Exception):
    """The command cannot run as given; printed on one line with a pointer to ``--help``."""


def message(exc: Exception) -> str:
    """The one line an error of :data:`CANNOT_RUN` (or a bad fixture) is shown as."""
    text = str(exc).replace("\n", " ")
    return f"bad fixture: {text}" if isinstance(exc, FixtureError) else text


def chosen(args: argparse.Namespace) -> Implementation | None:
    """The implementation ``--adapter`` or ``--python`` names (None: neither is given)."""
    for kind in ("adapter", "python"):
        target = getattr(args, kind, None)
        if target is not None:
            return Implementation(kind, target, getattr(args, "name", None))
    return None


def make_adapter(
    impl: Implementation | None,
    timeout: float,
    startup_timeout: float,
    game_timeout: float | None = None,
) -> Adapter:
    """The adapter of ``impl``; the reference engine through the subprocess protocol for
    None (:class:`~fives_tools.certify.adapters.factory.Reach`, the one way in)."""
    kind, target = (None, None) if impl is None else (impl.kind, impl.target)
    return Reach(kind, target, timeout, startup_timeout, game_timeout).open()


def filters_of(args: argparse.Namespace) -> Filters:
    """The filters the options give; a misspelt game, rule or level is a usage error."""
    filters = Filters.of(args.game, args.rule, args.level, args.case)
    problems = unknown_names(filters)
    if problems:
        raise UsageError("; ".join(problems))
    return filters


def shown_as(info: AdapterInfo, name: str | None) -> AdapterInfo:
    """``info`` under the name the command line gave (``--adapter NAME=CMD``), if any: what
    the reports then call the implementation."""
    return info if name is None else replace(info, name=name)
