"""An example's expectation under another reading (a case neutral to a reading,
spec/protocol.md): the reading, what differs under it, and its worked arithmetic, so a
reader sees both answers the suite accepts, each worked by hand."""

from __future__ import annotations

from fives_tools.book.events import events_table
from fives_tools.book.names import interpretation_anchor, value_text
from fives_tools.book.parts import Cell, Facts, Note, Part, Span, text
from fives_tools.certify.cases import Case
from fives_tools.certify.cases.alternatives import question


def alternative_parts(case: Case) -> list[Part]:
    """For each other reading the case accepts: the reading, then the fields that differ
    under it (events as a table), then its worked note."""
    parts: list[Part] = []
    for alternative in case.alternatives:
        link = interpretation_anchor(alternative.interpretation)
        facts: list[tuple[str, Cell]] = [
            ("Open question", (Span(question(alternative.interpretation), link=link),)),
            ("Read the other way", text(alternative.reading)),
        ]
        differ = {k: v for k, v in alternative.expect.items() if case.expect.get(k) != v}
        facts += [(key, text(value_text(v))) for key, v in differ.items() if key != "events"]
        parts.append(Facts("Also accepted: the answer under another reading", tuple(facts)))
        if "events" in differ:
            parts.append(events_table("Events under that reading", differ["events"]))
        if alternative.worked:
            lines = tuple(alternative.worked.rstrip("\n").splitlines())
            parts.append(Note("Worked under that reading", lines))
    return parts
