"""Where a rule is in the rule books: its anchor inside its game's book and the link to it.

The books (:mod:`fives_tools.book`) write these anchors and the reports link to them, so
both take them from here; a report never imports the book builder to name a rule.
"""

from __future__ import annotations

#: The rule books' folder (``fives docs --out``) as the reports link to it by default:
#: beside the reports.
BOOK = "book/"


def rule_anchor(rule_id: str) -> str:
    """The HTML id of a rule's entry inside its game's book."""
    return f"rule-{rule_id}"


def rule_link(book: str, game: str, rule_id: str) -> str:
    """The rule's entry in its game's book, under ``book`` (a folder or URL ending in ``/``)."""
    return f"{book}{game}.html#{rule_anchor(rule_id)}"
