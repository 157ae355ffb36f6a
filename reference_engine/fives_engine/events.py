"""The event log: what happened in a hand and a match, in the protocol's JSON shape.

Turn events (``play``, ``draw``, ``pass``) tell the hand move by move; match events tell
what the match makes of it: a hand begins (``hand``), it ends (``out``, ``block``), a side's
score changes (``score``: every change of a score is one, applied or discarded), a tie at
the target plays on (``tie``), a side wins (``win``). ``spec/protocol.md`` lists the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

TURN_EVENTS = frozenset({"play", "draw", "pass"})
APPLIED, DISCARDED = "applied", "discarded"


def _json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _json(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Event:
    """One thing that happened: its ``kind`` (``play``, ``score``, ``win`` ...) and its
    fields as the protocol writes them (``event["seat"]``); :meth:`to_json` is its JSON."""

    kind: str
    fields: Mapping[str, Any]

    @classmethod
    def of(cls, kind: str, **fields: Any) -> Event:
        return cls(kind, MappingProxyType({k: v for k, v in fields.items() if v is not None}))

    @property
    def is_turn(self) -> bool:
        return self.kind in TURN_EVENTS

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def to_json(self) -> dict[str, Any]:
        return {"event": self.kind, **{k: _json(v) for k, v in self.fields.items()}}
