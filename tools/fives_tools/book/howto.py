"""A game's "How to play": the spec's own rules, told in the order of a game.

Equipment, the deal, a turn, scoring (with a picture from the examples), the end of a
hand and winning. Every sentence is a rule statement of this game, titled for a reader
and linked to the rule (its ID is shown there, for implementers), so the opening can
only say what the reference parts say.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from fives_tools.book.names import rule_anchor
from fives_tools.book.parts import Facts, Figure, Part, Span, text
from fives_tools.book.titles import rule_title
from fives_tools.book.words import parameter_words

if TYPE_CHECKING:
    from fives_tools.book.model import Book, Example

#: (topic, the rule ID prefixes it tells), in the order of a game.
TOPICS = (
    ("Equipment and players", ("equipment.", "side.")),
    ("The deal and the lead", ("deal.", "hand.own-tiles", "lead.")),
    ("A turn", ("turn.", "play.", "layout.")),
    ("Scoring a play", ("score.ends.", "score.play.", "score.unit.", "score.last-play")),
    ("The end of a hand", ("hand.end.", "settle.", "score.negative")),
    ("Winning", ("match.",)),
)


def _scoring_picture(examples: Iterable[Example]) -> Figure | None:
    """A play that scores: a source diagram if there is one, with the most scoring ends."""
    drawn = [
        ex
        for ex in examples
        if ex.svg is not None
        and ex.caption
        and ex.case.request.get("plays")
        and int(ex.expect.get("score", {}).get("raw", 0)) > 0
    ]
    if not drawn:
        return None
    best = max(
        drawn,
        key=lambda ex: (
            any(s.get("diagram") for s in ex.case.sources),
            len(ex.scoring_ends),
            -len(ex.case.request["plays"]),
        ),
    )
    assert best.svg is not None and best.caption is not None
    return Figure(best.svg, f"{best.case.title}: {best.caption}", "how-to-play-scoring")


def how_to_play(book: Book) -> list[Part]:
    """The opening of the book: the game at a glance, then each topic's rules."""
    glance = Facts(
        "At a glance", tuple((what, text(w)) for what, w in parameter_words(book.ruleset))
    )
    parts: list[Part] = [glance]
    rules = book.rules
    for topic, prefixes in TOPICS:
        told = [r for r in rules if r.id.startswith(prefixes)]
        items = tuple(
            (
                rule_title(r.id),
                (
                    Span(" ".join(r.statement.split()) + " "),
                    Span("(the rule in full)", link=rule_anchor(r.id)),
                ),
            )
            for r in told
        )
        if items:
            parts.append(Facts(topic, items))
        if topic == "Scoring a play":
            figure = _scoring_picture(book.examples)
            if figure is not None:
                parts.append(figure)
    return parts
