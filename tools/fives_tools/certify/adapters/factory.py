"""One way to reach an implementation: every command, the pytest plugin, fuzz's worker
processes and the requests for an implementation's own games build their adapter here,
so that a timeout or a reply limit means the same whichever door asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from fives_tools.certify.adapters.interface import Adapter
from fives_tools.certify.adapters.program import SubprocessAdapter
from fives_tools.certify.adapters.python import PythonAdapter, load_object
from fives_tools.certify.adapters.stdio_server import REFERENCE_COMMAND

#: The kinds of implementation: a program speaking the protocol, a Python adapter
#: (MODULE:ATTR), the reference engine in this process; None is the reference engine
#: through the protocol, as a third party's program is reached.
PROGRAM, PYTHON, IN_PROCESS = "adapter", "python", "in-process"
#: A reply's limit when none is given: a case's reply is small; a game's record asks more.
REPLY_BYTES = 1 << 20


@dataclass(frozen=True)
class Reach:
    """How to reach one implementation, in a form a worker process can rebuild."""

    kind: str | None = None
    target: str | None = None
    timeout: float = 10.0
    start_timeout: float = 20.0
    game_timeout: float | None = None
    max_reply_bytes: int = REPLY_BYTES

    def open(self) -> Adapter:
        """A new adapter to the implementation (started on first use)."""
        if self.kind == PYTHON and self.target:
            return PythonAdapter(load_object(self.target), self.target)
        if self.kind == IN_PROCESS:
            from fives_tools.certify.adapters.reference import (  # the engine, only if asked
                ReferenceAdapter,
            )

            return ReferenceAdapter()
        command = self.target if self.kind == PROGRAM and self.target else REFERENCE_COMMAND
        return SubprocessAdapter(
            command,
            timeout=self.timeout,
            start_timeout=self.start_timeout,
            max_reply_bytes=self.max_reply_bytes,
            game_timeout=self.game_timeout,
        )

    def words(self) -> tuple[str, ...]:
        """The command-line option that names this implementation again (none for the
        reference engine through the protocol)."""
        if self.kind == IN_PROCESS:
            return ("--in-process",)
        if self.kind in (PROGRAM, PYTHON) and self.target:
            return (f"--{self.kind}", self.target)
        return ()
