"""The pictures a notebook shows for the engine's layout, hand and match states.

``fives_engine`` finds :func:`svg_of` through an entry point, or this module registers it
when imported (see :mod:`fives_engine.display`). The table is the renderer's own drawing,
the one ``fives render`` writes, set unchanged inside an SVG that adds above it, as text,
what the state knows beyond the layout: whose turn it is, the hands, the boneyard, the
points made, and for a match the score by side.
"""

from __future__ import annotations

import re
from html import escape

from fives_engine import HandState, Layout, MatchState, Ruleset, Score, display
from fives_tools.render import draw
from fives_tools.render.dot import FONT, INK
from fives_tools.render.output import inline_svg

FONT_SIZE = 13  #: points, as the legend's caption
LINE = 19  #: points from one line of text to the next
PAD = 10  #: points around the text
CHAR = 0.6 * FONT_SIZE  #: a generous average width of a character: the text never clips

#: One line of text above the table, and whether it is bold.
Line = tuple[str, bool]

_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)pt"[^>]*?\bheight="([\d.]+)pt"')


def layout_svg(layout: Layout, ruleset: Ruleset | None = None) -> str:
    """The layout as ``fives render`` draws it (a bare layout: the sum without the game's
    score); the empty layout, which the renderer refuses, as one line of text."""
    if not layout.tiles:
        return _compose([("the empty layout: any tile may lead", False)], None)
    return draw(layout, ruleset, "svg").decode("utf-8")


def hand_lines(hand: HandState, title: str | None = None) -> list[Line]:
    """Whose turn, each seat's hand and the points its plays made, the boneyard."""
    ruleset = hand.ruleset
    if hand.went_out is not None:
        state = f"the hand is over: seat {hand.went_out} went out"
    elif hand.blocked:
        state = "the hand is over: blocked"
    else:
        drawn = "" if hand.drawn is None else f", who must play {hand.drawn}, just drawn"
        state = f"seat {hand.current_player} to act{drawn}"
    made = [0] * hand.players
    for event in hand.events:
        if event.kind == "play":
            made[event["seat"]] += event["raw"]
    lines: list[Line] = [(f"{title}: {state}" if title else state, True)]
    for seat, held in enumerate(hand.hands):
        turn = seat == hand.current_player
        tiles = " ".join(map(str, held)) or "(none)"
        points = Score(made[seat], ruleset.display(made[seat]))
        count = f"{len(held)} tile{'' if len(held) == 1 else 's'}"
        lines.append(
            (f"{'▶ ' if turn else ''}seat {seat}: {tiles} — {count}, plays scored {points}", turn)
        )
    lines.append((f"boneyard: {len(hand.boneyard)} tiles", False))
    return lines


def match_lines(match: MatchState) -> list[Line]:
    """The target, the score of each side, and where the match stands."""
    ruleset, setup = match.ruleset, match.setup
    target = Score(setup.target, ruleset.display(setup.target))
    lines: list[Line] = [(f"{ruleset.title} match to {target}", True)]
    for side, raw in enumerate(match.scores):
        seats = setup.seats_of(side)
        partners = f" (seats {' & '.join(map(str, seats))})" if len(seats) > 1 else ""
        score = Score(raw, ruleset.display(raw))
        lines.append((f"{_side(match, side)}{partners}: {score}", side == match.winner))
    number = len(match.hands)
    if match.winner is not None:
        lines.append((f"{_side(match, match.winner)} won the match in hand {number}", True))
    elif match.needs_deal:
        lines.append((f"hand {number + 1} waits for its deal", False))
    else:
        lines.append((f"hand {number} being played", False))
    return lines


def _side(match: MatchState, side: int) -> str:
    """A side by its name: a side of partners, or the one seat that plays alone."""
    seats = match.setup.seats_of(side)
    return f"side {side}" if len(seats) > 1 else f"seat {seats[0]}"


def hand_svg(hand: HandState) -> str:
    """The hand's table under its state in text."""
    return _compose(hand_lines(hand, hand.ruleset.title), _table(hand))


def match_svg(match: MatchState) -> str:
    """The match's score and, once a hand is dealt, that hand's table under its state."""
    lines = match_lines(match)
    if match.hand is None:
        return _compose(lines, None)
    return _compose(lines + hand_lines(match.hand), _table(match.hand))


def svg_of(subject: object) -> str:
    """The picture of a :class:`Layout`, :class:`HandState` or :class:`MatchState`."""
    if isinstance(subject, MatchState):
        return match_svg(subject)
    if isinstance(subject, HandState):
        return hand_svg(subject)
    if isinstance(subject, Layout):
        return layout_svg(subject)
    raise TypeError(f"no picture of a {type(subject).__name__}; expected a layout, hand or match")


def _table(hand: HandState) -> str | None:
    """The layout drawn under the hand's game, or None while it is empty."""
    if not hand.layout.tiles:
        return None
    return draw(hand.layout, hand.ruleset, "svg").decode("utf-8")


def _compose(lines: list[Line], table: str | None) -> str:
    """One SVG document: ``lines`` of text, then ``table`` (a Graphviz SVG) as drawn."""
    text_height = 2 * PAD + LINE * len(lines)
    width = 2 * PAD + CHAR * max(len(text) for text, _ in lines)
    height = float(text_height)
    nested = ""
    if table is not None:
        size = _SIZE.search(table)
        if size is None:
            raise ValueError("the table's SVG names no size in points")
        w, h = float(size.group(1)), float(size.group(2))
        inner = inline_svg(table, "table")
        nested = re.sub(
            r'<svg\b([^>]*?)\bwidth="[\d.]+pt"([^>]*?)\bheight="[\d.]+pt"',
            rf'<svg\1x="0" y="{text_height}" width="{w:g}"\2height="{h:g}"',
            inner,
            count=1,
        )
        width, height = max(width, w), text_height + h
    rows = "".join(_row(i, text, bold) for i, (text, bold) in enumerate(lines))
    label = escape(lines[0][0], quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}pt" height="{height:g}pt"'
        f' viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{label}">'
        f"<title>{label}</title>"
        f'<rect width="{width:g}" height="{height:g}" fill="white"/>'
        f'<g font-family="{FONT}" font-size="{FONT_SIZE}" fill="{INK}">{rows}</g>'
        f"{nested}</svg>\n"
    )


def _row(index: int, text: str, bold: bool) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{PAD}" y="{PAD + LINE * (index + 1) - 5}"{weight}>{escape(text)}</text>'


display.register(svg_of)  # the engine's pictures are these, once this module is loaded
