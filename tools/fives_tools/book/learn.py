"""The "Learn to play" chapter that opens a book, in the order a new player needs it: the
goal, then each topic (what you need, the deal and the lead, a turn, the line, scoring,
the end of a hand, winning) and one whole hand told play by play (:mod:`.story`).

Each topic is ``spec/learn.yaml``'s list of what it tells: the game's parameters in the
words "At a glance" uses, the game's own rule statements, the glossary's terms with their
pictures, and prose of the chapter's own only where a statement speaks to implementers.
"""

from __future__ import annotations

import re
from typing import Any

from fives_engine import Ruleset
from fives_tools.book.parts import Para, Part, Term
from fives_tools.book.story import hand_told
from fives_tools.book.words import parameter_words
from fives_tools.certify.cases import Case
from fives_tools.render import draw
from fives_tools.render.inputs import replay

LEARN_NOTE = (
    "The rules themselves follow under How to play, each told in a sentence; the "
    "identifiers, levels and sources that implementers need are folded away under "
    '"For implementers" beside each rule and example.'
)


#: A statement's pointer to the interpretations register, for implementers: "(interpretation
#: score.negative)" after a sentence, or ": interpretation ..." closing a parenthesis.
_INTERPRETATION = re.compile(r" \(interpretation [\w.-]+\)|: interpretation [\w.-]+(?=\))")

#: Said after a statement that rests on a reading, so a player never takes one for the
#: sources' word (the Interpretations chapter gives the question and why); an item with
#: ``reading_told`` has its reading told by the term before it (the neutral draw).
READING_FLAG = "(The sources leave some of this open: this is the book's reading.)"

#: The sources' languages whose words the glossary gives beside each term.
GLOSSARY_LANGUAGE = "zh"


def _words(ruleset: Ruleset, entry: dict[str, Any], key: str) -> str:
    """The entry's ``key`` text, in the game's own words where it has them."""
    return " ".join(str(entry.get("games", {}).get(ruleset.name, entry[key])).split())


def glossary(
    ruleset: Ruleset, entries: list[dict[str, Any]], language: str = GLOSSARY_LANGUAGE
) -> list[Term]:
    """Each term with the drawing of its small layout under ``ruleset``; the sources'
    word beside it only for a game whose source is in the glossary's ``language``."""
    out = []
    for entry in entries:
        name = "term-" + "-".join(str(entry["term"]).split())
        svg = None
        if entry.get("plays"):
            layout = replay(ruleset, list(entry["plays"]), f"spec/learn.yaml: {entry['term']}")
            svg = draw(layout, ruleset, "svg", name=name, label="none").decode("utf-8")
        meaning = _words(ruleset, entry, "meaning")
        native = str(entry["chinese"]) if language == GLOSSARY_LANGUAGE else ""
        out.append(Term(str(entry["term"]), native, GLOSSARY_LANGUAGE, meaning, svg, name))
    return out


def topic_parts(
    ruleset: Ruleset, learn: dict[str, Any], language: str = GLOSSARY_LANGUAGE
) -> list[Part]:
    """Every topic under its heading: what it tells, in its order, for this game alone;
    a rule that rests on a reading says so (:data:`READING_FLAG`)."""
    facts = dict(parameter_words(ruleset))
    terms = {t.term: t for t in glossary(ruleset, list(learn["glossary"]), language)}
    parts: list[Part] = []
    for topic in learn["topics"]:
        told: list[Part] = []
        for item in topic["tell"]:
            if ruleset.name not in item.get("only", [ruleset.name]):
                continue
            if "fact" in item:
                told.append(Para(f"{item['fact']}: {facts[item['fact']]}."))
            elif "term" in item:
                told.append(terms[item["term"]])
            elif "rule" in item and item["rule"] in ruleset.rules:
                rule = ruleset.rules[item["rule"]]
                statement = _INTERPRETATION.sub("", " ".join(rule.statement.split()))
                flag = rule.interpretations and not item.get("reading_told")
                flagged = f"{statement} {READING_FLAG}" if flag else statement
                told.append(Para(flagged))
            elif "say" in item:
                told.append(Para(_words(ruleset, item, "say")))
        parts += [Para("", str(topic["title"])), *told]
    return parts


def learn_parts(
    ruleset: Ruleset, learn: dict[str, Any], cases: list[Case], language: str = GLOSSARY_LANGUAGE
) -> list[Part]:
    """The whole chapter for ``ruleset``'s game, whose source is in ``language``."""
    game = ruleset.name
    parts: list[Part] = [Para(" ".join(str(learn["goals"][game]).split()), "The goal")]
    parts += topic_parts(ruleset, learn, language)
    ref = str(learn["walkthrough"][game])
    case = next((c for c in cases if c.game == game and c.fixture_id == ref), None)
    if case is not None:  # a suite without the fixture (a test's own): no hand to tell
        parts += hand_told(case, [str(n) for n in learn["players"]])
    parts.append(Para(LEARN_NOTE, "Then the rules"))
    return parts
