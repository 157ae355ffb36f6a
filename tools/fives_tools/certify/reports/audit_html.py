"""The observation certificate as a self-contained HTML page, laid out like the
conformance certificate's (:mod:`fives_tools.certify.reports.html`): the verdict, the
likely causes first, per game the rule table, then per rule its first divergences, each
with the answers side by side, the rule's quote, how its numbers arise and, when
``--prefixes`` drew it, the table.

The page is the template ``certify/reports/templates/audit.html.jinja2``, rendered through
the reports' templating (:mod:`fives_tools.certify.reports.templating`), which escapes
every value: a record's text is the implementation's and is untrusted. Nothing is decided
here: the words are the certificate's (:mod:`.report`, :mod:`.shown`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from markupsafe import Markup

from fives_engine import find_game
from fives_tools.certify.findings.observation import Observation, plural
from fives_tools.certify.findings.status import (
    FAIL,
    NOT_OBSERVED,
    PASS,
    READING,
    TAKEN,
    label,
)
from fives_tools.certify.judge import shown
from fives_tools.certify.reports import drawn
from fives_tools.certify.reports.audit import (
    NOTES,
    Files,
    cause_text,
    describe,
    followers,
    group_counts,
    note_lines,
    rest_text,
    rule_rows,
    standing,
    unshown,
    where,
)
from fives_tools.certify.reports.html import CSS
from fives_tools.certify.reports.templating import render
from fives_tools.render.output import inline_svg

#: A rule's status as the certificate's cell classes colour it.
STATUS_CLASS = {
    PASS: "pass",
    FAIL: "FAIL",
    READING: "affected",
    TAKEN: "none",
    NOT_OBSERVED: "none",
}


def _picture(files: Files | None, anchor: str) -> Markup:
    """The table ``--prefixes`` drew (Graphviz's SVG, not the record's text), inline."""
    if files is None or files.picture is None:
        return Markup("")
    try:
        svg = Path(files.picture).read_text("utf-8")
    except OSError:
        return Markup("")
    return Markup(f"<figure>{inline_svg(svg, anchor)}</figure>")


def _divergence(obs: Observation, number: int, files: Files | None) -> dict[str, Any]:
    div = obs.divergences[number - 1]
    anchor = f"divergence-{number}"
    return {
        "anchor": anchor,
        "title": f"Finding {number}: {where(div)}",
        "what": div.what,
        "picture": _picture(files, anchor),
        "answers": [
            {"field": div.checked, "expected": div.expected, "got": div.got, "differs": True}
        ],
        "rule": drawn.rule_quote(div.game, div.rule),
        "standing": [line.strip() for line in standing(div)],
        "explain": list(div.explain),
        "text": "\n".join([*describe(number, div, files), *followers(obs, number)]),
    }


def _games(obs: Observation) -> list[dict[str, Any]]:
    return [
        {
            "id": game,
            "title": find_game(game).title,
            "counts": f"{plural(tally.records, 'record')}, {plural(tally.hands, 'hand')},"
            f" {plural(tally.actions, 'action')}",
            "rules": [
                {
                    "id": r,
                    "status": label(s),
                    "css": STATUS_CLASS.get(s, ""),
                    "exercised": n,
                    "failed": f,
                }
                for r, s, n, f in rule_rows(obs, game)
            ],
            "unshown": unshown(obs, game),
        }
        for game, tally in sorted(obs.games.items())
    ]


def audit_html(
    obs: Observation, files: list[Files | None] | None = None, json_path: str | None = None
) -> str:
    """The page; ``json_path``, the JSON report written beside it, if any."""
    files = files or [None] * len(obs.divergences)
    groups = [
        {
            "rule": group.rule,
            "counts": group_counts(group),
            "divergences": [_divergence(obs, n, files[n - 1]) for n in group.shown],
            "rest": rest_text(group, json_path) if group.rest else "",
        }
        for group in shown.groups(obs)
    ]
    return render(
        "audit.html.jinja2",
        title="Observation certificate",
        css=Markup(CSS + drawn.CSS),
        verdict=obs.verdict(),
        verdict_class="certified" if obs.ok else "not-certified",
        causes=[
            {"text": cause_text(obs, c), "anchor": f"divergence-{c.example}"}
            for c in shown.causes(obs)
        ],
        games=_games(obs),
        groups=groups,
        notes=[
            {"title": title, "lines": note_lines(getattr(obs, name))}
            for title, name in NOTES
            if getattr(obs, name)
        ],
    )
