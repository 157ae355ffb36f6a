"""Places in the engine's own terms: the form in which an implementation names places.

An implementation declares ``"places": "pips"`` in ``ready`` when its layout has no place
names (spec/protocol.md, "Places in the pips form"). Its replies are then held against the
hand-written expectation *projected* to the pips form of spec/notation.md: each attach
point by ``AttachPoint.pips_text``, each play by ``PipsPlay.of``. That is a rewriting of
hand-written facts, never a computation of the rules.

An engine that keeps only its open ends' values knows no tile an end belongs to: it
declares ``"places": "ends"`` and writes the pips form with the tiles left out (an attach
point ``(1)``, a scoring end ``2``, a play ``[1|2]@1``); the expectation is projected the
same way, so which of two ends showing the same pips it played on cannot matter.

What a form cannot say is never guessed: ``connections`` name places, and a rejected play
that is illegal only for its place (in the ends form: whenever some open end shows its
pips), or that the form cannot write at all, is not decidable. Those cases are skipped
with :data:`UNDECIDABLE` in their reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fives_engine import AttachPoint, NotationError, PipsPlay, Play, ScoringEnd
from fives_tools.certify.cases import Case, levels

CANONICAL, PIPS, ENDS = "canonical", "pips", "ends"
#: Every form an implementation may declare in ``ready.places``.
FORMS = (CANONICAL, PIPS, ENDS)
#: The words that open the reason of every case the pips form cannot decide.
UNDECIDABLE = "not decidable in the pips form"
#: Expectation fields whose items are plays (or actions): as sets, then in order.
PLAY_FIELDS = frozenset({"legal_plays", "legal_actions"})
LISTED_PLAYS = frozenset({"plays"})


def level_reason(level: str) -> str | None:
    """Why no case of ``level`` can be decided in the pips form, or None."""
    if level == levels.CONNECTIONS:
        return f"{UNDECIDABLE}: connections name the places the form leaves out"
    return None


def pips_play(text: str, form: str = PIPS) -> str:
    """A canonical play in the pips form (in the ends form without its anchor); any other
    action (``draw``, ``pass``) as it is."""
    try:
        play = PipsPlay.of(Play.parse(text))
    except NotationError:
        return text
    return str(PipsPlay(play.tile, None, play.pips) if form == ENDS else play)


def attach_text(point: AttachPoint, form: str = PIPS) -> str:
    """An attach point in the pips form, ``[1|1] (1)``; in the ends form ``(1)``."""
    return f"({point.value})" if form == ENDS else point.pips_text


def _event(event: Any, form: str) -> Any:
    if isinstance(event, dict) and event.get("event") == "play" and "play" in event:
        return {**event, "play": pips_play(str(event["play"]), form)}
    return event


def _project(key: str, value: Any, form: str) -> Any:
    if key == "attach_points":
        return [attach_text(AttachPoint.parse(text), form) for text in value]
    if key == "scoring_ends" and form == ENDS:
        return [str(ScoringEnd.parse(text).value) for text in value]
    if key in PLAY_FIELDS | LISTED_PLAYS:
        return [pips_play(text, form) for text in value]
    if key == "events":
        return [_event(event, form) for event in value]
    if key == "divide":  # perft: nodes under each first action, summed over a form's text
        divide: dict[str, int] = {}
        for action, nodes in value.items():
            text = pips_play(action, form)
            divide[text] = divide.get(text, 0) + nodes
        return divide
    return value


def _reject_reason(case: Case, form: str) -> str | None:
    """Why the ``error`` of the case's rejected play cannot be decided in ``form``, judged
    from the hand-written request and expectation alone, or None if it can."""
    return reject_reason(case.request, case.expect, case.capability, form)


def project(expect: dict[str, Any], form: str) -> dict[str, Any]:
    """An expectation (a case's, or the reference engine's reply) rewritten in ``form``."""
    return {k: _project(k, value, form) for k, value in expect.items()}


def reject_reason(
    request: dict[str, Any], expect: dict[str, Any], capability: str, form: str
) -> str | None:
    """Why the ``error`` expected of the request's rejected play cannot be decided in
    ``form`` at the level ``capability``, from the request and expectation alone, or None
    if it can."""
    text = request.get("reject")
    if isinstance(text, dict):  # turns: the seat and its action
        text = text.get("action")
    if not isinstance(text, str) or "error" not in expect:
        return None
    try:
        play = Play.parse(text)
    except NotationError:
        return None  # draw or pass: no place in it
    if play.anchor is None or play.port is None:
        return None  # a lead: the form writes it as it is
    if play.tile in {Play.parse(p).tile for p in request.get("plays", ())}:
        return None  # the tile is down already, wherever it was meant to go
    pips = PipsPlay.of(play)
    if pips.pips not in (play.tile.low, play.tile.high):
        return (
            f"{UNDECIDABLE}: the form cannot write {text} (its tile shows no"
            f" {pips.pips}, the pips of that place)"
        )
    if capability != levels.TURN_FLOW and "attach_points" in expect:
        points = [AttachPoint.parse(t) for t in expect["attach_points"]]
        open_ends = {attach_text(point, form) for point in points}
        mine = f"({pips.pips})" if form == ENDS else f"{play.anchor} ({pips.pips})"
        if mine not in open_ends:
            return None  # no open end (of the anchor) shows those pips: illegal in any form
    if form == ENDS:
        return (
            f"{UNDECIDABLE} (ends only): {text} is {pips_play(text, form)} there, a play on"
            " an open end showing those pips; only the tile and place it names, which the"
            " form leaves out, can make it illegal"
        )
    return (
        f"{UNDECIDABLE}: {text} is {pips} there, a play on an open end that may be"
        " legal; only the place it names, which the form leaves out, can make it illegal"
    )


def expectation(
    case: Case, expect: dict[str, Any] | None = None, form: str = PIPS
) -> tuple[dict[str, Any], str | None]:
    """The case's expectation (or ``expect``, one of its alternatives) in ``form``, and
    why it cannot be decided (None when it can). An undecidable ``error`` is left out:
    the other fields are still compared."""
    reason = level_reason(case.capability) or _reject_reason(case, form)
    expect = project(expect or case.expect, form)
    if reason is not None:
        expect.pop("error", None)
    return expect, reason


def without_anchors(texts: Iterable[str]) -> list[str]:
    """Plays in the pips form with their anchors left out (``[1|2]@1``), for a reply that
    names none; a text that is not a play in the form stays as it is."""
    out = []
    for text in texts:
        try:
            play = PipsPlay.parse(text)
        except NotationError:
            out.append(text)
            continue
        out.append(str(PipsPlay(play.tile, None, play.pips)))
    return out


def names_no_anchor(texts: Iterable[str]) -> bool:
    """Whether some play of a reply is on an open end named by its pips alone."""
    for text in texts:
        try:
            play = PipsPlay.parse(text)
        except NotationError:
            continue
        if play.anchor is None and play.pips is not None:
            return True
    return False


def form_text(places: str) -> str:
    """The form of the places, as every certificate states it."""
    if places == PIPS:
        return "the pips form (spec/protocol.md, 'Places in the pips form')"
    if places == ENDS:
        return (
            "the pips form, ends only: no tiles"
            " (spec/protocol.md, 'Engines that keep only end values')"
        )
    return "canonical (each place named by its tile and side, as spec/notation.md writes it)"


def by_reason(found: Iterable[tuple[str, str]]) -> list[str]:
    """The cases a form could not decide, from ``(case ID, reason)`` pairs: one line per
    reason, with the cases it covers."""
    by_reason: dict[str, list[str]] = {}
    for case_id, reason in found:
        by_reason.setdefault(reason.removeprefix(f"{UNDECIDABLE}: "), []).append(case_id)
    return [f"{reason}: {', '.join(ids)}" for reason, ids in by_reason.items()]
