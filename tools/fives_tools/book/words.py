"""A game's parameters in words: what a player reads instead of the spec's YAML keys.

Every phrase is built from the ruleset's own values, so a game kept in raw points never
mentions display points, and each game speaks of its own deal.
"""

from __future__ import annotations

from typing import Any

from fives_engine import Ruleset

_TILES = {"double-six": "one double-six set: 28 tiles, each pair of pips 0-6 once"}
_SPINNERS = {
    "every-double": "every double is a spinner, branching four ways",
    "first-double": "only the first double played is a spinner; later doubles are ordinary",
}
_TARGET_CHECK = {
    "after-settlement": "checked after the hand is settled",
    "exact-every-event": "each scoring event must land exactly on it",
    "immediate": (
        "checked at once: the play that reaches it wins (this book's reading: the source"
        " says only that the game goes on until a player reaches it)"
    ),
}
_OVERSHOOT = {
    "allowed": "a score may pass the target",
    "discard-event": "an event that would pass the target is discarded",
}
_SETTLEMENT = {
    "deduct-each-hand": (
        "each player's remaining pips are rounded to five on their own, never added to a"
        " partner's first, and deducted from their side"
    ),
    "deduct-each-player": "each player's remaining pips, rounded to five, are deducted",
    "exact-61-differences": (
        "going out scores the opponents' pips; a block scores the differences between hands"
    ),
}
_TIE = {
    "play-on": "a tie at the target plays on",
    "not-applicable": "no tie can arise at the target",
}


def by_players(value: Any, unit: str = "") -> str:
    """``{2: 9, 3: 7}`` as ``9 with 2 players, 7 with 3``; a single value as itself."""
    if isinstance(value, dict) and value and all(isinstance(k, int) for k in value):
        items = list(value.items())
        first = f"{items[0][1]}{unit} with {items[0][0]} players"
        return ", ".join([first, *(f"{v}{unit} with {k}" for k, v in items[1:])])
    if isinstance(value, dict) and "raw" in value:
        return f"{value['raw']}{unit}"
    return f"{value}{unit}"


def _tiles_each(deal: Any) -> str:
    if isinstance(deal, dict) and len(set(deal.values())) == 1:
        return f"{next(iter(deal.values()))} tiles each"
    return by_players(deal, " tiles")


def deal_words(ruleset: Ruleset) -> str:
    """The tiles dealt to each player, with the game's named alternatives."""
    options = ruleset.parameters.get("deal_options") or {}
    text = _tiles_each(ruleset.parameters["deal"])
    if not options:
        return text + ", whatever the number of players"
    return f"{text}; by agreement, " + "; or ".join(_tiles_each(v) for v in options.values())


def unit_words(ruleset: Ruleset) -> str:
    if ruleset.score_unit == "raw":
        return "points as counted (a total of 15 scores 15)"
    per = ruleset.raw_per_display
    return f"display points: every {per} counted is 1 point (a total of 15 scores 3)"


def target_words(ruleset: Ruleset) -> str:
    params = ruleset.parameters
    target = params["target"]
    if ruleset.score_unit == "display" and isinstance(target, dict) and "raw" in target:
        raw = int(target["raw"])
        shown = f"{raw // ruleset.raw_per_display} points ({raw} counted)"
    else:
        shown = by_players(target, " points")
    if params.get("target_agreed"):
        shown = f"agreed by the players, usually {shown}"
    return f"{shown}; {_TARGET_CHECK.get(params['target_check'], params['target_check'])}"


def parameter_words(ruleset: Ruleset) -> list[tuple[str, str]]:
    """(what, in words) for every parameter a player needs, in the order of play."""
    params = ruleset.parameters
    players = params["players"]
    partners = {k: v for k, v in (params.get("partnerships") or {}).items()}
    seats = f"{min(players)} to {max(players)}"
    if partners:
        how = " or ".join(
            f"{'two fixed partnerships' if v == 'fixed' else 'partnerships by agreement'} with {k}"
            for k, v in partners.items()
        )
        seats += f"; {how}"
    return [
        ("Tiles", _TILES.get(params["tiles"], str(params["tiles"]))),
        ("Players", seats),
        ("Deal", deal_words(ruleset)),
        ("Spinners", _SPINNERS.get(params["spinners"], str(params["spinners"]))),
        ("Score kept in", unit_words(ruleset)),
        ("Target", target_words(ruleset)),
        ("Passing the target", _OVERSHOOT.get(params["overshoot"], str(params["overshoot"]))),
        ("End of a hand", _SETTLEMENT.get(params["settlement"], str(params["settlement"]))),
        ("A tie", _TIE.get(params["tie_at_target"], str(params["tie_at_target"]))),
    ]
