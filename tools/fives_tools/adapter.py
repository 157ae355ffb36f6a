"""The one interface through which the harness reaches an implementation.

Every implementation, the reference engine included, is driven the same way: ``start``
answers who it is and what it supports, ``run`` takes one request (a JSON-shaped dict,
see ``spec/protocol.md``) and returns the reply, ``stop`` releases it. Transports (in
process, a Python class, a subprocess speaking NDJSON) differ only in how they carry the
request.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

PROTOCOL_VERSION = "1.0"


class AdapterError(RuntimeError):
    """The implementation failed to answer a request properly (crash, garbage, timeout).

    Distinct from a wrong answer: the case is reported as an *error*, not a *failure*.
    """


@dataclass(frozen=True)
class AdapterInfo:
    name: str
    language: str = "unknown"
    version: str = ""
    games: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Adapter(Protocol):
    def start(self) -> AdapterInfo: ...

    def run(self, request: dict[str, Any]) -> dict[str, Any]: ...

    def stop(self) -> None: ...
