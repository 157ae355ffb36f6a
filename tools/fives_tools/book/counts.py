"""The book's score and perft examples: a total and its score; a position and its counts.

Both are facts the fixtures state; the only thing drawn is the position's layout, which
the engine replays read-only.
"""

from __future__ import annotations

from fives_engine import find_game
from fives_engine.position import Position
from fives_tools.book.parts import Facts, Figure, Part, Table, codes, text
from fives_tools.certify.cases import Case
from fives_tools.render import caption, draw


def score_parts(case: Case, anchor: str, tally_per: int | None) -> list[Part]:
    score = case.expect["score"]
    shown = f"{score['raw']} raw" + (f" ({score['display']} display)" if "display" in score else "")
    return [
        Facts(
            "The play",
            (
                ("Total of the scoring ends", text(case.request["total"])),
                ("Play score", text(shown)),
            ),
        )
    ]


def perft_parts(case: Case, anchor: str, tally_per: int | None) -> list[Part]:
    position = Position.parse(case.request["position"])
    ruleset = find_game(case.game)
    layout = position.state().layout
    seats = tuple((text(s), codes(hand)) for s, hand in enumerate(position.hands))
    parts: list[Part] = [
        Facts(
            "The position",
            (
                ("Position", codes([case.request["position"]])),
                ("Seat to act", text(position.to_move)),
                ("Boneyard (draw order)", codes(position.boneyard)),
            ),
        ),
    ]
    if len(layout):  # a position before the lead has no layout to draw
        svg = draw(layout, ruleset, "svg", name=f"{anchor}-position", label="none")
        shown = f"The layout: {caption(layout, ruleset)}"
        parts.append(Figure(svg.decode("utf-8"), shown, f"{anchor}-position"))
    error = case.expect.get("error")
    if error:  # a position at a table the game forbids: refused, not counted
        count = ("Refused", codes([f"{error['kind']} ({error['rule']})"]))
    else:
        count = ("Legal action sequences", text(case.expect["nodes"]))
    parts += [
        Table("Hands", ("seat", "tiles held"), seats),
        Facts("Count", (("Depth", text(case.request["depth"])), count)),
    ]
    divide = case.expect.get("divide")
    if divide:
        rows = tuple((codes([action]), text(count)) for action, count in divide.items())
        parts.append(Table("By first action (divide)", ("first action", "sequences"), rows))
    return parts
