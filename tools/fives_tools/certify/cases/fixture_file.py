"""YAML fixtures read, validated against their schema and expanded into cases.

A fixture is a YAML file under ``fixtures/``. A malformed fixture raises
:class:`~fives_tools.certify.cases.case.FixtureError` naming the file, the line and the
field, and what was expected there.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml

from fives_engine import find_game
from fives_tools.certify.cases import alternatives, fixture_yaml, levels
from fives_tools.certify.cases.case import (
    Case,
    FixtureError,
    check_primary,
    fixtures_dir,
    read_text,
    schemas_dir,
    unreviewed,
)
from fives_tools.json_schema import Schema, said


@functools.cache
def _schema(name: str) -> Schema:
    return Schema(json.loads((schemas_dir() / f"{name}.schema.json").read_text("utf-8")))


def _walk(node: yaml.Node, path: Sequence[str | int]) -> tuple[yaml.Node, bool]:
    """The YAML node at ``path``, or its nearest existing parent; and whether it was found."""
    for key in path:
        if isinstance(node, yaml.MappingNode):
            nxt = next((v for k, v in node.value if k.value == key), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            nxt = node.value[key]
        else:
            nxt = None
        if nxt is None:
            return node, False
        node = nxt
    return node, True


def _line_of(node: yaml.Node, path: Sequence[str | int]) -> int:
    """1-based line of the YAML node at ``path`` (or of its nearest existing parent)."""
    return _walk(node, path)[0].start_mark.line + 1


def _field(path: Iterable[str | int]) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out or "(top level)"


#: the fixture kinds, each with its schema ``spec/schemas/<kind>-fixture.schema.json``
KINDS = ("layout", "score", "turns", "settlement", "match")


def read_fixture(path: Path, allow_unreviewed: bool = False) -> dict[str, Any]:
    """Parse and validate one fixture file; errors name the file, line and field.

    A candidate marked ``reviewed: false`` is refused unless ``allow_unreviewed``:
    conformance verdicts come only from expectations worked by hand."""
    try:
        node, data = fixture_yaml.compose_and_load(read_text(path))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = f"line {mark.line + 1}: " if mark is not None else ""
        what = "" if isinstance(exc, fixture_yaml.Refused) else "not valid YAML: "
        raise FixtureError(f"{path}: {line}{what}{exc.problem}") from None
    except yaml.YAMLError as exc:
        raise FixtureError(f"{path}: not valid YAML: {exc}") from None
    if not isinstance(data, dict) or node is None:
        raise FixtureError(f"{path}: line 1: a fixture is a YAML mapping")
    kind = data.get("kind", "layout")
    if kind not in KINDS:
        raise FixtureError(
            f"{path}: line {_line_of(node, ['kind'])}: field kind: {kind!r} is not a fixture"
            f" kind; expected one of {', '.join(KINDS)}"
        )
    errors = _schema(f"{kind}-fixture").errors({k: v for k, v in data.items() if k != "kind"})
    if errors:
        err = errors[0]
        where = list(err.absolute_path)
        raise FixtureError(
            f"{path}: line {_line_of(node, where)}: field {_field(where)}: {said(err)}"
        )
    if data.get("reviewed") is False and not allow_unreviewed:
        raise unreviewed(path, _line_of(node, ["reviewed"]))
    data["kind"] = kind
    return data


def _line_at(path: Path, where: list[str | int]) -> int:
    """The line of a field, read again only to word an error."""
    node = yaml.compose(path.read_text(encoding="utf-8"))
    return _line_of(node, where) if node is not None else 1


def _line_in(path: Path, field: str) -> int:
    return _line_at(path, [field])


def _check_names(path: Path, data: dict[str, Any]) -> None:
    known: set[str] = set()
    for game in data["games"]:
        known |= set(find_game(game).rules)
    unknown = [r for r in data["rules"] if r not in known]
    if unknown:
        raise FixtureError(
            f"{path}: line {_line_in(path, 'rules')}: field rules: {', '.join(unknown)}"
            f" is not a rule of {', '.join(data['games'])} (see spec/games/)"
        )
    problem = check_primary(data["primary"], data["rules"], data["games"])
    if problem:
        raise FixtureError(f"{path}: line {_line_in(path, 'primary')}: field primary: {problem}")
    alternatives.check(path, data, _line_at)


#: The fixture fields each kind sends as its request (``spec/protocol.md``), beyond
#: ``type`` and ``game``; the layout kind builds its request itself.
REQUEST_FIELDS = {
    "score": ("total",),
    "turns": ("players", "partnerships", "deal_option", "target", "deal", "actions", "reject"),
    "settlement": (
        "players",
        "partnerships",
        "hands",
        "went_out",
        "block",
        "leader",
        "last_play",
        "scores",
    ),
    "match": ("players", "partnerships", "deal_option", "target", "scores", "hands"),
}


def _request(data: dict[str, Any], game: str) -> dict[str, Any]:
    fields = REQUEST_FIELDS.get(data["kind"])
    if fields is not None:
        return {"type": data["kind"], "game": game, **{k: data[k] for k in fields if k in data}}
    request: dict[str, Any] = {"type": data["kind"], "game": game, "plays": list(data["plays"])}
    if "reject" in data:
        request["reject"] = data["reject"]
    legal = data["expect"].get("legal_plays")
    if legal is not None:
        request["hand"] = list(legal["hand"])
    return request


def _expect(path: Path, data: dict[str, Any], game: str) -> dict[str, Any]:
    """The expectation for one game: as written, less what the game does not keep."""
    expect = dict(data["expect"])
    expect.pop("arithmetic", None)
    if "legal_plays" in expect:
        expect["legal_plays"] = list(expect["legal_plays"]["plays"])
    if "score" in expect:
        score = dict(expect["score"])
        if find_game(game).score_unit != "display":
            score.pop("display", None)
        elif "display" not in score:
            raise FixtureError(
                f"{path}: field expect.score.display: required, since {game} keeps display points"
            )
        expect["score"] = score
    return expect


def _by_capability(kind: str, expect: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Split an expectation into the capability levels it checks (see levels.py)."""
    if kind != "layout":
        return [(levels.KIND_LEVEL[kind], expect)]
    parts = []
    for level, fields in levels.LAYOUT_FIELDS.items():
        part = {k: expect[k] for k in fields if k in expect}
        if part:
            parts.append((level, part))
    return parts


def _levels(path: Path, data: dict[str, Any], game: str) -> dict[str, dict[str, Any]]:
    """The expectation of each capability level for one game."""
    return dict(_by_capability(data["kind"], _expect(path, data, game)))


def cases_from(path: Path) -> list[Case]:
    """The cases of one fixture: one per game and capability level, ID ``game/id#level``."""
    data = read_fixture(path)
    _check_names(path, data)
    out = []
    for game in data["games"]:
        ruleset = find_game(game)
        facts = _expect(path, data, game)
        other = [
            (alt, _levels(path, alternatives.whole(data, alt), game))
            for alt in data.get("alternatives", ())
        ]
        for capability, expect in _by_capability(data["kind"], facts):
            out.append(
                Case(
                    id=f"{game}/{data['id']}#{capability}",
                    game=game,
                    fixture_id=data["id"],
                    title=data["title"],
                    kind=data["kind"],
                    level=data["level"],
                    rules=tuple(r for r in data["rules"] if r in ruleset.rules),
                    sources=tuple(data["sources"]),
                    request=_request(data, game),
                    expect=expect,
                    path=path,
                    interpretation=data.get("interpretation"),
                    capability=capability,
                    primary=data["primary"],
                    facts=facts,
                    alternatives=tuple(
                        a
                        for alt, parts in other
                        for a in alternatives.of_level(alt, parts.get(capability, {}), expect)
                    ),
                )
            )
    return out


def expected_at(case: Case, fields: Sequence[str] = ()) -> str:
    """Where ``case``'s hand-worked expectation is written, e.g.
    ``fixtures/scoring/all-fives-total-05.yaml line 14 (expect.score)``: the line of the
    first of ``fields`` the fixture writes (else of ``expect``), so that whoever reads a
    failure can check that value against its source, the first suspect when the case is
    new. A file that is not YAML (a perft file) is named alone."""
    try:
        shown = f"fixtures/{case.path.relative_to(fixtures_dir()).as_posix()}"
    except ValueError:
        shown = str(case.path)
    if case.path.suffix not in (".yaml", ".yml"):
        return shown
    try:
        node, _ = fixture_yaml.compose_and_load(read_text(case.path))
    except (yaml.YAMLError, FixtureError, OSError):
        return shown
    if node is None:
        return shown
    written = next((f for f in fields if _walk(node, ["expect", f])[1]), None)
    path = ["expect", written] if written else ["expect"]
    return f"{shown} line {_line_of(node, path)} ({'.'.join(path)})"
