"""A failure drawn for the HTML reports: the table of the case as the rule books draw it,
what the case expects beside what the implementation answered, field by field, and the
quote of the rule the run blames; the full text (input, diff, re-run command) follows it.
The certificate's template lays them out (``templates/parts.html.jinja2``).

The picture needs Graphviz; without it, or for a case with no table to draw (a deal),
the failure is shown without one rather than not at all."""

from __future__ import annotations

import json
from typing import Any

from fives_engine import FivesError, find_game
from fives_tools.certify.runner import Result
from fives_tools.render import RenderError, draw
from fives_tools.render.inputs import InputError, from_case
from fives_tools.render.output import inline_svg
from fives_tools.translations import english

CSS = """
.failure { border-top: 1px solid #ccc; margin-top: 1.5rem; }
.failure figure { margin: 0.5rem 0; }
.failure figure svg { max-width: 100%; height: auto; }
table.answers td { vertical-align: top; font-family: monospace; white-space: pre-wrap; }
table.answers tr.differs td { background: #fde8e8; }
p.translation { margin: 0.3rem 0 0.3rem 1rem; font-style: italic; color: #4a4a4a; }
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


def answers(result: Result) -> list[dict[str, Any]]:
    """Each field the case expects, its expected value and the implementation's, the rows
    that differ (the case's mismatches) marked: the rows of the answers table."""
    reply = result.reply or {}
    differ = {m.field for m in result.mismatches}  # by the suite's own equivalence rules
    return [
        {
            "field": key,
            "expected": _shown(expected),
            "got": _shown(reply[key]) if key in reply else "(none)",
            "differs": key in differ,
        }
        for key, expected in result.expect.items()
    ]


def quote(result: Result, blamed: str = "") -> dict[str, str] | None:
    """The rule the run blames for the failure (``blamed``; else the case's primary rule):
    its statement and the source's words it stands on."""
    case = result.case
    rule_id = blamed or case.primary or (case.rules[0] if case.rules else "")
    return rule_quote(case.game, rule_id) if rule_id else None


def rule_quote(game: str, rule_id: str) -> dict[str, str] | None:
    """A rule of ``game``: its statement, its source and the source's words, as the
    templates' ``quote`` shows them (None for a rule the game does not have)."""
    rule = find_game(game).rules.get(rule_id)
    if rule is None:
        return None
    return {
        "id": rule_id,
        "statement": rule.statement,
        "cite": str(rule.cite),
        "quote": rule.cite.quote or "",
        "english": english(rule.cite.quote or ""),
    }
