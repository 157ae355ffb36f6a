"""Layout pictures as DOT: golden files for every documented diagram, and what they show.

Regenerate the golden files after an intended change to the pictures with
``python tests/golden_render.py`` (from the repository root), then look at
the diff and at a few PNGs before committing them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from golden_render import documented, golden_dot, golden_name

from fives_engine import Layout, find_game
from fives_tools.certify.cases import Case, load_cases, read_fixture
from fives_tools.render import RenderError, caption, to_dot
from fives_tools.render.dot import ORANGE
from fives_tools.render.inputs import example_id, first_per_example, from_case

GOLDEN = Path(__file__).resolve().parent / "golden" / "render"
REGEN = "python tests/golden_render.py"
CASES = first_per_example(load_cases())
DOCUMENTED = documented(CASES)


def _fixture(case: Case) -> dict[str, Any]:
    return read_fixture(case.path)


def test_every_source_diagram_is_documented() -> None:
    """The eleven diagrams of the Chinese sources under both their games, and the replays."""
    source_diagrams = {c.fixture_id for c in DOCUMENTED if any("diagram" in s for s in c.sources)}
    assert len(source_diagrams) == 11
    assert {c.game for c in DOCUMENTED} == {"five-up", "exact-61", "all-fives"}
    assert len(DOCUMENTED) == 33


@pytest.mark.parametrize("case", DOCUMENTED, ids=example_id)
def test_dot_matches_its_golden_file(case: Case) -> None:
    path = GOLDEN / golden_name(case)
    assert path.exists(), f"no golden file {path}; run `{REGEN}`"
    assert golden_dot(case) == path.read_text("utf-8"), (
        f"the DOT of {case.id} changed; if intended, run `{REGEN}` and review the diff"
    )


def test_no_golden_file_is_stale() -> None:
    expected = {golden_name(c) for c in DOCUMENTED}
    present = {p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*.dot")}
    assert present == expected, f"stale or missing golden files; run `{REGEN}`"


def test_dot_is_deterministic_across_fresh_layouts() -> None:
    case = next(c for c in DOCUMENTED if example_id(c) == "five-up/layout/diagram-0-5")
    assert golden_dot(case) == golden_dot(case)
    subject = from_case(case)
    assert to_dot(subject.layout.copy(), subject.ruleset, name=example_id(case)) == golden_dot(case)


@pytest.mark.parametrize("case", DOCUMENTED, ids=example_id)
def test_the_picture_shows_the_layouts_facts(case: Case) -> None:
    """Every tile once, spinners in orange, one solid number per scoring end with its value,
    and a hollow dot for each attach point that does not score."""
    subject = from_case(case)
    layout = subject.layout
    dot = to_dot(layout, subject.ruleset, name=example_id(case), label="caption")
    for tile in layout.tiles:
        (line,) = [x for x in dot.splitlines() if x.strip().startswith(f'"{tile}" [')]
        assert (f'color="{ORANGE}"' in line) == (tile in layout.spinners), line
    badges = re.findall(r'"(\[\d\|\d\]: \d+) \(scoring end\)" \[label=(\d+)', dot)
    assert sorted(b for b, _ in badges) == sorted(str(e) for e in layout.scoring_ends())
    assert all(name.endswith(f": {value}") for name, value in badges)
    hollow = re.findall(r'"(\[\d\|\d\] \([^)]*\)) \(attach point\)"', dot)
    assert set(hollow) <= {str(p) for p in layout.attach_points()}
    # each scoring end of these diagrams sits at an open place; the other places are hollow
    assert len(hollow) == len(layout.attach_points()) - len(badges)


@pytest.mark.parametrize(
    ("case_id", "text"),
    [
        ("five-up/layout/diagram-1-5", "2 + 5 + 3 = 10 -> 10 raw (2 display)"),
        ("exact-61/layout/diagram-1-3", "0 + 2 + 3 + 3 = 8 -> 0 raw (0 display)"),
        ("five-up/layout/diagram-2-2", "4 = 4 -> 0 raw (0 display)"),
        ("all-fives/layout/all-fives-diagram-1-5", "2 + 5 + 3 = 10 -> 10 raw"),
    ],
)
def test_caption_is_the_plays_score_arithmetic(case_id: str, text: str) -> None:
    subject = from_case(next(c for c in CASES if example_id(c) == case_id))
    assert caption(subject.layout, subject.ruleset) == text
    assert text.replace(">", "&gt;") in to_dot(subject.layout, subject.ruleset)


@pytest.mark.parametrize(
    "case",
    [c for c in CASES if c.kind == "layout" and "arithmetic" in _fixture(c)["expect"]],
    ids=example_id,
)
def test_caption_writes_the_sum_as_the_fixture_does(case: Case) -> None:
    expect = _fixture(case)["expect"]
    assert isinstance(expect, dict)
    subject = from_case(case)
    assert caption(subject.layout, subject.ruleset).startswith(f"{expect['arithmetic']} -> ")


def test_an_empty_layout_cannot_be_drawn() -> None:
    with pytest.raises(RenderError, match="nothing to draw"):
        to_dot(Layout(), find_game("five-up"))


def test_an_unknown_label_is_named() -> None:
    layout = Layout.from_plays(["[1|4]"])
    with pytest.raises(RenderError, match="unknown label 'big'"):
        to_dot(layout, find_game("five-up"), label="big")
