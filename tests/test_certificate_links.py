"""The HTML certificate links only to rule books that are there (else it says so once, on
stderr, and leaves the rules unlinked), and shows the English beside each source quote."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fives_tools.cli import main
from fives_tools.translations import translations

GAME = "all-fives"
BENT = "bent_engines.catalog:ScoresRoundedDownTotals"


def _certify(tmp_path: Path, *args: str) -> str:
    """The HTML certificate of ``args``' run of the All Fives cases (no own games)."""
    report = tmp_path / "cert.html"
    main(["certify", "--game", GAME, "--own-games", "0", "-q", "--html", str(report), *args])
    return report.read_text("utf-8")


def test_without_the_books_beside_it_the_certificate_links_no_rule_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every rule link pointed at book/all-fives.html beside the report, dead unless
    `fives docs` had written it there, and nothing warned."""
    page = _certify(tmp_path, "--in-process")
    assert 'href="book/' not in page and "<code>play.match-attach-point</code>" in page
    assert "no rule book was found beside this report" in page
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    book = tmp_path / "book"
    assert warnings == [
        f"warning: {tmp_path / 'cert.html'}: no rule book at {book / 'all-fives.html'}, so its"
        f" rules are not linked; write the books there with `fives docs --out {book}`, or give"
        " --book their URL"
    ]


def test_with_the_books_beside_it_or_a_url_every_rule_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / f"{GAME}.html").write_text("<html></html>", "utf-8")
    page = _certify(tmp_path, "--in-process")
    assert 'href="book/all-fives.html#rule-play.match-attach-point"' in page
    url = _certify(tmp_path, "--in-process", "--book", "https://example.org/books")
    assert 'href="https://example.org/books/all-fives.html#rule-play.match-attach-point"' in url
    assert "warning" not in capsys.readouterr().err


def test_each_source_quote_has_its_english_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The quotes were in Icelandic or Chinese only; the books' renderings are reused."""
    page = _certify(tmp_path, "--python", BENT)
    pairs = re.findall(
        r"<blockquote>(.*?)</blockquote>(?:<p class=\"translation\">"
        r"<span class=\"label\">English translation:</span> (.*?)</p>)?",
        page,
    )
    assert len(pairs) > 10  # a quote per failure
    rendered = translations()
    assert all(english and english == rendered[quote] for quote, english in pairs), pairs[:3]
