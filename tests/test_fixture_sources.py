"""The fixtures carry the sources' diagram lines verbatim, and their English facts are
exactly those lines translated through the glossary (order included)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from source_lines import translate

from fives_tools.certify.cases import fixture_paths, read_fixture

SPEC = Path(__file__).resolve().parent.parent / "spec"
SOURCES = yaml.safe_load((SPEC / "sources.yaml").read_text(encoding="utf-8"))["sources"]

DIAGRAMS = [p for p in fixture_paths() if any("line" in s for s in read_fixture(p)["sources"])]
DIAGRAM_TILES = [
    "[1|2]",
    "[1|5]",
    "[0|5]",
    "[1|3]",
    "[4|4]",
    "[3|4]",
    "[2|2]",
    "[1|4]",
    "[1|1]",
    "[6|6]",
    "[0|0]",
]


def test_every_documented_diagram_has_a_fixture() -> None:
    captions = {s["diagram"] for p in DIAGRAMS for s in read_fixture(p)["sources"]}
    assert captions == {f"打出{t}" for t in DIAGRAM_TILES}
    for path in DIAGRAMS:
        files = {s["file"] for s in read_fixture(path)["sources"]}
        assert files == {"000_cbc147b889cb67a5.txt", "001_7f2570bb23095921.txt"}, path


@pytest.mark.parametrize("path", DIAGRAMS, ids=lambda p: p.stem)
def test_fixture_facts_are_the_source_line_translated(path: Path) -> None:
    data = read_fixture(path)
    expect: dict[str, Any] = data["expect"]
    for source in data["sources"]:
        facts = translate(source["line"])
        for key in (
            "tiles",
            "spinners",
            "connections",
            "attach_points",
            "scoring_ends",
            "arithmetic",
            "total",
        ):
            assert expect[key] == facts[key], f"{path.name}: {key} differs from {source['file']}"
        assert expect["score"] == facts["score"], path.name
        assert source["diagram"] == f"打出{facts['tiles'][-1]}"


@pytest.mark.parametrize("path", fixture_paths(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_citations_name_a_seed_and_one_of_its_headings(path: Path) -> None:
    for source in read_fixture(path)["sources"]:
        assert source["heading"] in SOURCES[source["file"]]["headings"], (path.name, source)


def test_translation_rejects_a_line_of_another_form() -> None:
    with pytest.raises(ValueError, match="not a diagram line"):
        translate("骨牌：[1|4].")
