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
    """One rule of a game document: its ID, its statement, the source it is cited from,
    and the interpretations its statement depends on, if any (a statement may rest on more
    than one reading). A ``note`` keeps on record a question the sources seemed to leave
    open and how they answer it, with the sentences it rests on."""

    id: str
    statement: str
    cite: Citation
    interpretations: tuple[str, ...] = ()
    note: str = ""
    note_cites: tuple[Citation, ...] = ()
    #: the rule's short name, as a reader names it (the books show it, the ID beneath)
    title: str = ""

    @property
    def interpretation(self) -> str | None:
        """The first interpretation the rule depends on: a rule with any is a reading."""
        return self.interpretations[0] if self.interpretations else None


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

    # -- the table: players, partnerships, deals -------------------------------------------
    @property
    def players(self) -> tuple[int, ...]:
        """The player counts the game is played with."""
        return tuple(int(n) for n in self.parameters["players"])

    def partnerships(self, players: int) -> str | None:
        """``fixed`` (partners always), ``optional`` (partners or alone) or None (alone)."""
        value = (self.parameters.get("partnerships") or {}).get(players)
        return None if value is None else str(value)

    @property
    def deal_options(self) -> tuple[str, ...]:
        """The names of the alternative deals the game allows (may be empty)."""
        return tuple(self.parameters.get("deal_options") or {})

    def deal_size(self, players: int, option: str | None = None) -> int:
        """Tiles dealt to each player: the game's deal, or the named alternative deal."""
        table = self.parameters["deal"] if option is None else self.deal_option(option)
        if players not in table:
            raise RulesetError(f"{self.name}: no deal for {players} players")
        return int(table[players])

    def deal_option(self, option: str) -> Mapping[int, int]:
        options = self.parameters.get("deal_options") or {}
        if option not in options:
            known = ", ".join(options) or "none"
            raise RulesetError(f"{self.name}: unknown deal option {option!r} (known: {known})")
        table: Mapping[int, int] = options[option]
        return table

    # -- the match: target and how it is checked ----------------------------------------------
    def target(self, players: int) -> int:
        """The target in raw points for ``players`` players."""
        table = self.parameters["target"]
        return int(table["raw"] if "raw" in table else table[players])

    @property
    def target_check(self) -> str:
        """``after-settlement``, ``exact-every-event`` or ``immediate``."""
        return str(self.parameters["target_check"])

    @property
    def overshoot(self) -> str:
        """``allowed``, or ``discard-event`` (an event passing the target is discarded)."""
        return str(self.parameters["overshoot"])

    @property
    def settlement(self) -> str:
        """How a finished hand is settled (``deduct-each-hand``, ``exact-61-differences`` ...)."""
        return str(self.parameters["settlement"])

    @property
    def tie_at_target(self) -> str:
        """``play-on`` (a tie at the top plays further hands) or ``not-applicable``."""
        return str(self.parameters["tie_at_target"])

    def display(self, raw: int) -> int | None:
        """Display points of ``raw`` in games that keep them, else None."""
        return raw // self.raw_per_display if self.score_unit == "display" else None

    def play_score(self, total: int) -> Score:
        """Score of a play whose scoring ends total ``total`` (rule score.play.multiple-of-five)."""
        raw = self.play_raw(total)
        return Score(raw, self.display(raw))

    @staticmethod
    def play_raw(total: int) -> int:
        """Raw points of a play: the total when it is a positive multiple of 5, else 0."""
        return total if total > 0 and total % 5 == 0 else 0

    def new_layout(self) -> Layout:
        return Layout(self.spinners)


def _games_dir() -> Path:
    return Path(str(resources.files("fives_spec"))) / "games"


#: libyaml's parser where PyYAML was built with it: the same documents, ten times faster
#: (an adapter process reads every game document when it starts).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read(path: Path) -> dict[str, Any]:
    """The document at ``path``, parsed once per process while the file stays the same
    (its size and modification time): listing the games reads every document, and each
    game reads its own and the base again. Callers only read it."""
    stat = path.stat()
    return _parse(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=64)
def _parse(path: Path, mtime_ns: int, size: int) -> dict[str, Any]:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
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
        if isinstance(entry.get("note"), dict):
            sources = entry["note"].get("sources") or []
            rules[rule_id]["note"] = {
                **entry["note"],
                "sources": [{"file": doc.get("source", ""), **c} for c in sources],
            }
    return params, rules, doc


def _interpretations(path: Path, rule_id: str, value: Any) -> tuple[str, ...]:
    """A rule's ``interpretation``: one ID, or a list when its statement rests on several."""
    ids = [value] if isinstance(value, str) else value
    if ids is None:
        return ()
    if not isinstance(ids, list) or not all(isinstance(i, str) and i for i in ids):
        raise RulesetError(
            f"{path}: rules.{rule_id}.interpretation: expected an interpretation ID or a list"
            " of them"
        )
    return tuple(ids)


#: the keys of a rule's ``cite``; any other is refused (spec/schemas/game.schema.json)
_CITE_KEYS = frozenset({"file", "heading", "quote"})


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
        stray = sorted(str(key) for key in set(cite) - _CITE_KEYS)
        if stray:
            raise RulesetError(
                f"{path}: rules.{rule_id}.cite: unknown key {stray[0]!r} (expected file, "
                "heading, quote; an unquoted quote with a comma in a {...} mapping is cut "
                "there: quote it)"
            )
        if "statement" not in entry or not cite.get("file") or not cite.get("heading"):
            raise RulesetError(
                f"{path}: rules.{rule_id}: needs a statement and cite.file/cite.heading"
            )
        note = entry.get("note") or {}
        if note and (not isinstance(note, dict) or not note.get("text")):
            raise RulesetError(f"{path}: rules.{rule_id}.note: expected a mapping with a 'text'")
        rules[rule_id] = Rule(
            rule_id,
            " ".join(str(entry["statement"]).split()),
            Citation(cite["file"], cite["heading"], cite.get("quote", "")),
            _interpretations(path, rule_id, entry.get("interpretation")),
            " ".join(str(note.get("text", "")).split()),
            tuple(Citation(c["file"], c["heading"], c["quote"]) for c in note.get("sources", [])),
            " ".join(str(entry.get("title", "")).split()),
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
