"""Games as data: the rulesets of ``spec/games/*.yaml`` and a registry to find them.

A game document names the game it ``extends``, overrides ``parameters`` and cites the
rules it adopts. A house variant is therefore one small YAML file loaded with
:func:`load_game`; the engine reads every rule-dependent choice from :class:`Ruleset`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from fives_engine.errors import RulesetError
from fives_engine.layout import Layout


@dataclass(frozen=True)
class Citation:
    file: str
    heading: str
    quote: str = ""

    def __str__(self) -> str:
        return f"{self.file} § {self.heading}"


@dataclass(frozen=True)
class Rule:
    id: str
    statement: str
    cite: Citation
    interpretation: str | None = None


@dataclass(frozen=True)
class Score:
    """A play's score: raw points, and display points where the game keeps them."""

    raw: int
    display: int | None

    def __str__(self) -> str:
        return f"{self.raw} raw" + ("" if self.display is None else f" ({self.display} display)")


@dataclass(frozen=True)
class Ruleset:
    """One game's parameters and rules; immutable, shared by every state of the game."""

    name: str
    title: str
    source: str
    parameters: Mapping[str, Any]
    rules: Mapping[str, Rule] = field(repr=False)

    @property
    def spinners(self) -> str:
        return str(self.parameters["spinners"])

    @property
    def score_unit(self) -> str:
        return str(self.parameters["score_unit"])

    @property
    def raw_per_display(self) -> int:
        return int(self.parameters["raw_per_display"])

    def play_score(self, total: int) -> Score:
        """Score of a play whose scoring ends total ``total`` (rule score.play.multiple-of-five)."""
        raw = total if total > 0 and total % 5 == 0 else 0
        display = raw // self.raw_per_display if self.score_unit == "display" else None
        return Score(raw, display)

    def new_layout(self) -> Layout:
        return Layout(self.spinners)


def _games_dir() -> Path:
    return Path(str(resources.files("fives_spec"))) / "games"


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise RulesetError(f"{path}: not valid YAML: {exc}") from None
    if not isinstance(data, dict) or "name" not in data:
        raise RulesetError(f"{path}: a game document is a mapping with a 'name'")
    return data


def _merge(
    path: Path, seen: tuple[str, ...] = ()
) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, Any]]:
    """Parameters, rule entries and top fields of a document, with its `extends` chain applied."""
    doc = _read(path)
    parent_name = doc.get("extends")
    if parent_name is None:
        params: dict[str, Any] = {}
        rules: dict[str, dict[str, Any]] = {}
    else:
        if parent_name in seen:
            raise RulesetError(f"{path}: 'extends' loops through {parent_name!r}")
        parent = _games_dir() / f"{parent_name}.yaml"
        if not parent.exists():
            raise RulesetError(f"{path}: field 'extends': no game document named {parent_name!r}")
        params, rules, _ = _merge(parent, (*seen, doc["name"]))
    params = {**params, **(doc.get("parameters") or {})}
    for rule_id, entry in (doc.get("rules") or {}).items():
        if not isinstance(entry, dict):
            raise RulesetError(f"{path}: rules.{rule_id}: expected a mapping")
        rules[rule_id] = {**rules.get(rule_id, {}), **entry}
        if "cite" in entry and "file" not in entry["cite"]:
            rules[rule_id]["cite"] = {"file": doc.get("source", ""), **entry["cite"]}
    return params, rules, doc


def load_game(path: str | Path) -> Ruleset:
    """Load a game document (a built-in game or a house variant file)."""
    path = Path(path)
    params, entries, doc = _merge(path)
    if doc.get("abstract"):
        raise RulesetError(f"{path}: {doc['name']!r} is an abstract base, not a playable game")
    rules = {}
    for rule_id, entry in entries.items():
        if "cite" not in entry:
            continue  # a base statement this game does not adopt
        cite = entry["cite"]
        if "statement" not in entry or not cite.get("file") or not cite.get("heading"):
            raise RulesetError(
                f"{path}: rules.{rule_id}: needs a statement and cite.file/cite.heading"
            )
        rules[rule_id] = Rule(
            rule_id,
            " ".join(str(entry["statement"]).split()),
            Citation(cite["file"], cite["heading"], cite.get("quote", "")),
            entry.get("interpretation"),
        )
    return Ruleset(doc["name"], doc.get("title", doc["name"]), doc.get("source", ""), params, rules)


@functools.cache
def find_game(name: str) -> Ruleset:
    """The built-in game named ``name`` (``five-up``, ``exact-61``, ``all-fives``)."""
    path = _games_dir() / f"{name}.yaml"
    if not path.exists() or name == "base":
        raise RulesetError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return load_game(path)


@functools.cache
def _game_names() -> tuple[str, ...]:
    names = []
    for path in sorted(_games_dir().glob("*.yaml")):
        if not _read(path).get("abstract"):
            names.append(path.stem)
    order = {"five-up": 0, "exact-61": 1, "all-fives": 2}
    return tuple(sorted(names, key=lambda n: (order.get(n, 9), n)))


def game_names() -> list[str]:
    """The built-in games: Five Up, Exact 61, All Fives, then any other document."""
    return list(_game_names())


def base_rules() -> dict[str, dict[str, Any]]:
    """Every rule statement of the family (for coverage checks and documents)."""
    return dict(_merge(_games_dir() / "base.yaml")[1])
