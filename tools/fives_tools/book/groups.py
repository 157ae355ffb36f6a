"""Examples that differ in one number are shown once, as one table.

The scoring examples (a total and its score) become one table; the perft examples of one
position become the position once with its depths in a table. Each row keeps its example's
anchor, so links to a single example still land on its row.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fives_engine import find_game
from fives_tools.book.counts import perft_parts
from fives_tools.book.events import points
from fives_tools.book.parts import Facts, Part, Table, codes, text

if TYPE_CHECKING:
    from fives_tools.book.model import Example

_DEPTH = re.compile(r"\s*\(perft \d+\)$")


@dataclass(frozen=True)
class Group:
    """Several examples shown once: one article, one table row per example."""

    title: str
    anchor: str
    members: tuple[Example, ...]  #: the model's examples, in reading order
    parts: tuple[Part, ...]

    @property
    def rules(self) -> list[str]:
        return list(dict.fromkeys(r for m in self.members for r in m.case.rules))

    @property
    def sources(self) -> list[dict[str, Any]]:
        """Every source of the members, each once."""
        seen: dict[tuple[str, str, str], dict[str, Any]] = {}
        for m in self.members:
            for s in m.case.sources:
                key = (str(s["file"]), str(s["heading"]), str(s.get("quote", s.get("line", ""))))
                seen.setdefault(key, s)
        return list(seen.values())


def _score_group(members: Sequence[Example]) -> Group:
    ruleset = find_game(members[0].case.game)
    ordered = sorted(members, key=lambda m: int(m.case.request["total"]))
    rows = tuple(
        (
            text(m.case.request["total"]),
            text(points(ruleset, int(m.case.expect["score"]["raw"]))),
            codes([m.id]),
        )
        for m in ordered
    )
    table = Table(
        "Totals and their play scores",
        ("total of the scoring ends", "play score", "example"),
        rows,
        tuple(m.anchor for m in ordered),
    )
    title = "Scoring a play: only a positive multiple of five scores"
    return Group(title, "examples-scoring", tuple(ordered), (table,))


def _perft_group(members: Sequence[Example]) -> Group:
    ordered = sorted(members, key=lambda m: int(m.case.request["depth"]))
    first = ordered[0]
    shared = [
        p
        for p in perft_parts(first.case, first.anchor, None)
        if not (isinstance(p, Facts) and p.title == "Count")
        and not (isinstance(p, Table) and p.title.startswith("By first action"))
    ]
    rows = tuple(
        (text(m.case.request["depth"]), text(m.case.expect["nodes"]), codes([m.id]))
        for m in ordered
    )
    parts: list[Part] = [
        *shared,
        Table(
            "Legal action sequences by depth",
            ("depth", "sequences", "example"),
            rows,
            tuple(m.anchor for m in ordered),
        ),
    ]
    for m in ordered:
        divide = m.case.expect.get("divide")
        if divide:
            div_rows = tuple((codes([a]), text(n)) for a, n in divide.items())
            title = f"Depth {m.case.request['depth']} by first action (divide)"
            parts.append(Table(title, ("first action", "sequences"), div_rows))
    anchor = re.sub(r"-depth-\d+$", "", first.anchor) + "-depths"
    return Group(_DEPTH.sub("", first.case.title), anchor, tuple(ordered), tuple(parts))


def group_key(example: Example) -> str | None:
    """Which group an example joins, or None to show it on its own."""
    case = example.case
    if case.kind == "score":
        return "score"
    if case.kind == "perft" and "error" not in case.expect:  # a refused one stands alone
        return f"perft {case.request['position']}"
    return None


def grouped(examples: Iterable[Example]) -> list[Example | Group]:
    """The examples in reading order, those sharing a group key replaced by one group
    at the place of the group's first member."""
    keyed: dict[str, list[Example]] = {}
    order: list[Example | str] = []
    for ex in examples:
        key = group_key(ex)
        if key is None:
            order.append(ex)
            continue
        if key not in keyed:
            keyed[key] = []
            order.append(key)
        keyed[key].append(ex)
    out: list[Example | Group] = []
    for item in order:
        if isinstance(item, str):
            members = keyed[item]
            out.append(_score_group(members) if item == "score" else _perft_group(members))
        else:
            out.append(item)
    return out


#: A citation as shown: (file, heading, diagram or "").
Cited = tuple[str, str, str]


def citations(sources: Iterable[dict[str, Any]]) -> list[tuple[list[Cited], str, str]]:
    """The sources as (citations, quotation, file of the quotation's language): a
    quotation two sources share is one entry citing both; no quotation is ``""``."""
    out: list[tuple[list[Cited], str, str]] = []
    by_quote: dict[str, list[Cited]] = {}
    for source in sources:
        quote = " … ".join(str(source[k]) for k in ("line", "quote") if source.get(k))
        cited = (str(source["file"]), str(source["heading"]), str(source.get("diagram") or ""))
        if quote and quote in by_quote:
            by_quote[quote].append(cited)
            continue
        entry = [cited]
        if quote:
            by_quote[quote] = entry
        out.append((entry, quote, cited[0]))
    return out
