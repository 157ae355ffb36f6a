"""Asking an implementation for its own games: ``selfplay`` requests, one game each.

The runner sends N requests (seeds ``seed`` .. ``seed + N - 1``) through the same adapter
machinery as the certificate's cases, so a crash, a hang, garbage or a reply that breaks
its schema costs that one game: it comes back as an error with the diagnosis, and the
next game is asked of a fresh process. What the records show is judged by the auditor.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from fives_tools.certify.adapters.interface import (
    Adapter,
    AdapterError,
    AdapterInfo,
    AdapterRefused,
)
from fives_tools.text import clean


@dataclass(frozen=True)
class Table:
    """What to ask for: the game, the table and the unit of one game."""

    game: str
    players: int = 2
    partnerships: bool | None = None
    unit: str = "match"
    deal_option: str | None = None
    target: int | None = None
    #: a steered game's deals, in order (spec/protocol.md, "Steered games"); () none
    deals: tuple[dict[str, Any], ...] = ()
    steered: str = ""  # the steered game's id (spec/steered-deals.yaml)

    @property
    def asked(self) -> dict[str, Any]:
        """The table fields asked for (None: not asked, the game's default)."""
        fields = ("partnerships", "deal_option", "target")
        return {k: getattr(self, k) for k in fields if getattr(self, k) is not None}

    def request(self, seed: int) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "selfplay", "game": self.game, "players": self.players}
        out = {**out, **self.asked, "unit": self.unit, "seed": seed}
        if self.deals:
            out["deals"] = list(self.deals)
        return out

    def dealt(self, record: dict[str, Any]) -> str:
        """Say the first hand the record deals otherwise than the deals asked ("" when it
        deals them all, or asked none): a game of other deals is no game of the steered
        one. A record may stop before the deals run out (the match was won)."""
        if not self.deals:
            return ""
        hands = record.get("hands")
        if not isinstance(hands, list):
            return ""
        if len(hands) > len(self.deals):
            return f"asked for {len(self.deals)} deals, it played {len(hands)} hands"
        for number, (hand, want) in enumerate(zip(hands, self.deals, strict=False), 1):
            deal = hand.get("deal") if isinstance(hand, dict) else None
            got = deal.get("hands") if isinstance(deal, dict) else None
            if not isinstance(got, list) or [sorted(map(str, h)) for h in got] != [
                sorted(h) for h in want["hands"]
            ]:
                return f"hand {number} was not dealt the deal asked"
        return ""

    def fill(self, record: dict[str, Any]) -> str:
        """Give a record that leaves out (or nulls) an asked table field the value asked,
        so that it is judged at the table asked; say the first field it states otherwise
        ("" when none): a record of another table is no game of this one. (Another target
        is a game of it, played to the wrong end: the audit names it on ``match.target``.)"""
        setup = record.get("setup")
        if not isinstance(setup, dict):
            return ""
        for key, want in self.asked.items():
            if setup.get(key) is None:
                setup[key] = want
            elif setup[key] != want and key != "target":
                said = clean(json.dumps(setup[key]))
                return f"asked for {key} {json.dumps(want)}, it played {key} {said}"
        return ""


@dataclass(frozen=True)
class Asked:
    """One game asked of the implementation: its record, or why there is none."""

    seed: int
    request: dict[str, Any]
    table: Table
    record: dict[str, Any] | None = None
    error: str = ""


def refusal(info: AdapterInfo, table: Table) -> str | None:
    """Why this implementation cannot be asked for these games (None: it can)."""
    if not info.selfplay:
        return f"{info.name} does not declare selfplay in its ready message"
    if table.unit not in info.selfplay:
        return f"{info.name} plays a selfplay {' or '.join(info.selfplay)}, not a {table.unit}"
    if table.game not in info.games:
        return f"{info.name} does not declare the game {table.game}"
    if table.players not in info.players:
        return f"{info.name} does not declare {table.players} players"
    if table.deals and not info.selfplay_deals:
        return f"{info.name} does not declare selfplay_deals: it cannot be dealt a game"
    return None


def _answer(reply: dict[str, Any], table: Table) -> tuple[dict[str, Any] | None, str]:
    error = reply.get("error")
    if isinstance(error, dict):
        said = clean(str(error.get("message", "")))
        return None, f"the implementation answered {clean(str(error.get('kind')))}: {said}"
    record = reply.get("record")
    if not isinstance(record, dict):
        return None, "the reply carries no record"
    played = (record.get("game"), (record.get("setup") or {}).get("players"))
    if played != (table.game, table.players):
        shown = clean(f"{played[0]} with {played[1]} players")
        return None, f"asked for {table.game} with {table.players} players, it played {shown}"
    other = table.fill(record) or table.dealt(record)
    return (None, other) if other else (record, "")


Tables = Table | Sequence[Table] | Callable[[AdapterInfo], Sequence[Table]]


def ask(adapter: Adapter, tables: Tables, games: int, seed: int = 1) -> Iterator[Asked]:
    """Start the adapter, ask for ``games`` games of each table and stop it; one
    :class:`Asked` per game. ``tables`` may be chosen from what the adapter declares.

    An implementation that cannot start, or does not declare what is asked, raises
    :class:`AdapterRefused` before any game is asked."""
    try:
        info = adapter.start()
    except AdapterError as exc:
        raise AdapterRefused(f"the implementation did not start: {exc}") from None
    try:
        chosen = tables(info) if callable(tables) else tables
        listed = [chosen] if isinstance(chosen, Table) else list(chosen)
        for table in listed:
            reason = refusal(info, table)
            if reason:
                raise AdapterRefused(reason)
        for table in listed:
            yield from _games(adapter, table, games, seed)
    finally:
        adapter.stop()


#: how often a steered game is asked (seeds S, S + 1): blocks and ties depend on the
#: engine's choices, and a second game of the same deals gives them a second chance
STEERED_TIMES = 2


def count(table: Table, games: int) -> int:
    """The games asked of a table: a steered game :data:`STEERED_TIMES` times, whatever
    ``games`` is (its deals are the point)."""
    return STEERED_TIMES if table.deals else games


def _games(adapter: Adapter, table: Table, games: int, seed: int) -> Iterator[Asked]:
    for number in range(seed, seed + count(table, games)):
        request = table.request(number)
        try:
            reply = adapter.run(dict(request), f"selfplay:{table.game}:{number}")
        except AdapterError as exc:
            yield Asked(number, request, table, error=str(exc))
            continue
        record, error = _answer(reply, table)
        yield Asked(number, request, table, record, error)
