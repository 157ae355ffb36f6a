"""The tables shared by the turn-flow, settlement and match examples: the expected events,
the scores before and after (with their paper tally), and the outcome.

Every number shown is the fixture's own; the engine only supplies what the table is
(sides and their seats) and the display value of a starting score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fives_engine import Ruleset, Setup
from fives_tools.book.names import rule_anchor, value_text
from fives_tools.book.parts import Cell, Facts, Picture, Span, Table, codes, text
from fives_tools.book.titles import rule_title
from fives_tools.render.tally import tally_svg

#: Event fields with a column of their own, in column order.
COLUMNS = ("seat", "side", "raw", "display", "result")


def _seats(seats: Sequence[int]) -> str:
    return " & ".join(f"seat {s}" for s in seats)


def table_text(ruleset: Ruleset, request: dict[str, Any], setup: Setup | None) -> str:
    """``4 players in two partnerships: side 0 = seats 0 & 2, ...`` and the deal option."""
    players = request.get("players")
    if setup is None:
        partners = request.get("partnerships")
        mode = "" if partners is None else (" in partnerships" if partners else " alone")
        return f"{players} players{mode} (a table the rules refuse)"
    if setup.partnerships:
        sides = ", ".join(f"side {s} = {_seats(setup.seats_of(s))}" for s in range(setup.sides))
        out = f"{setup.players} players in two partnerships: {sides}"
    else:
        out = f"{setup.players} players, each alone (side = seat)"
    if setup.deal_option:
        out += f"; deal option {setup.deal_option}"
    return out


def points(ruleset: Ruleset, raw: int, display: int | None = None) -> str:
    """``135 raw (27 display)``, or ``135`` in a game kept in raw points."""
    shown = ruleset.display(raw) if display is None else display
    return str(raw) if shown is None else f"{raw} raw ({shown} display)"


def _detail(key: str, value: Any) -> list[Span]:
    if key in ("play", "tile") and isinstance(value, str):
        return [Span(value, code=True)]
    if isinstance(value, dict) and {"pips", "rounded"} <= set(value):
        who = {"opponents": "opponents'", "partner": "partner's"}.get(key, key)
        return [Span(f"{who} {value['pips']} pips rounded to {value['rounded']}")]
    words: dict[str, Callable[[Any], str]] = {
        "play": lambda v: f"last play {v}",
        "total": lambda v: f"ends total {v}",
        "number": lambda v: f"hand {v}",
        "leader": lambda v: f"seat {v} leads",
        "pips": lambda v: f"{v} pip{'' if v == 1 else 's'}",
        "differences": lambda v: f"differences {value_text(v)}",
        "rounded": lambda v: f"rounded to {v}",
        "sides": lambda v: f"sides {value_text(v)}",
        "scores": lambda v: f"scores {value_text(v)}",
    }
    say = words.get(key)
    return [Span(say(value) if say else f"{key} {value_text(value)}")]


def _details(event: dict[str, Any]) -> Cell:
    out: list[Span | Picture] = []
    for key, value in event.items():
        if key in ("event", "cause", *COLUMNS):
            continue
        if out:
            out.append(Span("; "))
        out += _detail(key, value)
    return tuple(out)


def events_table(title: str, events: list[dict[str, Any]]) -> Table:
    """One row per event; a column for each of seat, side, raw, display, result in use."""
    used = [c for c in COLUMNS if any(c in e for e in events)]
    left = [c for c in used if c in ("seat", "side")]
    right = [c for c in used if c not in left]
    rows = []
    for number, event in enumerate(events, 1):
        kind = str(event.get("event", "?"))
        if "cause" in event:
            kind += f" ({event['cause']})"
        cells = [text(number), text(kind)]
        cells += [text(event[c]) if c in event else text("") for c in left]
        cells.append(_details(event))
        cells += [text(event[c]) if c in event else text("") for c in right]
        rows.append(tuple(cells))
    head = ("#", "event", *left, "details", *right)
    return Table(title, head, tuple(rows))


def tally_cell(raw: int, per: int | None) -> Cell:
    """The paper tally of ``raw`` (strokes of ``per`` raw), where there is one to draw."""
    if per is None or raw <= 0 or raw % per:
        return text("")
    label = f"{raw} raw = {raw // per} display"
    return (Picture(tally_svg(raw, per, label), f"tally-{raw}", label),)


def scores_table(
    ruleset: Ruleset,
    setup: Setup | None,
    request: dict[str, Any],
    expect: dict[str, Any],
    tally_per: int | None,
) -> Table | None:
    """Each side's score before and after, and the tally of the score after."""
    after = expect.get("scores")
    if after is None:
        return None
    before = request.get("scores") or [0] * len(after)
    shown = expect.get("display_scores") or [None] * len(after)
    rows = []
    for side, (was, now, display) in enumerate(zip(before, after, shown, strict=False)):
        seats = _seats(setup.seats_of(side)) if setup is not None else ""
        row = [
            text(side),
            text(seats),
            text(points(ruleset, was)),
            text(points(ruleset, now, display)),
        ]
        if tally_per is not None:
            row.append(tally_cell(now, tally_per))
        rows.append(tuple(row))
    head: tuple[str, ...] = ("side", "seats", "before", "after")
    if tally_per is not None:
        head += ("paper tally after",)
    return Table("Scores by side", head, tuple(rows))


def _side(value: Any, none: str) -> Cell:
    return text(none if value is None else f"side {value}")


def _seat(value: Any, none: str) -> Cell:
    return text(none if value is None else f"seat {value}")


def _error(error: dict[str, Any]) -> Cell:
    rule = str(error.get("rule", ""))
    return (
        Span(f"refused ({error.get('kind', 'error')}), breaking "),
        Span(rule_title(rule), link=rule_anchor(rule)),  # its ID is under the rule
    )


def _leaders(leaders: list[Any]) -> Cell:
    return text("; ".join(f"hand {n}: seat {s}" for n, s in enumerate(leaders, 1)))


#: How an outcome field is told, by key: (term, cell maker).
OUTCOME: dict[str, tuple[str, Callable[[Any], Cell]]] = {
    "error": ("Error", _error),
    "match_over": ("Match over", lambda v: text("yes" if v else "no")),
    "winner": ("Winner", lambda v: _side(v, "nobody yet")),
    "block_winner": ("Block won by", lambda v: _side(v, "nobody")),
    "leaders": ("Leaders", _leaders),
    "hands_played": ("Hands dealt", text),
    "current_player": ("To act", lambda v: _seat(v, "nobody")),
    "legal_actions": ("Legal actions", codes),
    "ended": ("Hand ended", lambda v: text({"out": "a player went out"}.get(v, v or "not yet"))),
    "boneyard": ("Boneyard left", codes),
}


def outcome(
    expect: dict[str, Any], skip: tuple[str, ...], first: Sequence[tuple[str, Cell]] = ()
) -> Facts:
    """Every expected fact not shown in a table (``skip``), in a readable form, after
    ``first``."""
    items = list(first)
    for key, value in expect.items():
        if key in skip:
            continue
        term, tell = OUTCOME.get(key, (key, lambda v: text(value_text(v))))
        items.append((term, tell(value)))
    return Facts("Expected outcome", tuple(items))
