"""Coverage by table: rule x game x table, the ``must`` cases of each cell and the gaps.

A table is a player count the game is played with (2, 3, 4); where the game lets four
players choose, ``4 partners`` and ``4 alone`` are two tables (All Fives).

Which rules depend on the table (the decision ``fives coverage --matrix`` documents):

- **Table-free**: what a layout or score request answers (the equipment, attach points,
  the layout, scoring ends, a play's score and its unit). Those requests name no table and
  the answer is the same at every table, so the rule has one cell, ``any``.
- **Table-dependent**: everything a turn, settlement, match or perft request answers
  (the deal, the lead, turn flow, the end of a hand, settlement, the target). The number
  of seats changes who acts next, how many hands are settled, which target applies, so
  each such rule needs a ``must`` case at every table where it applies.
- **Where it applies**: a rule about partners (:data:`PARTNERS_ONLY`, and
  :data:`PARTNERS_ONLY_IN` for one game) applies only at a table of partners; a rule
  about playing alone (:data:`ALONE_ONLY`) only at the others. Every other
  table-dependent rule applies at every table of its game.
- **A table that is itself a reading**: four All Fives players alone is the reading
  ``all-fives.four-players``, so every case at that table is ``implementation-defined``
  and none can be ``must``. Its column counts those cases; it is never a gap.

Elsewhere a cell counts the ``must`` cases that check the rule (name it among their ``rules``) at
that table. A ``must`` rule with an empty cell where it applies is a gap; a rule that is a
reading (``implementation-defined``) is listed but never a gap.
"""

from __future__ import annotations

from fives_engine import find_game, game_names
from fives_engine.position import Position
from fives_tools.certify.cases import Case, load_cases

#: Rule ID prefixes answered by layout and score requests, which name no table.
TABLE_FREE = ("equipment.", "play.", "layout.", "score.ends.", "score.play.", "score.unit.")
#: The one column of a table-free rule.
ANY = "any"
#: Rules about partners: they apply only where partners sit.
PARTNERS_ONLY = frozenset({"side.partnership", "settle.partners-apart", "settle.exact-61.partner"})
#: Rules about playing alone: they apply only where nobody has a partner.
ALONE_ONLY = frozenset({"side.alone"})
#: Rules that apply only where partners sit in one game: in Exact 61 only the partner's
#: hand is ever deducted, so only a partnership's score can fall below zero.
PARTNERS_ONLY_IN = {"exact-61": frozenset({"score.negative"})}

#: game -> rule ID -> table -> the ``must`` cases that check the rule at that table.
Matrix = dict[str, dict[str, dict[str, list[str]]]]


def tables(game: str) -> tuple[str, ...]:
    """The tables of ``game``: its player counts, four split where partners are optional."""
    ruleset = find_game(game)
    out: list[str] = []
    for players in ruleset.players:
        if ruleset.partnerships(players) == "optional":
            out += [f"{players} partners", f"{players} alone"]
        else:
            out.append(str(players))
    return tuple(out)


def is_reading(game: str, table: str) -> bool:
    """A table the sources do not name outright (four All Fives players alone)."""
    return table.endswith("alone")


def has_partners(game: str, table: str) -> bool:
    players = int(table.split()[0])
    return find_game(game).partnerships(players) is not None and not table.endswith("alone")


def table_of(case: Case) -> str | None:
    """The table a case is played at, or None for a request that names none."""
    players = case.request.get("players")
    alone = case.request.get("partnerships", True) is False
    if case.kind == "perft":
        # The table field of a position: "4s" is four players alone (see fives_engine.position).
        position = Position.parse(str(case.request["position"]))
        players, alone = position.players, not position.partnerships
    if not isinstance(players, int):
        return None
    if find_game(case.game).partnerships(players) == "optional":
        return f"{players} {'alone' if alone else 'partners'}"
    return str(players)


def applies(game: str, rule_id: str) -> tuple[str, ...]:
    """The columns where ``rule_id`` of ``game`` needs cases: ``(ANY,)`` for a table-free
    rule, else the tables where it applies."""
    if rule_id.startswith(TABLE_FREE):
        return (ANY,)
    return tuple(
        t
        for t in tables(game)
        if not (
            (rule_id in PARTNERS_ONLY or rule_id in PARTNERS_ONLY_IN.get(game, ()))
            and not has_partners(game, t)
        )
        and not (rule_id in ALONE_ONLY and has_partners(game, t))
    )


def table_matrix(cases: list[Case] | None = None) -> Matrix:
    """Every rule of every game with its cells where it applies, each listing the ``must``
    cases that check the rule there."""
    cases = load_cases() if cases is None else cases
    out: Matrix = {}
    for game in game_names():
        rows: dict[str, dict[str, list[str]]] = {
            r: {t: [] for t in applies(game, r)} for r in find_game(game).rules
        }
        for case in cases:
            table = table_of(case)
            if case.game != game or (case.level != "must" and not is_reading(game, str(table))):
                continue
            for rule_id in case.rules:
                cells = rows.get(rule_id, {})
                column = ANY if ANY in cells else table
                if column in cells:
                    cells[column].append(case.id)
        out[game] = rows
    return out


def is_must(game: str, rule_id: str) -> bool:
    return not find_game(game).rules[rule_id].interpretation


def gaps(table: Matrix | None = None) -> list[tuple[str, str, str]]:
    """(game, rule ID, table) of every ``must`` rule with no ``must`` case where it applies."""
    table = table_matrix() if table is None else table
    return [
        (game, rule_id, column)
        for game, rows in table.items()
        for rule_id, cells in rows.items()
        if is_must(game, rule_id)
        for column, ids in cells.items()
        if not ids and not is_reading(game, column)
    ]


def render(table: Matrix) -> str:
    """The matrix for people: a count per cell, ``-`` where the rule does not apply,
    ``GAP`` for a must rule with no must case there; then the gaps, one a line."""
    lines: list[str] = []
    for game, rows in table.items():
        columns = (ANY, *tables(game))
        width = max(len(r) for r in rows) + 2
        lines.append(f"{find_game(game).title} ({game}): must cases per table")
        lines.append(" " * (width + 2) + "".join(f"{c:>11}" for c in columns) + "  requirement")
        for rule_id, cells in rows.items():
            must = is_must(game, rule_id)
            marks = [
                "-"
                if c not in cells
                else str(len(cells[c]))
                if cells[c] or not must or is_reading(game, c)
                else "GAP"
                for c in columns
            ]
            level = "must" if must else "implementation-defined"
            cells_text = "".join(f"{m:>11}" for m in marks)
            lines.append(f"  {rule_id:<{width}}{cells_text}  {level}")
        lines.append("")
    found = gaps(table)
    lines.append(f"{len(found)} gaps (a must rule with no must case at a table where it applies)")
    lines += [f"  {game}  {rule_id}  at {column}" for game, rule_id, column in found]
    return "\n".join(lines)
