"""Is a quotation a whole sentence or clause of its source?

A quote cut short (a YAML flow mapping ends an unquoted quote at its first comma) still
stands verbatim in the source, so being found is not enough: the quote must also begin
where a sentence or clause begins and end where one ends. A clause that ends at a comma
carries its comma; without it, the quote stops in the middle of the sentence. White space
is ignored inside the quote (it may run across the source's line breaks), but a line break
of the source bounds a clause.
"""

from __future__ import annotations

import re

SENTENCE_END = frozenset(".;:!?…。；：！？")
CLAUSE_END = SENTENCE_END | frozenset(",，、")
OPENING = frozenset('(（[「『“‘"')
CLOSING = frozenset(')）]」』”’"')
DASHES = frozenset("-–—")


def _without_space(text: str) -> tuple[str, list[int]]:
    """``text`` without white space, and where each kept character sits in ``text``."""
    kept = [(i, c) for i, c in enumerate(text) if not c.isspace()]
    return "".join(c for _, c in kept), [i for i, _ in kept]


def _spaced_dash(text: str, at: int) -> bool:
    """A dash standing alone between spaces (" - "), as opposed to the one of "4-5"."""
    return (
        0 < at < len(text) - 1
        and text[at] in DASHES
        and text[at - 1].isspace()
        and text[at + 1].isspace()
    )


def _begins_clause(text: str, start: int) -> bool:
    if text[start] in OPENING:
        return True
    before = start - 1
    while before >= 0 and text[before] in " \t":
        before -= 1
    if before < 0 or text[before] == "\n":
        return True
    return text[before] in CLAUSE_END | CLOSING or _spaced_dash(text, before)


def _ends_clause(text: str, end: int) -> bool:
    if text[end - 1] in CLAUSE_END | CLOSING:
        return True
    after = end
    while after < len(text) and text[after] in " \t":
        after += 1
    if after == len(text) or text[after] == "\n":
        return True
    return text[after] in SENTENCE_END | CLOSING or _spaced_dash(text, after)


def is_whole_clause(source: str, quote: str) -> bool:
    """Whether ``quote`` stands in ``source`` from a clause's start to a clause's end."""
    squashed, where = _without_space(source)
    wanted, _ = _without_space(quote)
    if not wanted:
        return False
    for found in re.finditer(f"(?={re.escape(wanted)})", squashed):
        start = where[found.start()]
        end = where[found.start() + len(wanted) - 1] + 1
        if _begins_clause(source, start) and _ends_clause(source, end):
            return True
    return False
