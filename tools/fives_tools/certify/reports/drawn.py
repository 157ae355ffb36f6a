"""A failure drawn for the HTML reports: the table of the case as the rule books draw it,
what the case expects beside what the implementation answered, field by field, and the
quote of the rule the run blames; the full text (input, diff, re-run command) follows it.

The picture needs Graphviz; without it, or for a case with no table to draw (a deal),
the failure is shown without one rather than not at all."""

from __future__ import annotations

import json
from html import escape
from typing import Any

from fives_engine import FivesError, find_game
from fives_tools.certify.runner import Result
from fives_tools.render import RenderError, draw
from fives_tools.render.inputs import InputError, from_case
from fives_tools.render.output import inline_svg
from fives_tools.text import clean

CSS = """
.failure { border-top: 1px solid #ccc; margin-top: 1.5rem; }
.failure figure { margin: 0.5rem 0; }
.failure figure svg { max-width: 100%; height: auto; }
table.answers td { vertical-align: top; font-family: monospace; white-space: pre-wrap; }
table.answers tr.differs td { background: #fde8e8; }
"""


def picture(result: Result, anchor: str) -> str:
    """The case's table as an inline SVG figure, or nothing when it cannot be drawn."""
    try:
        subject = from_case(result.case)
        svg = draw(subject.layout, subject.ruleset, "svg", name=anchor, label="caption")
    except (InputError, RenderError, FivesError):
        return ""
    return f"<figure>{inline_svg(svg.decode('utf-8'), anchor)}</figure>"


def _shown(value: Any) -> str:
    """A value of a reply: a list one item to a line, anything else as JSON."""
    if isinstance(value, list):
        return "\n".join(v if isinstance(v, str) else json.dumps(v) for v in value)
    return json.dumps(value, ensure_ascii=False)


def answers(result: Result) -> str:
    """A table: each field the case expects, its expected value and the implementation's,
    the rows that differ (the case's mismatches) marked."""
    reply = result.reply or {}
    differ = {m.field for m in result.mismatches}  # by the suite's own equivalence rules
    rows = []
    for key, expected in result.expect.items():
        mark = ' class="differs"' if key in differ else ""
        cells = (key, _shown(expected), _shown(reply[key]) if key in reply else "(none)")
        rows.append(f"<tr{mark}>" + "".join(f"<td>{_e(c)}</td>" for c in cells) + "</tr>")
    head = "<tr><th>field</th><th>expected</th><th>the implementation's</th></tr>"
    return f'<table class="answers">{head}{"".join(rows)}</table>' if rows else ""


def quote(result: Result, blamed: str = "") -> str:
    """The statement of the rule the run blames for the failure (``blamed``; else the
    case's primary rule) and the source's words it stands on."""
    case = result.case
    rule_id = blamed or case.primary or (case.rules[0] if case.rules else "")
    if not rule_id:
        return ""
    rule = find_game(case.game).rules[rule_id]
    words = f"<blockquote>{_e(rule.cite.quote)}</blockquote>" if rule.cite.quote else ""
    return f"<p><b>{_e(rule_id)}</b>: {_e(rule.statement)}<br>source: {_e(str(rule.cite))}</p>" + (
        words
    )


def _e(text: str) -> str:
    return escape(clean(text, lines=True))
