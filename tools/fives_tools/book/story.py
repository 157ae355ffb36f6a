"""One whole hand told as a player tells it: who plays what where, what the ends count and
who scores, drawn after every play that scores, then how the hand is counted.

The hand is a hand-worked match fixture replayed by the engine, so every number is the
engine's (the fixture's expectations check it); the words are built here from what each
action did, with the players named, never by seat number or the fixture's own notes.
"""

from __future__ import annotations

from fives_engine import Deal, Event, MatchState, Play, Port, Ruleset, find_game, parse_action
from fives_engine.tiles import pip_count
from fives_tools.book.parts import Cell, Facts, Figure, Para, Part, Span, Steps, Table, codes
from fives_tools.book.parts import text as plain
from fives_tools.certify.cases import Case
from fives_tools.render import draw
from fives_tools.render.dot import arithmetic
from fives_tools.render.played import setup_of


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if abs(number) == 1 else "s")


def points(ruleset: Ruleset, raw: int) -> str:
    """``raw`` in the game's units: ``10 raw, 2 points`` where display points are kept."""
    shown = ruleset.display(raw)
    return _count(raw, "point") if shown is None else f"{raw} raw, {_count(shown, 'point')}"


def _tile(tile: object) -> Span:
    return Span(str(tile), code=True)


class _Teller:
    """The match being replayed and the players' names, telling each action in words."""

    def __init__(self, case: Case, names: list[str]) -> None:
        self.ruleset, request = find_game(case.game), case.request
        self.deal = request["hands"][0]
        setup = setup_of(self.ruleset, request, len(self.deal["hands"]))
        assert setup is not None  # a walked-through fixture is a legal table
        self.setup, self.names = setup, names
        self.match = MatchState(self.ruleset, setup, request.get("scores"))
        self.match.deal(Deal.from_json(self.deal))

    def play(self, play: Play, who: str, events: list[Event]) -> tuple[Cell, int]:
        """The play, what its ends count and what it scores (and its raw score)."""
        where: Cell = (Span(" leads "), _tile(play.tile))
        if play.anchor is not None and play.port is not None:
            where = (Span(" plays "), _tile(play.tile), Span(f" on the {play.port.value} of "))
            where += (_tile(play.anchor),)
        layout = self.match.hands[-1].layout
        said: Cell = (Span(f": the ends count {arithmetic(layout)}"),)
        counted = {e.tile for e in layout.scoring_ends()}
        if play.tile.is_double and play.tile in counted:
            said += (Span(" (a double at an end counts both halves)"),)
        elif play.port is Port.STRAIGHT_SIDE_B and play.anchor not in counted:
            said += (Span(" (the double "), _tile(play.anchor), Span(" now counts nothing)"))
        elif play.port is not None and play.port.is_branch:
            said += (Span(" (a side branch, once started, counts too)"),)
        raw = int(next(e for e in events if e.kind == "play")["raw"])
        scored = next((e for e in events if e.kind == "score" and e["cause"] == "play"), None)
        if not raw:
            said += (Span(", no score."),)
        elif scored is None:  # Exact 61: the last play's score goes with going out
            said += (Span(f", a multiple of 5: {raw} raw, counted with going out."),)
        elif scored["result"] == "applied":
            said += (Span(f", a multiple of 5: {who} scores {points(self.ruleset, raw)}."),)
        else:
            said += (Span(f"; {who} would score {raw} raw, but it would pass the target."),)
        if any(e.kind == "out" for e in events):
            said += (Span(f" That was {who}'s last tile: {who} goes out."),)
        return (Span(who), *where, *said), raw

    def counted(self, events: list[Event]) -> list[Part]:
        """How the hand ends: the tiles still held, each score it brings, who leads next."""
        hand = self.match.hands[-1]
        told: list[Part] = []
        if any(e.kind == "block" for e in events):
            told.append(Para("Nobody can play and the boneyard is empty: the hand is blocked."))
        for seat, name in enumerate(self.names[: self.setup.players]):
            held = hand.hand(seat)
            if held:
                said = (Span(f"{name} still holds "), *codes(held))
                told.append(_para((*said, Span(f": {pip_count(held)} pips."))))
        for e in (e for e in events if e.kind == "score" and e["cause"] != "play"):
            told.append(Para(self.settled(e)))
        if self.match.winner is not None:
            told.append(Para(f"The match is won by {self.side(self.match.winner)}."))
        leader, out = self.match.next_leader, [e["seat"] for e in events if e.kind == "out"]
        if leader is not None and not self.match.is_terminal:
            why = f"{self.names[leader]} went out, so " if out == [leader] else ""
            told.append(Para(f"{why}{self.names[leader]} leads the next hand."))
        return told

    def settled(self, event: Event) -> str:
        """A score the end of the hand brings, in words."""
        who, raw = self.names[int(event["seat"])], int(event["raw"])
        if event["cause"] == "deduction":
            return (
                f"{who}'s {event['pips']} pips round to {event['rounded']}: {who} loses "
                f"{points(self.ruleset, -raw)}."
            )
        said = f"{who} scores {points(self.ruleset, raw)}"
        if event["cause"] == "block":
            said = (
                f"{who}'s hand scores its differences to heavier opposing hands, rounded once: "
                f"{points(self.ruleset, raw)}"
            )
        if event["cause"] == "going-out":
            opponents = event["opponents"]
            said = (
                f"{who} scores the opponents' pips, added together ({opponents['pips']}) and "
                f"rounded once ({opponents['rounded']})"
            )
            if event["play"]:
                said += f", with the last play's {event['play']}"
            if "partner" in event.fields:
                partner = event["partner"]["rounded"]
                said += f", less the partner's, rounded on their own ({partner})"
            said += f": {points(self.ruleset, raw)}"
        if event["result"] != "applied":
            said += ", but it would pass the target, so none of it counts"
        return said + "."

    def side(self, side: int) -> str:
        return " and ".join(self.names[s] for s in self.setup.seats_of(side))


def _para(cell: Cell) -> Para:
    """A sentence of code spans and text as one paragraph (tiles set as code by the page)."""
    return Para("".join(span.text for span in cell if isinstance(span, Span)))


def _lead_won(ruleset: Ruleset, leader: str) -> str:
    """How ``leader`` came to lead, in the words of the game's own rule."""
    if "neutral draw" in ruleset.rules["lead.neutral-draw"].statement:
        return f"{leader} won the neutral draw: {leader} leads."
    return f"the lead fell to {leader} at random: {leader} leads."


def hand_told(case: Case, names: list[str]) -> list[Part]:
    """The first hand of a match fixture, told: the deal, every action in words with the
    table drawn after each play that scores, and how the hand is counted."""
    teller = _Teller(case, names)
    ruleset, deal = teller.ruleset, teller.deal
    players = names[: len(deal["hands"])]
    leader = players[teller.match.hands[-1].leader]
    order = ", in that order round the table" if len(players) > 2 else ""
    parts: list[Part] = [
        Para(
            f"{', '.join(players[:-1])} and {players[-1]} play a hand of {ruleset.title}, "
            f"{len(deal['hands'][0])} tiles each{order}. Say {_lead_won(ruleset, leader)}",
            "A whole hand, play by play",
        ),
        Table("The deal", ("player", "tiles dealt"), tuple(
            (plain(players[seat]), codes(tiles)) for seat, tiles in enumerate(deal["hands"])
        )),
    ]
    if any(teller.match.scores):  # a hand late in a match: the scores it starts from
        standing = ", ".join(
            f"{teller.side(side)} {_count(score, 'point')}"
            for side, score in enumerate(teller.match.display_scores or teller.match.scores)
        )
        parts.insert(1, Para(f"The scores stand at {standing}."))
    steps: list[Cell] = []
    start, actions, last = 1, list(deal["actions"]), []
    for number, action in enumerate(actions, 1):
        seat = teller.match.current_player
        assert seat is not None
        who, parsed = players[seat], parse_action(action)
        last = teller.match.apply_action(parsed)
        if isinstance(parsed, Play):
            said, raw = teller.play(parsed, who, last)
            steps.append(said)
            if raw:
                layout = teller.match.hands[-1].layout
                name = f"learn-play-{number}"
                svg = draw(layout, ruleset, "svg", name=name, label="none").decode("utf-8")
                caption = f"After play {number}: {who} scores {points(ruleset, raw)}"
                parts += [Steps(tuple(steps), start), Figure(svg, caption, name)]
                start, steps = number + 1, []
            continue
        if str(parsed) == "pass":
            steps.append((Span(f"{who} cannot play and the boneyard is empty: {who} passes."),))
            continue
        drawn = next(e["tile"] for e in last if e.kind == "draw")
        again = number > 1 and actions[number - 2] == "draw"
        plays = number < len(actions) and actions[number] not in ("draw", "pass")
        steps.append((
            Span(f"{who} cannot play and draws {'again' if again else 'from the boneyard'}: "),
            _tile(drawn),
            Span(", which plays." if plays else ", which does not play."),
        ))
    if steps:
        parts.append(Steps(tuple(steps), start))
    end = draw(teller.match.hands[-1].layout, ruleset, "svg", name="learn-end", label="none")
    parts.append(Figure(end.decode("utf-8"), "The table when the hand ends", "learn-end"))
    parts += [Para("", "Counting the hand"), *teller.counted(last)]
    scores = teller.match.display_scores or teller.match.scores
    parts.append(Facts("Scores after the hand", tuple(
        (teller.side(side), plain(_count(score, "point"))) for side, score in enumerate(scores)
    )))
    return parts
