"""The one interface through which the harness reaches an implementation.

Every implementation, the reference engine included, is driven the same way: ``start``
answers who it is and what it supports, ``run`` takes one request (a JSON-shaped dict,
see ``spec/protocol.md``) and returns the reply, ``stop`` releases it. Transports (a
Python object in process, a subprocess speaking NDJSON) differ only in how they carry it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from fives_tools.text import clean


class AdapterError(RuntimeError):
    """The implementation failed to answer properly (crash, garbage, timeout, bad schema).

    Distinct from a wrong answer: the case is reported as an *error*, not a *failure*.
    """


class AdapterRefused(RuntimeError):
    """The implementation cannot be certified at all (unknown protocol version, no start)."""


@dataclass(frozen=True)
class AdapterInfo:
    """What an implementation says of itself in its ``ready`` message."""

    name: str
    language: str
    version: str
    protocol: str
    games: tuple[str, ...]
    levels: tuple[str, ...]
    players: tuple[int, ...] = (2, 3, 4)
    #: How its replies name places: ``canonical`` (the notation), ``pips`` (the pips
    #: form of spec/notation.md, for a layout without place names) or ``ends`` (the pips
    #: form without tiles, for an engine that keeps only its ends' values).
    places: str = "canonical"
    selfplay: tuple[str, ...] = ()  # the units it plays its own way (hand, match)
    #: it plays a ``selfplay`` from the ``deals`` asked (a steered game, spec/protocol.md)
    selfplay_deals: bool = False

    @classmethod
    def from_ready(cls, ready: dict[str, Any]) -> AdapterInfo:
        """The implementation's own words, made safe to show (:func:`text.clean`)."""
        impl = ready.get("implementation") or {}
        return cls(
            name=clean(str(impl.get("name", "unnamed implementation"))),
            language=clean(str(impl.get("language", "unknown"))),
            version=clean(str(impl.get("version", ""))),
            protocol=clean(str(ready.get("protocol", ""))),
            games=tuple(ready.get("games") or ()),
            levels=tuple(ready.get("levels") or ()),
            players=tuple(ready.get("players", (2, 3, 4))),
            places=str(ready.get("places", "canonical")),
            selfplay=tuple(ready.get("selfplay") or ()),
            selfplay_deals=bool(ready.get("selfplay") and ready.get("selfplay_deals")),
        )


@runtime_checkable
class Adapter(Protocol):
    def start(self) -> AdapterInfo: ...

    def run(self, request: dict[str, Any], case_id: str = "") -> dict[str, Any]: ...

    def stop(self) -> None: ...
