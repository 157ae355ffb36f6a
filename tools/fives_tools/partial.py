"""What a command a signal stopped had found: one rule for every command that starts
programs (``fives certify``, ``compare``, ``fuzz``, ``audit``).

The work done before the signal travels on the interruption (:func:`carry`); the command
hands it to its report (:func:`reporting`), which writes only the ``--json`` report, with
an ``interrupted`` object naming the signal and how far the work got
(:class:`Interruption`), and prints the console report under an ``INTERRUPTED`` line in
place of a verdict. The other files (Markdown, HTML, JUnit, badges, candidate fixtures,
divergence prefixes) are neither written nor replaced: people and CI pages read them as a
verdict, and none was reached. The command still ends with exit status 2 (fives_tools.cli).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from fives_tools import processes
from fives_tools.text import plural

T = TypeVar("T")
_CARRIED = "fives_partial"


@dataclass(frozen=True)
class Interruption:
    """The signal that stopped the work after ``run`` of its ``selected`` units (None: no
    end was set, a fuzz campaign limited by time)."""

    signal: str
    run: int
    selected: int | None
    unit: str  # "case", "request", "game", "implementation"

    @classmethod
    def of(cls, exc: BaseException, run: int, selected: int | None, unit: str) -> Interruption:
        return cls(processes.signal_name(exc), run, selected, unit)

    def to_json(self) -> dict[str, Any]:
        """The ``interrupted`` object of a partial JSON report."""
        return {
            "signal": self.signal,
            f"{self.unit}s_run": self.run,
            f"{self.unit}s_selected": self.selected,
        }

    @property
    def reason(self) -> str:
        """``by SIGTERM after 12 of 386 cases``."""
        if self.selected is None:
            return f"by {self.signal} after {plural(self.run, self.unit)}"
        return f"by {self.signal} after {self.run} of {plural(self.selected, self.unit)}"

    @property
    def line(self) -> str:
        """The line a partial report shows where a verdict would be."""
        return f"INTERRUPTED: {self.reason}"


def carry(exc: BaseException, found: object) -> None:
    """Let the interruption ``exc`` carry what the work had found before it."""
    setattr(exc, _CARRIED, found)


def carried(exc: BaseException, kind: type[T]) -> T | None:
    """What ``exc`` carries, if it is a ``kind``."""
    found = getattr(exc, _CARRIED, None)
    return found if isinstance(found, kind) else None


@contextlib.contextmanager
def reporting(kind: type[T], report: Callable[[T], object]) -> Iterator[None]:
    """On an interruption carrying a ``kind``, ``report`` it before the interruption goes
    on (a second signal meanwhile stops the report, but the writer is atomic: the file is
    the whole report or is left as it was)."""
    try:
        yield
    except KeyboardInterrupt as exc:
        found = carried(exc, kind)
        if found is not None:
            report(found)
        raise
