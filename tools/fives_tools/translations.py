"""The English rendering of each source quotation (``spec/translations.yaml``).

The rule books and the reports both show a quotation with its English beside it; both
read it here, so a report never imports the book builder to translate a quote.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

import yaml


@functools.cache
def translations() -> dict[str, str]:
    """Every source quotation's English rendering, keyed by the quotation as cited."""
    path = Path(str(resources.files("fives_spec"))) / "translations.yaml"
    entries = yaml.safe_load(path.read_text("utf-8"))["translations"]
    return {str(t["source"]): " ".join(str(t["english"]).split()) for t in entries}


def english(quote: str, rendered: dict[str, str] | None = None) -> str:
    """The English of ``quote``: a diagram's line and its quote joined by " … " are each
    rendered ('' while any part has no rendering yet)."""
    table = translations() if rendered is None else rendered
    parts = [table.get(part, "") for part in quote.split(" … ")]
    return " … ".join(parts) if all(parts) else ""
