"""What a game's rule book contains, gathered from ``spec/``, ``fixtures/`` and ``features/``.

The writers (HTML, Markdown) only lay this out. Layout facts shown with a diagram come
from the engine replaying the fixture's plays, exactly as the picture does, so text and
picture cannot disagree; everything else is the spec's and the fixtures' own text.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from fives_engine import Rule, Ruleset, find_game
from fives_tools.book.groups import Group, grouped
from fives_tools.book.hands import PARTS
from fives_tools.book.learn import learn_parts
from fives_tools.book.names import case_anchor
from fives_tools.book.parts import Part
from fives_tools.book.settlement import section_parts
from fives_tools.certify.cases import Case
from fives_tools.render import caption, draw
from fives_tools.render.inputs import example_id, from_case
from fives_tools.render.tally import tally_svg
from fives_tools.translations import english, translations

#: The heading under which the Chinese sources describe the optional paper tally.
TALLY_HEADING = "可选的纸面记分"

EXAMPLES_NOTE = (
    "Every example of the suite for this game, drawn from the fixture's plays: tiles with "
    "their pips, doubles crosswise, spinners outlined in orange (an outline, not a score); "
    "each counted scoring end is a solid disc with the value it contributes, each attach "
    "point that does not score a hollow dot; a dashed line (rare, on long layouts) joins a "
    "tile set further out for room to the tile it touches in play. The caption is the "
    "play's score arithmetic. "
    "The turn-flow, settlement and match examples give the fixture's deal, actions and "
    "remaining hands, the events and scores it expects, and its worked arithmetic; the "
    "table at the end of each hand is drawn from the engine replaying the same actions."
)

SETTLEMENT_NOTE = (
    "At the end of a hand the remaining tiles are counted. The remainder table shows how "
    "remaining pips are rounded, through every hand the settlement and match examples "
    "round (each linked to its example); then the settlement examples side by side. "
    "The worked examples are under Documented examples."
)


@dataclass(frozen=True)
class Example:
    """One documented example: a fixture under one game, with its picture for a layout.

    ``cases`` are the fixture's cases under the game, one per capability level.
    """

    cases: tuple[Case, ...]
    anchor: str
    svg: str | None = None
    caption: str | None = None
    attach_points: tuple[str, ...] = ()
    scoring_ends: tuple[str, ...] = ()
    parts: tuple[Part, ...] = ()  #: how a turns, settlement or match example is told

    @property
    def case(self) -> Case:
        return self.cases[0]

    @property
    def id(self) -> str:
        return example_id(self.case)

    @property
    def capabilities(self) -> list[str]:
        return [c.capability for c in self.cases if c.capability]

    @property
    def expect(self) -> dict[str, Any]:
        """The fixture's expectation for the game, all capability levels together."""
        merged: dict[str, Any] = {}
        for case in self.cases:
            merged.update(case.expect)
        return merged


@dataclass(frozen=True)
class Tally:
    raw: int
    display: int
    svg: str
    about: str  #: where the score comes from: a play score, the target, a score after ...


@dataclass(frozen=True)
class Book:
    game: str
    ruleset: Ruleset
    source: dict[str, Any]
    sections: dict[str, str]
    examples: tuple[Example, ...]
    interpretations: tuple[dict[str, Any], ...]
    coverage: dict[str, list[str]]
    tallies: tuple[Tally, ...]
    languages: dict[str, str]
    settlement: tuple[Part, ...] = ()  #: the settlement section (rounding, examples)
    learn: tuple[Part, ...] = ()  #: the "Learn to play" chapter that opens the book
    translations: dict[str, str] = field(default_factory=dict)  #: quotation -> English
    #: the seed files of this game: a book cites only its own game's source (a fixture of
    #: All Fives may also cite Five Up's sentence on the same point, for the suite's sake)
    own_files: frozenset[str] = frozenset()

    def own(self, sources: Any) -> list[dict[str, Any]]:
        """Of ``sources``, those in this game's own seed files."""
        return [s for s in sources if str(s.get("file")) in self.own_files]

    def number(self, ex: Example) -> int:
        """The example's number in the book (Example 1, 2, ...), in reading order."""
        return self.examples.index(ex) + 1

    def english(self, quote: str) -> str:
        """The English rendering of a source quotation (:func:`.translations.english`)."""
        return english(quote, self.translations)

    def language_of(self, file: str) -> str:
        """The language tag of a seed file's text ("und" when unknown)."""
        return self.languages.get(file, "und")

    @property
    def title(self) -> str:
        return self.ruleset.title

    @property
    def rules(self) -> list[Rule]:
        return list(self.ruleset.rules.values())

    def coverage_rows(self) -> list[tuple[str, list[str], list[str]]]:
        """(rule ID, case IDs, scenario places with a count of outline rows) per rule."""
        rows = []
        for rule_id, refs in self.coverage.items():
            # a fixture is one example, whichever capability levels check the rule
            cases = list(
                dict.fromkeys(r.split("#")[0] for r in refs if not r.startswith("scenario "))
            )
            places = Counter(r.removeprefix("scenario ") for r in refs if r.startswith("scenario "))
            scenarios = [p if n == 1 else f"{p} ×{n}" for p, n in places.items()]
            rows.append((rule_id, cases, scenarios))
        return rows

    @property
    def entries(self) -> list[Example | Group]:
        """The examples in reading order, the near-identical ones as one group each."""
        return grouped(self.examples)

    @property
    def has_tally(self) -> bool:
        return bool(self.tallies)

    @property
    def tally_note(self) -> str:
        per = self.ruleset.raw_per_display
        return (
            f"From {self.ruleset.source} § {TALLY_HEADING}: one stroke records {per} raw "
            f"(1 display point); a big X with a small x in each of its four spaces is a block "
            f"of {10 * per} raw (10 display). A block is drawn big X first, then the small x's "
            "in the top, right, bottom and left spaces. Shown for the play scores of the "
            "documented examples and for the target."
        )


def _spec_dir() -> Path:
    return Path(str(resources.files("fives_spec")))


@functools.cache
def _spec(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((_spec_dir() / name).read_text("utf-8"))
    return data


def tally_per(ruleset: Ruleset, source: dict[str, Any]) -> int | None:
    """Raw points per tally stroke, or None if the game's source keeps no paper tally."""
    if TALLY_HEADING not in source.get("headings", []) or ruleset.score_unit != "display":
        return None
    return ruleset.raw_per_display


def example(cases: tuple[Case, ...], per: int | None = None) -> Example:
    """A fixture's cases under one game: the diagram and layout facts of a layout, the
    tables and drawings of the other kinds (with the tally of scores, stroke ``per`` raw)."""
    case = cases[0]
    anchor = case_anchor(case)
    if case.kind in PARTS:
        return Example(cases, anchor, parts=tuple(PARTS[case.kind](case, anchor, per)))
    subject = from_case(case)
    layout, ruleset = subject.layout, subject.ruleset
    if not layout.tiles:  # the empty layout (``plays: []``): its facts, and nothing to draw
        return Example(cases, anchor)
    svg = draw(layout, ruleset, "svg", name=subject.name, label="none").decode("utf-8")
    return Example(
        cases,
        anchor,
        svg,
        caption(layout, ruleset),
        tuple(str(p) for p in layout.attach_points()),
        tuple(str(e) for e in layout.scoring_ends()),
    )


def _sample_scores(ruleset: Ruleset, examples: list[Example]) -> dict[int, list[str]]:
    """Scores worth a tally, and where each comes from."""
    found: dict[int, list[str]] = {}
    for ex in examples:
        if ex.case.kind == "layout" and "score" in ex.expect:
            found.setdefault(int(ex.expect["score"]["raw"]), []).append("a play score")
        elif ex.case.kind in ("settlement", "match"):
            for score in ex.expect.get("scores", []):
                found.setdefault(int(score), []).append(f"after a {ex.case.kind} example")
    target = ruleset.parameters.get("target", {})
    if isinstance(target, dict) and "raw" in target:
        found.setdefault(int(target["raw"]), []).append("the target")
    return found


def _tallies(ruleset: Ruleset, per: int | None, examples: list[Example]) -> list[Tally]:
    """The tally of the examples' scores and of the target, if the source keeps one."""
    if per is None:
        return []
    out = []
    for raw, about in sorted(_sample_scores(ruleset, examples).items()):
        if raw > 0 and raw % per == 0:
            label = f"{raw} raw = {raw // per} display"
            about_text = ", ".join(dict.fromkeys(about))
            out.append(Tally(raw, raw // per, tally_svg(raw, per, label), about_text))
    return out


@functools.cache
def _source_text(file: str) -> str:
    path = _spec_dir() / "sources" / file
    return path.read_text("utf-8") if path.is_file() else ""


def _diagram_place(case: Case) -> int | None:
    """Where the case's source diagram stands in its source, if it has one."""
    for source in case.sources:
        if source.get("diagram"):
            return _source_text(str(source["file"])).find(str(source["diagram"]))
    return None


def _build_up(cases: list[Case]) -> dict[str, tuple[int, int, int]]:
    """The source diagrams in the sources' build-up of each layout ([1|4], then [1|1] on
    it, then [4|4], ...): layouts in the order the source first shows them, each by its
    number of plays. They open their section; other examples keep their order after them."""
    first: dict[str, int] = {}
    placed = {c.fixture_id: _diagram_place(c) for c in cases}
    for case in cases:
        where = placed[case.fixture_id]
        if where is not None and case.request.get("plays"):
            lead = str(case.request["plays"][0])
            first[lead] = min(first.get(lead, where), where)
    out = {}
    for case in cases:
        where = placed[case.fixture_id]
        if where is not None and case.request.get("plays"):
            plays = case.request["plays"]
            out[case.fixture_id] = (first[str(plays[0])], len(plays), where)
    return out


def _section_order(sections: dict[str, str]) -> dict[str, int]:
    """Examples read in the order of the registry's sections: layout, turns, settlement..."""
    return {name: i for i, name in enumerate(sections)}


def build_book(game: str, cases: list[Case], coverage: dict[str, list[str]]) -> Book:
    """The book of ``game`` from the suite's cases and the coverage matrix row of the game."""
    ruleset = find_game(game)
    sources = _spec("sources.yaml")["sources"]
    source = dict(sources.get(ruleset.source, {}))
    sections = dict(_spec("tags.yaml").get("sections", {}))
    groups: dict[str, list[Case]] = {}
    for case in cases:
        if case.game == game:
            groups.setdefault(example_id(case), []).append(case)
    order = _section_order(sections)
    build_up = _build_up([g[0] for g in groups.values()])
    ordered = sorted(
        groups.values(),
        key=lambda g: (
            order.get(g[0].section, len(order)),
            g[0].fixture_id not in build_up,
            build_up.get(g[0].fixture_id, (0, 0, 0)),
        ),
    )
    per = tally_per(ruleset, source)
    examples = [example(tuple(group), per) for group in ordered]
    interpretations = tuple(
        {**i, **i.get("in_game", {}).get(game, {})}  # the game's own words, where it has them
        for i in _spec("interpretations.yaml")["interpretations"]
        if game in i.get("games", [])
    )
    settled = [(ex.case, ex.anchor) for ex in examples if ex.case.kind in ("settlement", "match")]
    return Book(
        game=game,
        ruleset=ruleset,
        source=source,
        sections=sections,
        examples=tuple(examples),
        interpretations=interpretations,
        coverage=coverage,
        tallies=tuple(_tallies(ruleset, per, examples)),
        languages={file: str(entry.get("language", "und")) for file, entry in sources.items()},
        settlement=tuple(section_parts(ruleset, settled)),
        learn=tuple(
            learn_parts(ruleset, _spec("learn.yaml"), cases, str(source.get("language", "und")))
        ),
        translations=translations(),
        own_files=frozenset(f for f, entry in sources.items() if entry.get("game") == game),
    )
