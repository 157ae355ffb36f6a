"""`fives docs`: one self-contained, well-formed HTML rule book per game, and Markdown."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fives_engine import find_game, game_names
from fives_tools.book import build_books, write_books
from fives_tools.book.model import case_anchor, rule_anchor
from fives_tools.cases import fixtures_dir, load_cases
from fives_tools.cli import main
from fives_tools.render.inputs import example_id, first_per_example

XHTML = "{http://www.w3.org/1999/xhtml}"
SVG = "{http://www.w3.org/2000/svg}"
VOID = {"meta", "br", "img", "hr", "link", "input"}


@pytest.fixture(scope="module")
def book_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("books")
    assert main(["docs", "--out", str(out)]) == 0
    return out


class _Balance(HTMLParser):
    """Checks with the standard HTML parser that every element is closed in order."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
        else:
            self.stack.pop()


def _parse(path: Path) -> ET.Element:
    text = path.read_text("utf-8")
    checker = _Balance()
    checker.feed(text)
    assert not checker.errors and not checker.stack, (checker.errors[:3], checker.stack[:3])
    return ET.fromstring(text)


def _ids(root: ET.Element) -> set[str]:
    return {el.get("id", "") for el in root.iter()} - {""}


@pytest.mark.parametrize("game", game_names())
def test_the_book_is_well_formed_and_holds_every_rule_and_example(
    book_dir: Path, game: str
) -> None:
    root = _parse(book_dir / f"{game}.html")
    ids = _ids(root)
    for rule_id in find_game(game).rules:
        assert rule_anchor(rule_id) in ids, rule_id
    cases = [c for c in first_per_example(load_cases()) if c.game == game]
    assert cases
    articles = {a.get("id"): a for a in root.iter(f"{XHTML}article")}
    for case in cases:
        article = articles[case_anchor(case)]
        text = "".join(article.itertext())
        assert example_id(case) in text and case.title in text
        if case.kind == "layout":
            assert article.find(f".//{SVG}svg") is not None, case.id
    assert len(ids) == len([el for el in root.iter() if el.get("id")]), "duplicate ids"


def test_a_diagram_shows_its_scoring_ends_and_arithmetic(book_dir: Path) -> None:
    root = _parse(book_dir / "five-up.html")
    article = next(
        a for a in root.iter(f"{XHTML}article") if a.get("id") == "case-layout-diagram-1-5"
    )
    text = " ".join(article.itertext())
    assert "[1|2]: 2" in text and "[1|5]: 5" in text and "[3|4]: 3" in text
    assert "2 + 5 + 3 = 10 -> 10 raw (2 display)" in text
    svg_text = [t.text for t in article.iter(f"{SVG}text")]
    assert sorted(t for t in svg_text if t and t.strip()) == ["2", "3", "5"]


def test_the_book_is_self_contained(book_dir: Path) -> None:
    for path in book_dir.glob("*.html"):
        text = path.read_text("utf-8")
        assert "<script" not in text and "http://" not in text.replace("http://www.w3.org/", ""), (
            path
        )
        assert not re.search(r'(src|href)="https?:', text), path


def test_interpretations_coverage_and_tally_are_in_the_books(book_dir: Path) -> None:
    five_up = _parse(book_dir / "five-up.html")
    ids = _ids(five_up)
    assert {"interpretations", "coverage", "tally"} <= ids
    assert "interpretation-layout.symmetric-attach-points" in ids
    tally = next(s for s in five_up.iter(f"{XHTML}section") if s.get("id") == "tally")
    strokes = {
        fig.findtext(f"{XHTML}figcaption"): len(list(fig.iter(f"{SVG}line")))
        for fig in tally.iter(f"{XHTML}figure")
    }
    assert strokes["305 raw = 61 display"] == 61 and strokes["5 raw = 1 display"] == 1
    all_fives = _ids(_parse(book_dir / "all-fives.html"))
    assert "tally" not in all_fives  # its source keeps no paper tally
    assert "interpretation-all-fives.rounding" in all_fives
    assert "interpretation-exact-61.block-seat-order" not in all_fives


def test_index_and_markdown_link_every_game(book_dir: Path) -> None:
    index = _parse(book_dir / "index.html")
    links = {a.get("href") for a in index.iter(f"{XHTML}a")}
    for game in game_names():
        assert {f"{game}.html", f"{game}.md"} <= links
        text = (book_dir / f"{game}.md").read_text("utf-8")
        for rule_id in find_game(game).rules:
            assert f'<a id="{rule_anchor(rule_id)}"></a>' in text
        images = re.findall(r"!\[[^\]]*\]\(([^)]+\.svg)\)", text)
        assert images and all((book_dir / i).is_file() for i in images)
        ET.parse(book_dir / images[0])  # a standalone SVG document
    assert "(five-up.md)" in (book_dir / "index.md").read_text("utf-8")


def test_text_from_fixtures_is_escaped(tmp_path: Path) -> None:
    root = tmp_path / "fixtures"
    shutil.copytree(fixtures_dir() / "layout" / "diagrams", root / "layout")
    evil = root / "layout" / "1-5.yaml"
    evil.write_text(
        evil.read_text("utf-8").replace(
            'title: "Playing [1|5]', 'title: "<script>alert(1)</script> & <b>Playing [1|5]'
        ),
        "utf-8",
    )
    out = tmp_path / "out"
    write_books(out, build_books(["five-up"], root=root))
    html = (out / "five-up.html").read_text("utf-8")
    assert "<script" not in html and "<b>Playing" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;Playing" in html
    article = next(
        a
        for a in _parse(out / "five-up.html").iter(f"{XHTML}article")
        if a.get("id") == "case-layout-diagram-1-5"
    )
    assert article.findtext(f"{XHTML}h3", "").startswith("<script>alert(1)</script> & <b>")
    md = (out / "five-up.md").read_text("utf-8")
    assert "<script" not in md and "&lt;script&gt;" in md


def test_docs_for_an_unknown_game_fails_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["docs", "--out", str(tmp_path), "--game", "five-down"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'five-down'" in err and "Traceback" not in err
