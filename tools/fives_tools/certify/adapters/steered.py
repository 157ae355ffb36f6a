"""Steered games: deals the suite hands an engine to play with its own choices.

Random games seldom reach a block, a tie at the top, a block after which a new draw picks
the leader, or a partnership's settlement, so an engine's own games alone leave rules
unjudged. A ``selfplay`` request may carry ``deals`` (``spec/protocol.md``, "Steered
games"): the engine deals those, hand after hand, and plays them its own way; the record
is audited like any other.

The deals are data, ``spec/steered-deals.yaml``, each with the table it is dealt at and
the rules it is for, each with in how many of :data:`PLAYOUTS` playouts of the reference
engine, choosing at random, the audit judged it there (:mod:`fives_tools.certify.steered`
picks them and rewrites the file).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from fives_tools.certify.adapters.own_games import Table

#: the file of the deals, in the spec package
FILE = "steered-deals.yaml"
#: playouts of the reference engine a deal is tried with when picked
PLAYOUTS = 8


@dataclass(frozen=True)
class Steered:
    """One steered game: its table, its deals and the rules it is for."""

    id: str
    game: str
    players: int
    deals: tuple[dict[str, Any], ...]
    #: the rules it is for: per rule, in how many of :data:`PLAYOUTS` random playouts of
    #: the reference engine the audit judged it
    rules: dict[str, int]
    partnerships: bool | None = None
    deal_option: str | None = None
    target: int | None = None
    unit: str = "match"

    def table(self) -> Table:
        """The table asked, with its deals."""
        return Table(
            self.game,
            self.players,
            self.partnerships,
            self.unit,
            self.deal_option,
            self.target,
            self.deals,
            self.id,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "game": self.game, "players": self.players}
        for key in ("partnerships", "deal_option", "target"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return {**out, "unit": self.unit, "rules": self.rules, "deals": list(self.deals)}


@functools.cache
def load() -> tuple[Steered, ...]:
    """The steered games of the suite, as ``spec/steered-deals.yaml`` holds them."""
    path = Path(str(resources.files("fives_spec"))) / FILE
    # libyaml's loader where it is built: every `fives audit` reads the file for its options
    data = yaml.load(path.read_text("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return tuple(
        Steered(
            id=str(entry["id"]),
            game=str(entry["game"]),
            players=int(entry["players"]),
            deals=tuple(entry["deals"]),
            rules=dict(entry["rules"]),
            partnerships=entry.get("partnerships"),
            deal_option=entry.get("deal_option"),
            target=entry.get("target"),
            unit=str(entry.get("unit", "match")),
        )
        for entry in data["steered"]
    )


def for_table(games: list[str], players: tuple[int, ...]) -> list[Steered]:
    """The steered games of ``games`` at the player counts declared."""
    return [s for s in load() if s.game in games and s.players in players]


__all__ = ["FILE", "PLAYOUTS", "Steered", "for_table", "load"]
