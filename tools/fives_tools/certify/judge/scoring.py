"""What a wrong play score or wrong scoring ends implicate, narrowed by the facts the
expectation holds besides the differing field (:mod:`.fields` for the other fields).

* ``score``: the display points of a raw score are decided by ``score.unit.display``; the
  raw score of a total by the scoring rules (``score.play.*``, ``score.unit.raw``); the
  total by the rules of the scoring ends. So a right raw score with wrong display points
  implicates ``score.unit.display``; a wrong raw score with the reply's own ``total``
  right the scoring rules only, never the layout; a wrong total, the rules of the ends
  that differ (below); with no total to hold the reply's against, the rules of a score
  and of its ends (:data:`.fields.FIELD_RULES`).
* ``scoring_ends``: per tile whose ends differ, a tile's end ``score.ends.outer-end`` and
  ``play.match-attach-point``; a double's by where the expected attach points put it: with
  a straight side open, ``score.ends.double-outer-both-halves`` and
  ``layout.double.crosswise`` (crosswise alone when it shows one half per side, as a double
  lying lengthwise does; the counting rule alone when it shows no half, as no double lying
  either way does: no end at all, or its whole pips more than once); with its straight
  sides filled, ``score.ends.double-interior-zero`` when it counts itself (spinner or
  not), else ``score.ends.unstarted-branch-zero`` and the spinner rules (whether it has
  branches); with no attach points known, every one of them.

The facts are a case's hand-worked ones for ``fives certify``, the reference engine's whole
reply for ``fives fuzz``: the same evidence, read the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from fives_tools.certify.judge.families import (
    DISPLAY_RULES,
    ENDS_RULES,
    RAW_RULES,
    SPINNER_RULES,
)

#: The rules that decide whether a double's end counts, by where the double is and what
#: differs: an outer double (a straight side open) counts both halves as one end, being
#: crosswise; a double whose straight sides are filled no longer counts itself, and a
#: spinner's unstarted side branches count nothing.
OUTER_DOUBLE = ("score.ends.double-outer-both-halves", "layout.double.crosswise")
CROSSWISE = ("layout.double.crosswise",)
INTERIOR_DOUBLE = ("score.ends.double-interior-zero",)
UNSTARTED_BRANCH = ("score.ends.unstarted-branch-zero", *SPINNER_RULES)
TILE_END = ("score.ends.outer-end", "play.match-attach-point")


def differing_items(want: list[Any], got: list[Any]) -> list[str]:
    """The items of two lists that are missing or extra (as text)."""
    count = Counter(map(str, want))
    count.subtract(Counter(map(str, got)))
    return [item for item, n in count.items() if n]


def _end(text: str) -> tuple[str, int, int | None]:
    """A scoring end's tile, value, and its half's pips when the tile is a double."""
    tile, _, value = str(text).partition(":")
    halves = tile.strip().strip("[]").split("|")
    half = int(halves[0]) if len(halves) == 2 and halves[0] == halves[1] else None
    return tile.strip(), int(value) if value.strip().isdigit() else -1, half


def ends_rules(expected: list[Any], got: list[Any], places: list[Any]) -> set[str]:
    """The rules of the scoring ends missing or extra (see the module): a tile's end the
    outer-end rule; a double's by where the expected attach points (``places``) put it (a
    straight side open: an outer double; side branches open or none: its straight sides
    are filled) and by its value (the whole double, or one half as a branch or a
    lengthwise double shows)."""
    places = [str(p) for p in places]
    out: set[str] = set()
    for tile in dict.fromkeys(_end(i)[0] for i in differing_items(expected, got)):
        half = _end(tile + ": 0")[2]
        wanted = [_end(e)[1] for e in expected if _end(e)[0] == tile]
        given = [_end(e)[1] for e in got if _end(e)[0] == tile]
        if half is None:
            out.update(TILE_END)
            continue
        at = [p for p in places if p.startswith(tile)]
        if not places:
            out.update((*OUTER_DOUBLE, *INTERIOR_DOUBLE, *UNSTARTED_BRANCH))
        elif any("straight" in p for p in at):
            # more ends than one, each showing a half: the double lies lengthwise
            lengthwise = len(given) > max(len(wanted), 1) and all(v == half for v in given)
            # a double lying lengthwise shows halves: counted otherwise (not at all, or
            # its whole pips more than once), only how it counts is wrong
            halves = bool(given) and all(v == half for v in given)
            out.update(CROSSWISE if lengthwise and half else OUTER_DOUBLE[: 1 + halves])
        else:
            extra = Counter(given) - Counter(wanted)
            out.update(INTERIOR_DOUBLE if 2 * half in extra else UNSTARTED_BRANCH)
    return out


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def score_rules(
    want: Mapping[str, Any],
    got: Mapping[str, Any],
    facts: Mapping[str, Any],
    reply: Mapping[str, Any],
    request: Mapping[str, Any],
) -> tuple[set[str] | None, str]:
    """The rules a wrong play score (``want``, ``got``) implicates, and why (see the
    module); None when no total says where the score went wrong."""
    raw, got_raw = want.get("raw"), got.get("raw")
    if raw == got_raw:
        return set(DISPLAY_RULES), (
            f"your raw score {raw} is right; in display points it is {want.get('display')};"
            f" you said {got.get('display')}"
        )
    total, got_total = _number(facts.get("total")), _number(reply.get("total"))
    if request.get("type") == "score":  # the total is given: only its score differs
        total = got_total = _number(request.get("total"))
    if total is not None and got_total == total:
        how = (
            f"{total} is not a positive multiple of 5, so it scores 0"
            if raw == 0
            else f"so it scores {raw} raw"
        )
        return set(RAW_RULES), (
            f"your ends total {total}, which is right; {how}; you scored {got_raw}"
        )
    ends, given = facts.get("scoring_ends"), reply.get("scoring_ends")
    listed = isinstance(ends, list) and isinstance(given, list)
    same_ends = listed and Counter(map(str, ends or ())) == Counter(map(str, given or ()))
    if same_ends and got_total is not None:
        return {*ENDS_RULES, "score.play."}, (
            f"your scoring ends are right; they total {total}, which scores {raw} raw;"
            f" you total them {got_total} and scored {got_raw}: you count an end you do"
            " not list, or total them wrong"
        )
    if total is not None and got_total is not None:
        rules = set(ENDS_RULES)
        if isinstance(ends, list) and isinstance(given, list):
            rules = ends_rules(ends, given, list(facts.get("attach_points", [])))
        return rules, (
            f"your ends total {got_total}; they total {total}, which scores {raw} raw;"
            f" you scored {got_raw}: the ends are wrong, whatever the scoring"
        )
    return None, f"you scored {got_raw} raw; it scores {raw} (your reply has no total)"
