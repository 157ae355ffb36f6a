"""A progress bar for the commands that take seconds (``fives certify``, ``compare``,
``fuzz``, ``docs``): rich's, on stderr, only when stderr is a terminal, and gone when the
work is done; anywhere else (a pipe, a log, a test) it adds nothing at all."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from fives_tools.text import clean

#: Advance the bar by a number of steps (one when not given).
Step = Callable[..., None]


def _nothing(steps: int = 1) -> None:
    return None


def on_terminal(stream: TextIO) -> bool:
    """A bar only for a person watching: a terminal that can redraw a line."""
    return stream.isatty() and os.environ.get("TERM") != "dumb"


@contextmanager
def bar(what: str, total: int | None, stream: TextIO | None = None) -> Iterator[Step]:
    """A bar saying ``what`` is being done, ``total`` steps long (``None``: unknown, a
    pulse); yields the function that advances it."""
    out = sys.stderr if stream is None else stream
    if not on_terminal(out):
        yield _nothing
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(file=out), transient=True) as progress:
        task = progress.add_task(escape(clean(what)), total=total)  # a path, as given

        def step(steps: int = 1) -> None:
            progress.advance(task, steps)

        yield step
