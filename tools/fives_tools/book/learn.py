"""The "Learn to play" chapter that opens a book: the goal, the words with their
pictures, and one whole hand played through, drawn after every play that scores.

The words and the goal are ``spec/learn.yaml``; every picture is the renderer's drawing
of a small layout under the book's game, and the hand is a hand-worked match fixture
replayed by the engine, so its arithmetic is the fixture's own (the comments beside its
actions and its ``worked`` note).
"""

from __future__ import annotations

from typing import Any

from fives_engine import Deal, MatchState, Ruleset, find_game, parse_action
from fives_tools.book.hands import Source, actions_table, deal_table
from fives_tools.book.parts import Facts, Figure, Note, Para, Part, Term, text
from fives_tools.certify.cases import Case
from fives_tools.render import caption, draw
from fives_tools.render.inputs import replay
from fives_tools.render.played import setup_of

LEARN_NOTE = (
    "The rules themselves follow under How to play, each told in a sentence; the "
    "identifiers, levels and sources that implementers need are folded away under "
    '"For implementers" beside each rule and example.'
)


def glossary(ruleset: Ruleset, entries: list[dict[str, Any]]) -> list[Term]:
    """Each term with the drawing of its small layout under ``ruleset``."""
    out = []
    for entry in entries:
        name = "term-" + "-".join(str(entry["term"]).split())
        svg = None
        if entry.get("plays"):
            layout = replay(ruleset, list(entry["plays"]), f"spec/learn.yaml: {entry['term']}")
            svg = draw(layout, ruleset, "svg", name=name, label="none").decode("utf-8")
        # a game whose sources say it otherwise has its own words (games: {game: ...})
        meaning = " ".join(str(entry.get("games", {}).get(ruleset.name, entry["meaning"])).split())
        out.append(Term(str(entry["term"]), str(entry["chinese"]), "zh", meaning, svg, name))
    return out


def walkthrough(case: Case) -> list[Part]:
    """The first hand of a match fixture: its deal, its actions with their worked
    comments, the table after every play that scores, and the fixture's settlement."""
    ruleset, request = find_game(case.game), case.request
    hand = request["hands"][0]
    setup = setup_of(ruleset, request, len(hand["hands"]))
    assert setup is not None  # a walked-through fixture is a legal table
    match = MatchState(ruleset, setup, request.get("scores"))
    match.deal(Deal.from_json(hand))
    notes = Source.read(case.path).comments("hands", 0, "actions")
    parts: list[Part] = [deal_table("The deal", hand)]
    figures: list[Part] = []
    for number, (action, note) in enumerate(zip(hand["actions"], notes, strict=True), 1):
        seat = match.current_player
        events = match.apply_action(parse_action(action))
        scored = [e for e in events if e.kind == "score" and e["cause"] == "play"]
        if any(int(e["raw"]) for e in scored):
            layout = match.hands[-1].layout
            name = f"learn-play-{number}"
            svg = draw(layout, ruleset, "svg", name=name, label="none").decode("utf-8")
            said = f" — {note}" if note else ""
            drawn = caption(layout, ruleset)
            figures.append(
                Figure(svg, f"Play {number}, seat {seat}: {action}{said} ({drawn})", name)
            )
    parts.append(actions_table("Every action of the hand, worked", hand["actions"], notes))
    parts += figures
    final = match.hands[-1].layout if match.hands else None
    if final is not None:
        svg = draw(final, ruleset, "svg", name="learn-end", label="none").decode("utf-8")
        parts.append(Figure(svg, "The table when the hand ends", "learn-end"))
    worked = Source.read(case.path).worked()
    parts.append(Note("Counting the hand", tuple(worked.rstrip("\n").splitlines())))
    scores = case.expect.get("display_scores") or case.expect.get("scores") or []
    unit = "display points" if case.expect.get("display_scores") else "points"
    parts.append(
        Facts(
            "Scores after the hand",
            tuple((f"seat {s}", text(f"{v} {unit}")) for s, v in enumerate(scores)),
        )
    )
    return parts


def learn_parts(ruleset: Ruleset, learn: dict[str, Any], cases: list[Case]) -> list[Part]:
    """The whole chapter for ``ruleset``'s game."""
    game = ruleset.name
    parts: list[Part] = [Para(" ".join(str(learn["goals"][game]).split()), "The goal")]
    parts.append(Para("Each word of the game with a small table that shows it.", "The words"))
    parts += glossary(ruleset, list(learn["glossary"]))
    ref = str(learn["walkthrough"][game])
    case = next((c for c in cases if c.game == game and c.fixture_id == ref), None)
    if case is None:  # a suite without the fixture (a test's own): no hand to walk through
        return [*parts, Para(LEARN_NOTE, "Then the rules")]
    parts.append(
        Para(
            f"{case.title}. Every action in order with its arithmetic, then the table drawn "
            "after every play that scores, and how the hand is counted.",
            "A whole hand, play by play",
        )
    )
    parts += walkthrough(case)
    parts.append(Para(LEARN_NOTE, "Then the rules"))
    return parts
