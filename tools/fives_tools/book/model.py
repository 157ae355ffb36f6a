"""What a game's rule book contains, gathered from ``spec/``, ``fixtures/`` and ``features/``.

The writers (HTML, Markdown) only lay this out. Layout facts shown with a diagram come
from the engine replaying the fixture's plays, exactly as the picture does, so text and
picture cannot disagree; everything else is the spec's and the fixtures' own text.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from fives_engine import Rule, Ruleset, find_game
from fives_tools.cases import Case
from fives_tools.render import caption, draw
from fives_tools.render.inputs import example_id, from_case
from fives_tools.render.tally import tally_svg

#: The heading under which the Chinese sources describe the optional paper tally.
TALLY_HEADING = "可选的纸面记分"

EXAMPLES_NOTE = (
    "Every example of the suite for this game, drawn from the fixture's plays: tiles with "
    "their pips, doubles crosswise, spinners outlined in orange (an outline, not a score); "
    "each counted scoring end is a solid disc with the value it contributes, each attach "
    "point that does not score a hollow dot. The caption is the play's score arithmetic."
)


def value_text(value: Any) -> str:
    """A parameter or expectation value as one line of plain text."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {value_text(v)}" for k, v in value.items()) or "(none)"
    if isinstance(value, list):
        return ", ".join(value_text(v) for v in value)
    return str(value)


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


def case_anchor(case: Case) -> str:
    """The HTML id of a case inside its game's book."""
    return "case-" + case.fixture_id.replace("/", "-")


def rule_anchor(rule_id: str) -> str:
    return f"rule-{rule_id}"


def interpretation_anchor(interpretation_id: str) -> str:
    return f"interpretation-{interpretation_id}"


def example(cases: tuple[Case, ...]) -> Example:
    """A fixture's cases under one game, with the diagram and layout facts of a layout."""
    case = cases[0]
    anchor = case_anchor(case)
    if case.kind != "layout":
        return Example(cases, anchor)
    subject = from_case(case)
    layout, ruleset = subject.layout, subject.ruleset
    svg = draw(layout, ruleset, "svg", name=subject.name, label="none").decode("utf-8")
    return Example(
        cases,
        anchor,
        svg,
        caption(layout, ruleset),
        tuple(str(p) for p in layout.attach_points()),
        tuple(str(e) for e in layout.scoring_ends()),
    )


def _tallies(ruleset: Ruleset, source: dict[str, Any], examples: list[Example]) -> list[Tally]:
    """The tally of the examples' play scores and of the target, if the source keeps one."""
    if TALLY_HEADING not in source.get("headings", []) or ruleset.score_unit != "display":
        return []
    per = ruleset.raw_per_display
    scores = set()
    for ex in examples:
        if ex.case.kind == "layout" and "score" in ex.expect:
            scores.add(int(ex.expect["score"]["raw"]))
    target = ruleset.parameters.get("target", {})
    if isinstance(target, dict) and "raw" in target:
        scores.add(int(target["raw"]))
    return [
        Tally(raw, raw // per, tally_svg(raw, per, f"{raw} raw = {raw // per} display"))
        for raw in sorted(s for s in scores if s > 0 and s % per == 0)
    ]


def build_book(game: str, cases: list[Case], coverage: dict[str, list[str]]) -> Book:
    """The book of ``game`` from the suite's cases and the coverage matrix row of the game."""
    ruleset = find_game(game)
    sources = _spec("sources.yaml")["sources"]
    source = dict(sources.get(ruleset.source, {}))
    groups: dict[str, list[Case]] = {}
    for case in cases:
        if case.game == game:
            groups.setdefault(example_id(case), []).append(case)
    examples = [example(tuple(group)) for group in groups.values()]
    interpretations = tuple(
        i for i in _spec("interpretations.yaml")["interpretations"] if game in i.get("games", [])
    )
    return Book(
        game=game,
        ruleset=ruleset,
        source=source,
        sections=dict(_spec("tags.yaml").get("sections", {})),
        examples=tuple(examples),
        interpretations=interpretations,
        coverage=coverage,
        tallies=tuple(_tallies(ruleset, source, examples)),
        languages={file: str(entry.get("language", "und")) for file, entry in sources.items()},
    )
