"""Rules as a reader names them: the short ``title`` each rule carries in its game
document (``spec/games/``), the ID kept as a subtitle. The rule's YAML is the one home of
its title."""

from __future__ import annotations

import functools

from fives_engine import find_game, game_names


@functools.cache
def _titles() -> dict[str, str]:
    return {
        rule.id: rule.title
        for game in game_names()
        for rule in find_game(game).rules.values()
        if rule.title
    }


def rule_title(rule_id: str) -> str:
    """The rule's title; a rule without one is named by its ID (a test asks for one)."""
    return _titles().get(rule_id, rule_id)
