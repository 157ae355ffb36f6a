"""Replies as engines that name no places would give them, and the exchanges that
spec/protocol.md documents, for the tests of the places' forms and of refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fives_engine import AttachPoint, NotationError, PipsPlay, Play, ScoringEnd
from fives_tools.certify import places
from fives_tools.certify.adapters import protocol
from fives_tools.certify.adapters.reference import ReferenceImplementation

PROTOCOL_MD = Path(__file__).resolve().parent.parent / "spec" / "protocol.md"


def play_in(text: str, form: str) -> str:
    """A canonical play in the pips form (``[1|2]@[1|1]:1``) or the ends form (``[1|2]@1``)."""
    try:
        play = Play.parse(text)
    except NotationError:
        return text
    if play.anchor is None or play.port is None:
        return text
    pips = PipsPlay.of(play).pips
    return f"{play.tile}@{pips}" if form == places.ENDS else f"{play.tile}@{play.anchor}:{pips}"


def _point(text: str, form: str) -> str:
    point = AttachPoint.parse(text)
    return f"({point.value})" if form == places.ENDS else f"{point.tile} ({point.value})"


def in_form(reply: dict[str, Any], form: str = places.PIPS) -> dict[str, Any]:
    """A reply as an engine without place names (``form`` pips) or that keeps only its
    ends' values (``form`` ends) would give it."""
    out = {k: v for k, v in reply.items() if k != "connections"}
    if "attach_points" in out:
        out["attach_points"] = [_point(a, form) for a in out["attach_points"]]
    if "scoring_ends" in out and form == places.ENDS:
        out["scoring_ends"] = [str(ScoringEnd.parse(e).value) for e in out["scoring_ends"]]
    for key in ("legal_plays", "legal_actions", "plays"):
        if key in out:
            out[key] = [play_in(text, form) for text in out[key]]
    if "events" in out:
        out["events"] = [
            {**e, "play": play_in(e["play"], form)} if e.get("event") == "play" else e
            for e in out["events"]
        ]
    if "divide" in out:
        divide: dict[str, int] = {}
        for action, n in out["divide"].items():
            divide[play_in(action, form)] = divide.get(play_in(action, form), 0) + n
        out["divide"] = divide
    return out


def form_engine(
    base: type[ReferenceImplementation], form: str = places.PIPS
) -> ReferenceImplementation:
    """``base`` declaring ``form`` and answering in it."""

    class InForm(base):  # type: ignore[misc, valid-type]
        def start(self) -> dict[str, Any]:
            return {**super().start(), "places": form}

        def run(self, request: dict[str, Any]) -> dict[str, Any]:
            return in_form(super().run(request), form)

    return InForm()


def exchange(heading: str) -> dict[str, dict[str, Any]]:
    """The ``ready:``, ``run:`` and ``result:`` lines under ``heading`` of protocol.md (up
    to the next heading), each checked against its schema."""
    doc = PROTOCOL_MD.read_text("utf-8")
    section = doc.split(f"{heading}\n", 1)[1].split("\n#", 1)[0]  # to the next heading
    lines = {
        line.split(": ", 1)[0]: json.loads(line.split(": ", 1)[1])
        for line in section.splitlines()
        if line.startswith(("ready: ", "run: ", "result: "))
    }
    for kind, message in lines.items():
        assert not protocol.problems(kind, message), (kind, message)
    return lines


class Scripted:
    """An implementation that declares ``ready`` and answers every request with ``reply``."""

    def __init__(self, ready: dict[str, Any], reply: dict[str, Any]) -> None:
        self.ready, self.reply = ready, reply

    def start(self) -> dict[str, Any]:
        return {key: value for key, value in self.ready.items() if key != "type"}

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        return dict(self.reply)

    def stop(self) -> None:
        pass
