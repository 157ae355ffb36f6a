"""`fives docs` publishes the API reference (pdoc, from the docstrings) beside the books."""

from __future__ import annotations

import html
import importlib
import inspect
import os
import pkgutil
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from browser import browser, probe

import fives_engine
import fives_tools
from fives_tools.book.api import FOLDER, summary

MAIN_CLASSES = ("Tile", "Layout", "HandState", "MatchState", "Ruleset", "Setup", "Play")


@pytest.fixture(scope="module")
def out(docs_run: tuple[Path, str]) -> Path:
    """What `fives docs` writes (tests/conftest.py writes it once for every test reading it)."""
    return docs_run[0]


class _Page(HTMLParser):
    """The ids of a page and the links it makes (href and src)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            if name in ("href", "src") and value:
                self.links.append(value)


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text("utf-8"))
    return page


def _text(fragment: str) -> str:
    """The words of an HTML fragment, tags dropped."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _squashed(text: str) -> str:
    """``text`` without its spaces: the words as rendered, however markup split them."""
    return "".join(text.split())


def _section(page: str, name: str) -> str:
    """The documentation of one top-level name on a pdoc page."""
    start = page.index(f'<section id="{name}">')
    end = page.find("<section id=", start + 1)
    return page[start : end if end > 0 else len(page)]


def test_the_engines_public_classes_are_documented_with_their_docstrings(out: Path) -> None:
    page = (out / FOLDER / "fives_engine.html").read_text("utf-8")
    classes = [
        name for name in fives_engine.__all__ if inspect.isclass(getattr(fives_engine, name))
    ]
    assert set(MAIN_CLASSES) <= set(classes)
    for name in classes:
        doc = inspect.getdoc(getattr(fives_engine, name)) or ""
        assert doc and not doc.startswith(f"{name}("), f"{name} has no docstring of its own"
        section = _text(_section(page, name))
        assert f"class {name}" in section.split(":")[0], name  # after any decorator
        assert _squashed(summary(doc)) in _squashed(section), name  # its reST marks rendered
    methods = _text(_section(page, "Layout"))
    assert "def legal_plays" in methods and "def attach_points" in methods
    assert "_repr_svg_" not in methods and "_place" not in methods  # private names are not


def _public(name: str) -> bool:
    """A module is public when no part of its name starts with an underscore and each
    package above it that has ``__all__`` lists it there."""
    parts = name.split(".")
    if any(part.startswith("_") for part in parts):
        return False
    for depth in range(1, len(parts)):
        listed = getattr(importlib.import_module(".".join(parts[:depth])), "__all__", None)
        if listed is not None and parts[depth] not in listed:
            return False
    return True


def test_every_public_module_of_the_tools_has_its_page(out: Path) -> None:
    walked = [m.name for m in pkgutil.walk_packages(fives_tools.__path__, "fives_tools.")]
    public = [name for name in walked if _public(name)]
    assert "fives_tools.render" in public and "fives_tools.render.dot" not in public
    pages = {
        p.relative_to(out / FOLDER).with_suffix("").as_posix().replace("/", ".")
        for p in (out / FOLDER).rglob("*.html")
    }
    assert pages == {"index", "fives_engine", "fives_tools", *public}
    render = (out / FOLDER / "fives_tools" / "render.html").read_text("utf-8")
    draw = inspect.getdoc(fives_tools.render.draw) or ""
    assert draw and _squashed(summary(draw)) in _squashed(_text(_section(render, "draw")))


def test_the_books_link_the_reference_and_it_links_back(out: Path) -> None:
    api_index = f"{FOLDER}/index.html"
    for book in ("index.html", "five-up.html"):  # the index, and each book's sidebar
        assert api_index in _read(out / book).links, book
    assert f"]({api_index})" in (out / "index.md").read_text("utf-8")
    index = _read(out / FOLDER / "index.html")
    assert "../index.html" in index.links
    assert {"fives_engine.html#Tile", "fives_engine.html#MatchState"} <= set(index.links)
    assert "../../index.html" in _read(out / FOLDER / "fives_tools" / "render.html").links


def test_no_relative_link_is_broken(out: Path) -> None:
    """Every relative link of every page, books and reference, names a file that exists
    and, with a fragment, an id on that page."""
    pages = {path: _read(path) for path in out.rglob("*.html")}
    assert len([p for p in pages if FOLDER in p.relative_to(out).parts]) > 10
    checked, broken = 0, []
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue  # outside the docs (pdoc's credit, data: pictures)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            fragment = unquote(parts.fragment)
            ok = target.is_file() and (
                not fragment or target.suffix != ".html" or fragment in pages[target].ids
            )
            checked += 1
            if not ok:
                broken.append(f"{path.relative_to(out)}: {link}")
    assert checked > 1000 and broken == []


@pytest.mark.skipif(
    browser() is None and not os.environ.get("CI"),
    reason="no headless Chromium here (make test's setup installs Debian's chromium)",
)
def test_the_reference_lays_out_in_a_real_browser(out: Path, tmp_path: Path) -> None:
    """Nothing overflows and every in-page link has its target (pdoc's menu icon is
    hidden on a wide window, so pictures are not counted on its pages)."""
    for page in (out / FOLDER / "index.html", out / FOLDER / "fives_engine.html"):
        found = probe(page, 1024, tmp_path / f"{page.stem}.png")
        assert found.scroll_width <= found.client_width, (page.name, found.wide)
        assert not found.broken, (page.name, found)
