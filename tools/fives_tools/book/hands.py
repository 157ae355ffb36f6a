"""The turn-flow, settlement and match examples told as tables, facts and drawings.

What a fixture says (its deals, actions, remaining hands, expected events, scores and its
``worked`` note, or the comments worked beside its actions) is laid out as it is written.
The drawings of the table at the end of each hand come from the engine replaying the
fixture's deals and actions (:mod:`fives_tools.render.played`), as the layout examples'
drawings do.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from fives_engine import Ruleset, find_game
from fives_engine.tiles import parse_tiles, pip_count
from fives_tools.book.alternatives import alternative_parts
from fives_tools.book.counts import perft_parts, score_parts
from fives_tools.book.events import events_table, outcome, points, scores_table, table_text
from fives_tools.book.parts import Cell, Facts, Figure, Note, Part, Span, Table, codes, text
from fives_tools.certify.cases import Case
from fives_tools.render import caption, draw
from fives_tools.render.played import played_tables, setup_of

_COMMENT = re.compile(r"\s*#\s?(.*)")


#: libyaml's loader where PyYAML has it: a fixture is read again here for its comments.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Source:
    """A fixture file as written: its ``worked`` note and the comments beside its items."""

    node: yaml.Node
    lines: tuple[str, ...]

    @staticmethod
    @functools.cache
    def read(path: Path) -> Source:
        text_ = path.read_text(encoding="utf-8")
        node = yaml.compose(text_, Loader=_LOADER)
        assert node is not None  # the fixture was read and validated before
        return Source(node, tuple(text_.splitlines()))

    def worked(self) -> str:
        """The fixture's ``worked`` note ('' if it has none)."""
        for key, value in self.node.value:
            if key.value == "worked" and isinstance(value, yaml.ScalarNode):
                return str(value.value)
        return ""

    def comments(self, *path: str | int) -> list[str]:
        """The comment after each item of the list at ``path`` ('' where there is none)."""
        node = self.node
        for key in path:
            if isinstance(node, yaml.MappingNode):
                node = next(v for k, v in node.value if k.value == key)
            else:
                node = node.value[int(key)]
        out = []
        for item in node.value:
            rest = self.lines[item.end_mark.line][item.end_mark.column :]
            found = _COMMENT.match(rest)
            out.append(found.group(1).strip() if found else "")
        return out

    def heading_comment(self) -> list[str]:
        """The comment lines at the top of the file (before its ``id``)."""
        out = []
        for line in self.lines:
            if line.startswith("id:"):
                break
            if line.startswith("#"):
                out.append(line.lstrip("#").strip())
        return out


def deal_table(title: str, deal: dict[str, Any]) -> Table:
    rows = tuple((text(seat), codes(tiles)) for seat, tiles in enumerate(deal["hands"]))
    return Table(title, ("seat", "tiles dealt"), rows)


def _lead(deal: dict[str, Any]) -> Cell:
    if "leader" in deal:
        return text(f"seat {deal['leader']}")
    if deal.get("draws"):
        rounds = []
        for number, drawn in enumerate(deal["draws"], 1):
            tiles = ", ".join(f"seat {s} {t}" for s, t in enumerate(drawn) if t is not None)
            rounds.append(f"round {number}: {tiles}")
        return text("a neutral draw — " + "; ".join(rounds))
    return text("not named in the deal: the player who went out leads, if one did")


def actions_table(title: str, actions: list[str], notes: list[str]) -> Table:
    rows = tuple(
        (text(n), codes([a]), text(note))
        for n, (a, note) in enumerate(zip(actions, notes, strict=True), 1)
    )
    return Table(title, ("#", "action", "worked"), rows)


def _figures(case: Case, anchor: str, ruleset: Ruleset) -> dict[int, Figure]:
    figures = {}
    for number, count, layout in played_tables(case):
        svg = draw(layout, ruleset, "svg", name=f"{anchor}-hand-{number}", label="none")
        where = f"hand {number}" if case.kind == "match" else "the hand"
        figures[number] = Figure(
            svg.decode("utf-8"),
            f"The table after {count} actions of {where}: {caption(layout, ruleset)}",
            f"{anchor}-hand-{number}",
        )
    return figures


def _note(source: Source) -> list[Part]:
    worked = source.worked()
    if worked:
        return [Note("Worked", tuple(worked.rstrip("\n").splitlines()))]
    heading = source.heading_comment()
    return [Note("About this example", tuple(heading))] if heading else []


def turns_parts(case: Case, anchor: str, tally_per: int | None) -> list[Part]:
    ruleset, request, source = find_game(case.game), case.request, Source.read(case.path)
    deal = request["deal"]
    setup = setup_of(ruleset, request, len(deal["hands"]))
    parts: list[Part] = [
        Facts(
            "The hand",
            (
                ("Table", text(table_text(ruleset, request, setup))),
                ("Lead", _lead(deal)),
                ("Boneyard", codes(deal["boneyard"])),
            ),
        ),
        deal_table("The deal", deal),
    ]
    if request["actions"]:
        notes = source.comments("actions")
        parts.append(actions_table("The actions", request["actions"], notes))
    parts += list(_figures(case, anchor, ruleset).values())
    expect = case.expect
    if "events" in expect:
        parts.append(events_table("Expected events", expect["events"]))
    if "hands" in expect:
        rows = tuple((text(s), codes(t)) for s, t in enumerate(expect["hands"]))
        parts.append(Table("Hands after the actions", ("seat", "tiles held"), rows))
    tried: list[tuple[str, Cell]] = []
    if "reject" in request:
        reject = request["reject"]
        who = f"seat {reject['seat']}" if "seat" in reject else "the player to act"
        attempt = (Span(f"{who}: "), Span(reject["action"], code=True))
        tried.append(("Then tried", attempt))
    parts.append(outcome(expect, ("events", "hands"), tried))
    return parts + _note(source) + alternative_parts(case)


def settlement_parts(case: Case, anchor: str, tally_per: int | None) -> list[Part]:
    ruleset, request, source = find_game(case.game), case.request, Source.read(case.path)
    hands = request["hands"]
    setup = setup_of(ruleset, request, len(hands))
    went_out = request.get("went_out")
    if went_out is None:
        leader = request.get("leader", 0)
        ended = f"blocked (the boneyard empty, nobody able to play); seat {leader} led"
    else:
        last = int(request.get("last_play", 0))
        scored = f"scored {points(ruleset, last)}" if last else "scored nothing"
        ended = f"seat {went_out} went out; the play that went out {scored}"
    rows = []
    for seat, tiles in enumerate(hands):
        side = setup.side_of(seat) if setup is not None else seat
        held = codes(tiles) if tiles else text("(none: went out)")
        rows.append((text(seat), text(side), held, text(pip_count(parse_tiles(tiles)))))
    parts: list[Part] = [
        Facts(
            "The hand",
            (("Table", text(table_text(ruleset, request, setup))), ("Ended", text(ended))),
        ),
        Table("Remaining hands", ("seat", "side", "tiles left", "pips"), tuple(rows)),
    ]
    events = case.expect.get("events")
    if events:
        parts.append(events_table("Settlement events (expected)", events))
    elif events is not None:
        parts.append(Facts("Settlement events (expected)", (("Events", text("none")),)))
    # else the case checks the outcome alone (its primary rule is the target)
    scores = scores_table(ruleset, setup, request, case.expect, tally_per)
    if scores is not None:
        parts.append(scores)
    parts.append(outcome(case.expect, ("events", "scores", "display_scores")))
    return parts + _note(source) + alternative_parts(case)


def match_parts(case: Case, anchor: str, tally_per: int | None) -> list[Part]:
    ruleset, request, source = find_game(case.game), case.request, Source.read(case.path)
    hands = request["hands"]
    setup = setup_of(ruleset, request, len(hands[0]["hands"]))
    about: list[tuple[str, Cell]] = [("Table", text(table_text(ruleset, request, setup)))]
    if setup is not None:
        about.append(("Target", text(points(ruleset, setup.target))))
    parts: list[Part] = [Facts("The match", tuple(about))]
    figures = _figures(case, anchor, ruleset)
    for number, hand in enumerate(hands, 1):
        facts = [("Lead", _lead(hand)), ("Boneyard", codes(hand["boneyard"]))]
        parts.append(Facts(f"Hand {number}", tuple(facts)))
        parts.append(deal_table(f"Hand {number}: the deal", hand))
        if hand["actions"]:
            notes = source.comments("hands", number - 1, "actions")
            parts.append(actions_table(f"Hand {number}: the actions", hand["actions"], notes))
        if number in figures:
            parts.append(figures[number])
    if case.expect.get("events"):
        parts.append(events_table("Expected match events", case.expect["events"]))
    scores = scores_table(ruleset, setup, request, case.expect, tally_per)
    if scores is not None:
        parts.append(scores)
    parts.append(outcome(case.expect, ("events", "scores", "display_scores")))
    return parts + _note(source) + alternative_parts(case)


#: The parts of an example, by fixture kind (layout examples are drawn in model.example).
PARTS = {
    "turns": turns_parts,
    "settlement": settlement_parts,
    "match": match_parts,
    "score": score_parts,
    "perft": perft_parts,
}
