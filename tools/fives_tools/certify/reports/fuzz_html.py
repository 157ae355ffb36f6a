"""The fuzz report as a self-contained HTML page (``fives fuzz --html``), laid out like the
certificate's and the audit's (the same page template, CSS and escaping of
:mod:`fives_tools.certify.reports.templating`): the verdict, said to be apart from the
certificate, then each class of disagreement with the rules involved, its request, the
fields that differ side by side and the command that asks it again. Nothing is decided
here: the words are the fuzz report's (:mod:`.report`).
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

from fives_tools.certify.fuzz.campaign import Outcome
from fives_tools.certify.reports import drawn
from fives_tools.certify.reports.fuzz import APART, ordered, rerun, title
from fives_tools.certify.reports.html import CSS
from fives_tools.certify.reports.templating import render


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def fuzz_html(outcome: Outcome, prefix: str) -> str:
    """The page, every value escaped by the template (a reply is the implementation's)."""
    classes = []
    for number, cls in enumerate(ordered(outcome), 1):
        shown = cls.shown
        classes.append(
            {
                "anchor": f"class-{number}",
                "title": f"Class {number}: {title(cls)}",
                "count": cls.count,
                "rules": ", ".join(cls.key.rules) or "(none identified)",
                "readings": ", ".join(shown.interpretations),
                "request": _text(shown.request),
                "answers": [
                    {
                        "field": m.field,
                        "expected": _text(m.expected),
                        "got": _text(m.got),
                        "differs": True,
                    }
                    for m in shown.mismatches
                ],
                "rerun": rerun(prefix, cls),
            }
        )
    info = outcome.implementation
    return render(
        "fuzz.html.jinja2",
        title=f"Fuzz report: {info.name}",
        css=Markup(CSS + drawn.CSS),
        verdict=outcome.verdict(),
        verdict_class="certified" if outcome.ok else "not-certified",
        apart=APART,
        seed=outcome.seed,
        classes=classes,
    )


__all__ = ["fuzz_html"]
