"""Perft files: positions with the number of legal action sequences to each depth.

The format follows python-chess's perft files (see ``fixtures/perft/positions.perft``):
blank-line-separated records of ``key value`` lines. Each ``perft N C`` line becomes one
case ``<game>/perft/<id>/depth-<N>#turn-flow``: the request asks the implementation for
perft at that depth and its split by first action (divide), so a mismatch is tracked down
to the first action whose subtree is miscounted. A record whose position is at a table the
game forbids has a ``refused KIND RULE`` line instead: one case
``<game>/perft/<id>/refused#turn-flow`` expecting that error.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fives_engine import find_game
from fives_engine.position import Position, PositionError
from fives_tools.certify.cases import levels
from fives_tools.certify.cases.case import Case, FixtureError, check_primary, read_text, unreviewed


def _records(path: Path) -> Iterator[tuple[int, list[tuple[int, str, str]]]]:
    """(first line, [(line, key, value)]) per record."""
    record: list[tuple[int, str, str]] = []
    for number, raw in enumerate(read_text(path).splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if not line:
            if record:
                yield record[0][0], record
            record = []
            continue
        key, _, value = line.partition(" ")
        record.append((number, key, value.strip()))
    if record:
        yield record[0][0], record


def _int(path: Path, number: int, text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise FixtureError(
            f"{path}: line {number}: {what}: expected a whole number, got {text!r}"
        ) from None


def _cases(path: Path, start: int, record: list[tuple[int, str, str]]) -> list[Case]:
    fields: dict[str, tuple[int, str]] = {}
    counts: dict[int, int] = {}
    divides: dict[int, dict[str, int]] = {}
    refused: dict[str, str] = {}
    for number, key, value in record:
        if key == "perft":
            depth_text, _, count_text = value.partition(" ")
            depth = _int(path, number, depth_text, "perft depth")
            counts[depth] = _int(path, number, count_text, "perft count")
        elif key == "divide":
            parts = value.split()
            if len(parts) != 3:
                raise FixtureError(f"{path}: line {number}: expected 'divide DEPTH ACTION COUNT'")
            divides.setdefault(_int(path, number, parts[0], "divide depth"), {})[parts[1]] = _int(
                path, number, parts[2], "divide count"
            )
        elif key == "refused":
            parts = value.split()
            if len(parts) != 2:
                raise FixtureError(f"{path}: line {number}: expected 'refused KIND RULE'")
            refused = {"kind": parts[0], "rule": parts[1]}
        elif key == "reviewed":
            raise unreviewed(path, number)
        elif key in ("id", "title", "rules", "primary", "position", "level"):
            fields[key] = (number, value)
        else:
            raise FixtureError(f"{path}: line {number}: unknown key {key!r}")
    for key in ("id", "title", "rules", "primary", "position"):
        if key not in fields:
            raise FixtureError(f"{path}: line {start}: the record has no '{key}' line")
    number, text = fields["position"]
    try:
        position = Position.parse(text)
        ruleset = find_game(position.game)
    except (PositionError, ValueError) as exc:
        raise FixtureError(f"{path}: line {number}: field position: {exc}") from None
    rules = fields["rules"][1].split()
    unknown = [r for r in rules if r not in ruleset.rules]
    if unknown:
        raise FixtureError(
            f"{path}: line {fields['rules'][0]}: field rules: {', '.join(unknown)}"
            f" is not a rule of {position.game}"
        )
    problem = check_primary(fields["primary"][1], rules, [position.game])
    if problem:
        raise FixtureError(f"{path}: line {fields['primary'][0]}: field primary: {problem}")
    if not counts and not refused:
        raise FixtureError(f"{path}: line {start}: the record has no 'perft' or 'refused' line")
    if counts and refused:
        raise FixtureError(f"{path}: line {start}: a refused position has no 'perft' line")
    stray = sorted(set(divides) - set(counts))
    if stray:
        raise FixtureError(
            f"{path}: line {start}: divide at depth {stray[0]} without a perft count"
        )
    sources = tuple(
        {"file": ruleset.rules[r].cite.file, "heading": ruleset.rules[r].cite.heading}
        for r in rules
    )
    expectations: list[tuple[str, int, dict[str, Any]]] = []
    if refused:
        expectations.append(("refused", 1, {"error": refused}))
    for depth, count in sorted(counts.items()):
        expect: dict[str, Any] = {"nodes": count}
        if depth in divides:
            if sum(divides[depth].values()) != count:
                raise FixtureError(
                    f"{path}: line {start}: the divide at depth {depth} does not add up to {count}"
                )
            expect["divide"] = divides[depth]
        expectations.append((f"depth-{depth}", depth, expect))
    out = []
    for name, depth, expect in expectations:
        fixture_id = f"perft/{fields['id'][1]}/{name}"
        out.append(
            Case(
                id=f"{position.game}/{fixture_id}#{levels.TURN_FLOW}",
                game=position.game,
                fixture_id=fixture_id,
                title=f"{fields['title'][1]} ({name if 'error' in expect else f'perft {depth}'})",
                kind="perft",
                level=fields.get("level", (0, "must"))[1],
                rules=tuple(rules),
                sources=sources,
                request={"type": "perft", "game": position.game, "position": text, "depth": depth},
                expect=expect,
                path=path,
                capability=levels.TURN_FLOW,
                primary=fields["primary"][1],
            )
        )
    return out


def perft_cases(path: Path) -> list[Case]:
    out: list[Case] = []
    for start, record in _records(path):
        out.extend(_cases(path, start, record))
    return out
