"""Pictures actually drawn by Graphviz: SVG and PNG from the layout's DOT.

These tests need Graphviz's ``neato`` (Debian's graphviz, installed by `make test`); without
it they fail and say so rather than skip.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fives_tools.certify.cases import load_cases
from fives_tools.render import RenderError, draw, write
from fives_tools.render.inputs import Subject, example_id, from_case
from fives_tools.render.output import format_of, inline_svg, rasterise

SVG = "{http://www.w3.org/2000/svg}"


def _subject(case_id: str) -> Subject:
    return from_case(next(c for c in load_cases() if example_id(c) == case_id))


def test_svg_is_drawn_with_every_tile_and_scoring_value() -> None:
    subject = _subject("five-up/layout/diagram-1-5")
    root = ET.fromstring(draw(subject.layout, subject.ruleset, "svg"))
    titles = {t.text for t in root.iter(f"{SVG}title")}
    assert {str(t) for t in subject.layout.tiles} <= titles
    texts = [t.text for t in root.iter(f"{SVG}text")]
    for end in subject.layout.scoring_ends():
        assert str(end.value) in texts
    assert any(t and "2 + 5 + 3 = 10 -> 10 raw (2 display)" in t for t in texts)


def test_png_is_drawn(tmp_path: Path) -> None:
    subject = _subject("exact-61/layout/diagram-0-5")
    out = tmp_path / "table.png"
    write(subject.layout, subject.ruleset, out)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_the_output_format_follows_the_extension() -> None:
    assert [format_of(Path(f"a.{x}")) for x in ("dot", "SVG", "png")] == ["dot", "svg", "png"]
    with pytest.raises(
        RenderError, match=r"cannot tell the format .*'\.jpg'.*\.dot, \.svg or \.png"
    ):
        format_of(Path("table.jpg"))


def test_inline_svg_has_no_prolog_and_unique_ids() -> None:
    subject = _subject("five-up/layout/diagram-1-1")
    svg = draw(subject.layout, subject.ruleset, "svg").decode("utf-8")
    one, two = inline_svg(svg, "a"), inline_svg(svg, "b")
    assert one.startswith("<svg") and "<!DOCTYPE" not in one and "<!--" not in one
    ids_one, ids_two = (
        {el.get("id") for el in ET.fromstring(text).iter() if el.get("id")} for text in (one, two)
    )
    assert ids_one and ids_one.isdisjoint(ids_two) and "a-graph0" in ids_one


def test_a_missing_graphviz_is_named_not_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("fives_tools.render.output.shutil.which", lambda name: None)
    with pytest.raises(
        RenderError, match=r"'neato' program is not on PATH.*apt-get install graphviz"
    ):
        rasterise("graph { a }", "svg")
