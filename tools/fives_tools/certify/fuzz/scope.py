"""What a campaign may ask: the games, levels and tables the implementation declares.

Requests are generated only inside this scope, so an implementation is never asked about
a game, level or player count it does not claim; the scope is part of what makes a
campaign reproducible (same seed + same scope + same suite version = same requests).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from fives_engine import find_game
from fives_tools.certify import places
from fives_tools.certify.adapters.interface import AdapterInfo
from fives_tools.certify.cases import levels

#: The level(s) a request type needs: any one of them makes the type worth asking.
TYPE_LEVELS: dict[str, tuple[str, ...]] = {
    "layout": tuple(levels.LAYOUT_FIELDS),
    **{kind: (level,) for kind, level in levels.KIND_LEVEL.items()},
}


#: Request types played at a table (a player count); layout and score requests are not.
NEEDS_TABLE = frozenset({"turns", "perft", "settlement", "match"})


class ScopeError(ValueError):
    """Nothing can be asked: the filters leave no game, level or player count."""


@dataclass(frozen=True)
class Table:
    """One table of a game: player count, partnerships (None: the game's default) and deal."""

    players: int
    partnerships: bool | None
    deal_option: str | None

    def fields(self) -> dict[str, object]:
        """The optional table fields of a request (``spec/protocol.md``)."""
        out: dict[str, object] = {"players": self.players}
        if self.partnerships is not None:
            out["partnerships"] = self.partnerships
        if self.deal_option is not None:
            out["deal_option"] = self.deal_option
        return out


@dataclass(frozen=True)
class Scope:
    games: tuple[str, ...]
    levels: tuple[str, ...]
    players: tuple[int, ...]

    @classmethod
    def of(
        cls,
        info: AdapterInfo,
        games: Sequence[str] = (),
        wanted_levels: Sequence[str] = (),
        players: Sequence[int] = (),
    ) -> Scope:
        """The declared scope, narrowed by the filters; empty scopes are refused. An
        implementation in the pips or ends form is asked nothing at the levels its form
        cannot decide (connections): its replies are compared in its form."""
        undeclared = sorted(set(players) - set(info.players))
        if undeclared:  # else the filter quietly leaves only the requests with no table
            raise ScopeError(
                f"{info.name} declares {', '.join(map(str, info.players))} players,"
                f" not {', '.join(map(str, undeclared))}"
            )
        scope = cls(
            tuple(g for g in info.games if not games or g in games),
            tuple(
                lv
                for lv in info.levels
                if (not wanted_levels or lv in wanted_levels)
                and (info.places == places.CANONICAL or places.level_reason(lv) is None)
            ),
            tuple(sorted(n for n in info.players if not players or n in players)),
        )
        for what, values in (("game", scope.games), ("level", scope.levels)):
            if not values:
                raise ScopeError(f"{info.name}: no {what} left to fuzz after the filters")
        if not scope.request_types():
            raise ScopeError(
                f"{info.name}: nothing to ask at the levels {', '.join(scope.levels)}"
                f" with {', '.join(map(str, scope.players)) or 'no'} players"
            )
        return scope

    @functools.cache  # noqa: B019 - scopes are few, frozen, and asked once per request
    def request_types(self) -> tuple[str, ...]:
        """The request types of the declared levels (those played at a table only when a
        player count of some game is in scope)."""
        tables = any(self.tables(g) for g in self.games)
        return tuple(
            t
            for t, need in TYPE_LEVELS.items()
            if set(need) & set(self.levels) and (tables or t not in NEEDS_TABLE)
        )

    @functools.cache  # noqa: B019
    def tables(self, game: str) -> tuple[Table, ...]:
        """Every table of ``game`` in scope: each player count, partnership choice and deal."""
        ruleset = find_game(game)
        out = []
        for n in ruleset.players:
            if n not in self.players:
                continue
            mode = ruleset.partnerships(n)
            choices: list[bool | None] = [None]
            if mode == "optional":
                choices = [True, False]
            elif mode == "fixed":
                choices = [None, True]  # the default, and the same said out loud
            for partners in choices:
                for option in (None, *ruleset.deal_options):
                    out.append(Table(n, partners, option))
        return tuple(out)
