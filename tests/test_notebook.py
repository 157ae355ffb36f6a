"""The pictures a notebook shows: ``_repr_svg_`` of the layout, a hand and a match.

They need Graphviz's ``neato``, as the other drawing tests do.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from fives_engine import HandState, Layout, MatchState, Ruleset, Score, Setup, display, find_game
from fives_tools.certify.cases import load_cases
from fives_tools.cli import main
from fives_tools.render import draw
from fives_tools.render.inputs import example_id, from_case
from fives_tools.render.notebook import svg_of  # registers the drawer in this process

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent


#: The picture drawer pyproject.toml declares for the engine to find (tests/test_packaging.py
#: checks the declaration).
DRAWER = {"fives_tools": "fives_tools.render.notebook:svg_of"}


def _fresh_python(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``code`` run by a new interpreter that sees :data:`DRAWER` as an installed entry
    point (a distribution's metadata on its path, as pip writes it)."""
    meta = tmp_path / "site" / "fives_pictures-0.dist-info"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: fives-pictures\nVersion: 0\n")
    points = "".join(f"{name} = {target}\n" for name, target in DRAWER.items())
    (meta / "entry_points.txt").write_text(f"[{display.GROUP}]\n{points}", "utf-8")
    path = os.pathsep.join(p for p in (str(meta.parent), os.environ.get("PYTHONPATH")) if p)
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={**os.environ, "PYTHONPATH": path},
    )


def _played(game: str, players: int, seed: int, actions: int) -> MatchState:
    """A seeded match after its first ``actions`` legal actions (the first listed each time)."""
    ruleset = find_game(game)
    match = MatchState.seeded(ruleset, Setup.of(ruleset, players), seed)
    for _ in range(actions):
        match.apply_action(match.legal_actions()[0])
    return match


def _scored(hand: HandState) -> int:
    return sum(1 for e in hand.events if e.kind == "play" and e["raw"])


def _first_hand_where(ruleset: Ruleset, wanted: Callable[[HandState], bool]) -> HandState:
    """The first state, over seeded three-player matches, of a first hand that is ``wanted``."""
    for seed in range(100):
        match = MatchState.seeded(ruleset, Setup.of(ruleset, 3), seed)
        hand = match.hand
        assert hand is not None
        while not hand.is_terminal:
            if wanted(hand):
                return hand
            match.apply_action(match.legal_actions()[0])
    raise AssertionError("no seed under 100 reaches the state looked for")


def _texts(root: ET.Element) -> list[str]:
    """The lines of text above the table (the composed picture's own, not the table's)."""
    group = root.find(f"{SVG}g")
    assert group is not None
    return ["".join(t.itertext()) for t in group.iter(f"{SVG}text")]


def _drawing(root: ET.Element) -> list[tuple[str, list[tuple[str, str]], str]]:
    """Every element under ``root`` as (tag, attributes but ids, text): the picture itself,
    whatever its size attributes and however its ids are prefixed."""
    return [
        (el.tag, sorted((k, v) for k, v in el.attrib.items() if k != "id"), (el.text or "").strip())
        for el in list(root.iter())[1:]
    ]


def _table(root: ET.Element) -> ET.Element:
    nested = root.findall(f"{SVG}svg")
    assert len(nested) == 1
    return nested[0]


def test_a_layout_shows_as_the_renderer_draws_it() -> None:
    case = next(c for c in load_cases() if example_id(c) == "five-up/layout/diagram-1-5")
    layout = from_case(case).layout
    svg = layout._repr_svg_()
    root = ET.fromstring(svg)
    titles = {t.text for t in root.iter(f"{SVG}title")}
    assert layout.tiles and {str(t) for t in layout.tiles} <= titles
    assert svg == draw(layout, None, "svg").decode("utf-8")
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "2 + 5 + 3 = 10" in texts  # the sum; the score is the game's, which a layout lacks
    assert not any(t and "raw" in t for t in texts)


def test_the_empty_layout_is_a_line_of_text() -> None:
    root = ET.fromstring(Layout()._repr_svg_())
    assert _texts(root) == ["the empty layout: any tile may lead"]
    assert root.find(f"{SVG}svg") is None


def test_a_hand_shows_its_table_turn_hands_boneyard_and_points(tmp_path: Path) -> None:
    ruleset = find_game("five-up")
    hand = _first_hand_where(ruleset, lambda h: h.drawn is not None and _scored(h) >= 2)
    root = ET.fromstring(hand._repr_svg_())
    lines = _texts(root)
    assert lines[0] == (
        f"{ruleset.title}: seat {hand.current_player} to act, who must play {hand.drawn},"
        " just drawn"
    )
    made = [0] * hand.players
    for event in hand.events:
        if event.kind == "play":
            made[event["seat"]] += event["raw"]
    for seat, held in enumerate(hand.hands):
        line = next(line for line in lines if f"seat {seat}: " in line)
        assert " ".join(map(str, held)) in line and f"{len(held)} tile" in line
        assert f"plays scored {Score(made[seat], ruleset.display(made[seat]))}" in line
        assert line.startswith("▶") == (seat == hand.current_player)
    assert f"boneyard: {len(hand.boneyard)} tiles" in lines
    # the table is the picture `fives render` draws of the same plays, under the same game
    out = tmp_path / "table.svg"
    plays = " ".join(p.text for p in hand.layout.plays)
    assert main(["render", "--plays", plays, "--game", "five-up", "-o", str(out)]) == 0
    table = _table(root)
    assert _drawing(table) == _drawing(ET.parse(out).getroot())
    tiles = {t.text for t in table.iter(f"{SVG}title")}
    assert {str(t) for t in hand.layout.tiles} <= tiles


def test_a_finished_hand_says_how_it_ended() -> None:
    ruleset = find_game("all-fives")
    match = MatchState.seeded(ruleset, Setup.of(ruleset, 2), 5)
    hand = match.hand
    while hand is not None and not hand.is_terminal:
        match.apply_action(match.legal_actions()[0])
    assert hand is not None
    first = _texts(ET.fromstring(hand._repr_svg_()))[0]
    ending = "blocked" if hand.blocked else f"seat {hand.went_out} went out"
    assert first == f"{ruleset.title}: the hand is over: {ending}"


def test_a_match_adds_the_score_by_side_to_its_hands_picture() -> None:
    match = _played("five-up", 4, seed=3, actions=12)
    assert match.hand is not None and match.setup.partnerships
    root = ET.fromstring(match._repr_svg_())
    lines = _texts(root)
    target = Score(match.setup.target, match.ruleset.display(match.setup.target))
    assert lines[0] == f"{match.ruleset.title} match to {target}"
    for side, raw in enumerate(match.scores):
        seats = " & ".join(map(str, match.setup.seats_of(side)))
        assert f"side {side} (seats {seats}): {Score(raw, match.ruleset.display(raw))}" in lines
    hand_lines = _texts(ET.fromstring(match.hand._repr_svg_()))
    assert lines[-len(hand_lines) + 1 :] == hand_lines[1:]  # the hand's own lines follow
    assert _drawing(_table(root)) == _drawing(_table(ET.fromstring(match.hand._repr_svg_())))


def test_a_match_waiting_for_its_first_deal_shows_its_score() -> None:
    ruleset = find_game("exact-61")
    match = MatchState(ruleset, Setup.of(ruleset, 2), scores=[20, 35])
    lines = _texts(ET.fromstring(match._repr_svg_()))
    assert "seat 1: 35 raw (7 display)" in lines and lines[-1] == "hand 1 waits for its deal"


def test_the_engine_imports_without_the_renderer_and_says_what_drawing_needs(
    tmp_path: Path,
) -> None:
    """The engine never imports fives_tools on import; a picture without it is one clear error."""
    code = (
        "import sys\n"
        "import fives_engine\n"
        "assert not any(m.startswith('fives_tools') for m in sys.modules), 'imported'\n"
        "sys.modules['fives_tools'] = None  # as if the tools were not installed\n"
        "layout = fives_engine.Layout.from_plays(['[1|4]'])\n"
        "try:\n"
        "    layout._repr_svg_()\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    done = _fresh_python(code, tmp_path)
    assert done.returncode == 0, done.stderr
    message = done.stdout.strip()
    assert message.startswith(
        "drawing a Layout needs a picture drawer (entry point group fives_engine.pictures)"
    )
    assert "fives_tools.render.notebook:svg_of" in message  # the drawer that would not load
    assert message.endswith("install the fives-conformance package, and Graphviz")


def test_the_engine_finds_the_declared_drawer_through_its_entry_point(tmp_path: Path) -> None:
    """Importing the engine alone, a picture loads the drawer pyproject.toml declares."""
    code = (
        "import sys\n"
        "import fives_engine\n"
        "layout = fives_engine.Layout.from_plays(['[1|4]'])\n"
        "assert 'fives_tools' not in sys.modules\n"
        "print('<svg' in layout._repr_svg_(), 'fives_tools.render.notebook' in sys.modules)\n"
    )
    done = _fresh_python(code, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]


def test_the_last_drawer_registered_draws() -> None:
    layout = Layout.from_plays(["[1|4]"])
    try:
        display.register(lambda subject: f"<svg>{type(subject).__name__}</svg>")
        assert layout._repr_svg_() == "<svg>Layout</svg>"
    finally:
        display.register(svg_of)
    assert layout._repr_svg_() == svg_of(layout)


def test_only_the_three_states_have_pictures() -> None:
    with pytest.raises(TypeError, match="no picture of a Setup"):
        svg_of(Setup.of(find_game("five-up"), 2))


def test_the_readmes_notebook_snippet_runs_and_draws(tmp_path: Path) -> None:
    """In a fresh interpreter, as a notebook runs it: the snippet imports only the engine."""
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("### In a notebook", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    *body, last = [line for line in code.splitlines() if line.strip()]
    shown = last.split("#", 1)[0].strip()  # the cell's last line is what Jupyter shows
    check = (
        f"import xml.etree.ElementTree as ET\nshown = {shown}\n"
        "assert isinstance(shown, MatchState)\n"
        "root = ET.fromstring(shown._repr_svg_())\n"
        "group = root.find('{http://www.w3.org/2000/svg}g')\n"
        "texts = [''.join(t.itertext()) for t in group.iter('{http://www.w3.org/2000/svg}text')]\n"
        "assert texts[0].startswith(shown.ruleset.title), texts\n"
        "print('drawn')\n"
    )
    done = _fresh_python("\n".join(body) + "\n" + check, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "drawn"
