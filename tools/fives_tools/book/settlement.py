"""The book's settlement section: the rounding of remaining pips as a remainder table, and
the settlement examples side by side.

The remainder table is the sources' rule ("a remainder of 1 or 2 rounds down, 3 or 4
rounds up, a multiple of 5 stays") shown through the suite's own examples: every remaining
hand an expected event rounds (``pips`` -> ``rounded``), grouped by its remainder mod 5.
No number is made up here: each row is what a fixture says.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fives_engine import Ruleset
from fives_tools.book.names import rule_anchor
from fives_tools.book.parts import Cell, Facts, Part, Picture, Span, Table, text
from fives_tools.certify.cases import Case

ROUNDING_RULE = "settle.round-nearest-five"
_DIVISOR = 5  #: the sources round to multiples of five


def _rounded_hands(event: dict[str, Any]) -> Iterator[tuple[str, int, int]]:
    """(whose, pips, rounded) of every hand the event rounds on its own."""
    if event.get("cause") == "deduction" and "pips" in event and "rounded" in event:
        yield f"seat {event.get('seat')}", int(event["pips"]), int(event["rounded"])
    for key, whose in (("opponents", "opponents"), ("partner", "partner")):
        part = event.get(key)
        if isinstance(part, dict) and "pips" in part and "rounded" in part:
            yield whose, int(part["pips"]), int(part["rounded"])


def _direction(pips: int, rounded: int) -> str:
    if rounded == pips:
        return "stays"
    return f"{'down' if rounded < pips else 'up'} by {abs(rounded - pips)}"


def remainder_table(examples: list[tuple[Case, str]]) -> Table | None:
    """Remainder (pips mod 5) -> how the examples round it, each example linked."""
    seen: dict[int, dict[tuple[int, int], str]] = {}
    for case, anchor in examples:
        for event in case.expect.get("events", []):
            for _, pips, rounded in _rounded_hands(event):
                seen.setdefault(pips % _DIVISOR, {}).setdefault((pips, rounded), anchor)
    if not seen:
        return None
    rows = []
    for remainder in sorted(seen):
        pairs = sorted(seen[remainder].items())
        ways = sorted({_direction(p, r) for (p, r) in seen[remainder]})
        cell: list[Span | Picture] = []
        for (pips, rounded), anchor in pairs:
            if cell:
                cell.append(Span(", "))
            cell.append(Span(f"{pips} → {rounded}", link=anchor))
        rows.append((text(remainder), text(" / ".join(ways)), tuple(cell)))
    head = ("remainder (pips mod 5)", "rounds", "remaining pips → rounded, in the examples")
    return Table("The remainder table", head, tuple(rows))


def _scores(ruleset: Ruleset, scores: list[int] | None, display: list[int] | None = None) -> Cell:
    """``10, -5, -25 raw (2, -1, -5 display)``: the sides' scores, side 0 first."""
    if scores is None:
        return text("")
    raw = ", ".join(str(s) for s in scores)
    shown: list[int | None] = [ruleset.display(s) for s in scores]
    if display is not None:
        shown = list(display)
    if any(d is None for d in shown):
        return text(raw)
    return text(f"{raw} raw ({', '.join(str(d) for d in shown)} display)")


def summary_table(ruleset: Ruleset, examples: list[tuple[Case, str]]) -> Table | None:
    """One row per settlement example: how the hand ended, the scores before and after."""
    rows = []
    for case, anchor in examples:
        if case.kind != "settlement":
            continue
        request = case.request
        seat = request.get("went_out")
        ended = "block" if seat is None else f"seat {seat} went out"
        before = request.get("scores") or [0] * len(case.expect.get("scores", []))
        winner = case.expect.get("winner")
        rows.append(
            (
                (Span(case.title, link=anchor),),
                text(ended),
                _scores(ruleset, before),
                _scores(ruleset, case.expect.get("scores"), case.expect.get("display_scores")),
                text("" if winner is None else f"side {winner}"),
            )
        )
    if not rows:
        return None
    head = ("example", "hand ended", "scores before", "scores after", "match won by")
    return Table("The settlement examples", head, tuple(rows))


def section_parts(ruleset: Ruleset, examples: list[tuple[Case, str]]) -> list[Part]:
    """The rounding rule, the remainder table and the summary of the settlement examples."""
    parts: list[Part] = []
    rule = ruleset.rules.get(ROUNDING_RULE)
    if rule is not None:
        facts: list[tuple[str, Cell]] = [
            ("Rule", (Span(rule.id, code=True, link=rule_anchor(rule.id)),)),
            ("Statement", text(rule.statement)),
            ("Source", text(f"{rule.cite.file} § {rule.cite.heading}")),
        ]
        if rule.cite.quote:
            facts.append(("In the source's words", text(rule.cite.quote)))
        parts.append(Facts("Rounding the remaining pips", tuple(facts)))
    for table in (remainder_table(examples), summary_table(ruleset, examples)):
        if table is not None:
            parts.append(table)
    return parts
