"""Engines whose cases the reference engine answers, and whose own games are wrong: what
the cases cannot see and the one certificate must (fives_tools.certify.own_games).

Certify one by hand with, for example::

    fives certify --python tests.bent_engines.own_games:HidesALegalLead
"""

from __future__ import annotations

from typing import Any

from fives_tools.certify.adapters.reference import ReferenceImplementation

#: The game whose own games these engines get wrong; the others they play right.
BENT_GAME = "five-up"


def hide_a_legal_lead(record: dict[str, Any]) -> dict[str, Any]:
    """The record with one legal lead left out of the first action's offered list: a
    player who is never offered a tile they may lead (one divergence, nothing after it)."""
    first = record["hands"][0]["actions"][0]
    others = [a for a in first["offered"] if a != first["action"]]
    first["offered"] = [*others[1:], first["action"]]
    return record


class _Named(ReferenceImplementation):
    NAME = ""

    def start(self) -> dict[str, Any]:
        ready = super().start()
        ready["implementation"] = {**ready["implementation"], "name": self.NAME}
        del ready["selfplay_deals"]  # its own random games alone, as the README shows them
        return ready


class HidesALegalLead(_Named):
    """Every case answered as the reference engine does; in its own games of Five Up the
    opening player is offered one legal lead too few."""

    NAME = "hides a legal lead in its own games"

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        reply = super().run(request)
        if request.get("type") == "selfplay" and request.get("game") == BENT_GAME:
            hide_a_legal_lead(reply["record"])
        return reply


class CannotPlayItsOwnGames(_Named):
    """Every case answered as the reference engine does; asked for its own games, it
    declares them and fails to give any."""

    NAME = "cannot play its own games"

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("type") == "selfplay":
            return {"error": {"kind": "internal", "message": "no game loop in this build"}}
        return super().run(request)
