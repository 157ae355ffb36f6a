"""`fives compare` and the HTML certificate: several implementations in one report, each
cell the certificate's own verdict, linked to the rule book and to the failure."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

import jsonschema
import pytest
from bent_engines.catalog import CountsUnstartedBranch
from browser import browser, probe

from fives_tools.book import build_books
from fives_tools.book.names import rule_anchor
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.cases import Case, load_cases
from fives_tools.certify.findings.status import ERROR, FAIL
from fives_tools.certify.judge.causes import blamed_rules
from fives_tools.certify.reports.comparison import Entry, cells, failure_anchor, to_markdown
from fives_tools.certify.reports.console import AFFECTED, table, verdict
from fives_tools.certify.reports.html import certificate_html, comparison_html
from fives_tools.certify.runner import run_cases
from fives_tools.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def all_fives() -> list[Case]:
    return [case for case in load_cases() if case.game == "all-fives"]


@pytest.fixture(scope="module")
def entries(all_fives: list[Case]) -> list[Entry]:
    bent = run_cases(PythonAdapter(CountsUnstartedBranch(), "bent"), all_fives)
    return [
        Entry("reference", run_cases(ReferenceAdapter(), all_fives), "fives certify"),
        Entry("bent", bent, "fives certify --python bent"),
    ]


def _ids(page: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page))


def test_every_cell_is_the_certificates_own_verdict(entries: list[Entry]) -> None:
    """The comparison decides nothing: each cell is the word the implementation's own
    certificate shows for that rule and level, and a rule no run touches has no row."""
    grids = [table(entry.run) for entry in entries]
    rows = 0
    for game, by_level in cells(entries).items():
        for level, by_rule in by_level.items():
            for rule_id, row in by_rule.items():
                rows += 1
                words = [verdict(g[game].get(rule_id, {}).get(level)) for g in grids]
                assert [c.word for c in row] == words
                assert any(w != "-" for w in words)
    touched = {
        (game, level, rule_id)
        for grid in grids
        for game, by_rule in grid.items()
        for rule_id, by_level in by_rule.items()
        for level in by_level
    }
    assert rows == len(touched) > 0


def test_each_failure_cell_links_to_its_details(entries: list[Entry]) -> None:
    """A FAIL cell points at a failing case that blames the row's rule, an affected cell
    at one that blames another; both pages carry every anchor linked."""
    bent = entries[1]
    failures = [r for r in bent.run.results if r.status in (FAIL, ERROR)]
    assert failures, "the bent engine must fail some All Fives case"
    blamed = blamed_rules(bent.run.results)
    linked = 0
    for by_level in cells(entries).values():
        for level, by_rule in by_level.items():
            for rule_id, (ref, cell) in by_rule.items():
                assert ref.failure is None
                if cell.word in ("FAIL", "ERROR", AFFECTED):
                    assert cell.failure is not None and cell.failure.case.capability == level
                    blames = blamed[cell.failure.case.id] == rule_id
                    assert blames == (cell.word != AFFECTED)
                    linked += 1
                else:
                    assert cell.failure is None
    assert linked >= len(set(blamed.values()))
    markdown = to_markdown(entries, "fives compare")
    html = comparison_html(entries, "fives compare")
    for result in failures:
        anchor = failure_anchor("bent", result)
        assert f'<a id="{anchor}"></a>' in markdown
        assert anchor in _ids(html)
    hrefs = set(re.findall(r'href="#([^"]+)"', html))
    assert hrefs and hrefs <= _ids(html)
    assert set(re.findall(r"\]\(#([^)]+)\)", markdown)) <= set(
        re.findall(r'<a id="([^"]+)"></a>', markdown)
    )


def test_rules_link_to_their_book_anchor(entries: list[Entry]) -> None:
    html = comparison_html(entries, "fives compare", book="https://example.org/books/")
    links = re.findall(r'href="https://example.org/books/all-fives.html#rule-([^"]+)"', html)
    assert set(links) == {
        rule for by_rule in cells(entries)["all-fives"].values() for rule in by_rule
    }


def test_every_rule_link_names_an_entry_of_its_book(entries: list[Entry]) -> None:
    """The links use the books' own anchors: each names a rule the All Fives book has an
    entry for (its article's id is ``rule_anchor`` of the rule)."""
    [book] = build_books(["all-fives"])
    anchors = {rule_anchor(rule.id) for rule in book.rules}
    html = comparison_html(entries, "fives compare")
    linked = set(re.findall(r'href="book/all-fives\.html#([^"]+)"', html))
    assert linked and linked <= anchors


def test_the_html_certificate_has_the_verdict_and_every_failure(entries: list[Entry]) -> None:
    bent = entries[1]
    page = certificate_html(bent)
    assert "NOT CERTIFIED" in page
    for result in bent.run.results:
        if result.status in (FAIL, ERROR):
            assert failure_anchor("bent", result) in _ids(page)
    clean_page = certificate_html(entries[0])
    assert "<b>CERTIFIED</b>" in clean_page and 'id="failures"' not in clean_page


@pytest.mark.skipif(
    shutil.which("neato") is None and not os.environ.get("CI"),
    reason="no Graphviz to draw the tables (make test's setup installs Debian's graphviz)",
)
def test_each_failure_of_the_html_certificate_is_drawn(entries: list[Entry]) -> None:
    """The table of the case, the expected answer beside the implementation's (the rows
    that differ marked), and the quote of its rule, before the full text."""
    bent = entries[1]
    page = certificate_html(bent)
    failing = [r for r in bent.run.results if r.status == FAIL]
    assert failing
    for result in failing:
        anchor = failure_anchor("bent", result)
        section = page.split(f'<section class="failure" id="{anchor}">', 1)[1]
        section = section.split("</section>", 1)[0]
        assert "<svg" in section and f'id="{anchor}-' in section  # its ids kept apart
        differs = re.findall(r'<tr class="differs"><td>([^<]+)</td>', section)
        assert differs == [m.field for m in result.mismatches]
        rule = blamed_rules(bent.run.results)[result.case.id]  # as the tables mark it FAIL
        assert f"<b>{rule}</b>" in section and "re-run: " in section
    assert "<svg" not in comparison_html(entries, "fives compare")  # the comparison: text


def test_implementation_text_is_escaped(all_fives: list[Case]) -> None:
    class Loud(CountsUnstartedBranch):
        def start(self) -> dict[str, object]:
            ready = dict(super().start())
            ready["implementation"] = {"name": "<script>x</script>\x1b[2J", "version": "1"}
            return ready

    run = run_cases(PythonAdapter(Loud()), all_fives[:5])
    page = certificate_html(Entry("<b>", run, "fives certify"))
    assert "<script>" not in page and "\x1b" not in page and "<th><b></th>" not in page


def test_fives_certify_writes_the_html_certificate(tmp_path: Path) -> None:
    target = tmp_path / "reports" / "certificate.html"
    target.parent.mkdir()
    (tmp_path / "books").mkdir()
    (tmp_path / "books" / "all-fives.html").write_text("<html></html>", "utf-8")
    args = ["certify", "-q", "--in-process", "--game", "all-fives", "--html", str(target)]
    assert main([*args, "--book", "../books"]) == 0
    page = target.read_text("utf-8")
    assert "<b>PARTIAL: " in page and 'href="../books/all-fives.html#rule-' in page


def _reference_adapter() -> str:
    return f"{sys.executable} -m fives_tools.certify.adapters.stdio_server"


def test_fives_compare_writes_both_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    md, html, report = tmp_path / "c.md", tmp_path / "c.html", tmp_path / "c.json"
    code = main(
        [
            "compare",
            "-q",
            "--adapter",
            f"again={_reference_adapter()}",
            "--case",
            "all-fives/layout/*",
            "--markdown",
            str(md),
            "--html",
            str(html),
            "--json",
            str(report),
        ]
    )
    assert code == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" ")[0] for line in out] == ["reference", "again"]
    assert all(line.endswith("PARTIAL: " + line.split("PARTIAL: ")[-1]) for line in out)
    text = md.read_text("utf-8")
    assert "| rule | reference | again |" in text and "## Failures" not in text
    assert "<th>again</th>" in html.read_text("utf-8")
    data = json.loads(report.read_text("utf-8"))
    schema = json.loads((ROOT / "spec" / "schemas" / "report.schema.json").read_text("utf-8"))
    assert [item["name"] for item in data["implementations"]] == ["reference", "again"]
    for item in data["implementations"]:
        jsonschema.Draft202012Validator(schema).validate(item["report"])
        assert item["report"]["verdict"]["kind"] == "partial"


@pytest.mark.skipif(
    browser() is None and not os.environ.get("CI"),
    reason="no headless Chromium here (make test's setup installs Debian's chromium)",
)
def test_the_pages_lay_out_in_a_real_browser(entries: list[Entry], tmp_path: Path) -> None:
    """Nothing overflows the window (wide tables scroll inside themselves) and every
    in-page link, to a failure or a table, has its target."""
    pages = {
        "comparison.html": comparison_html(entries, "fives compare"),
        "certificate.html": certificate_html(entries[1]),
    }
    for name, text in pages.items():
        page = tmp_path / name
        page.write_text(text, encoding="utf-8")
        found = probe(page, 1024, tmp_path / f"{name}.png")
        assert found.scroll_width <= found.client_width, (name, found.wide)
        assert not found.broken, (name, found.broken)
        assert (tmp_path / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--no-reference", "--adapter", "/nonexistent/x"], "cannot compare /nonexistent/x"),
        (["--adapter", "=python x.py"], "the name before '=' is empty"),
        (["--adapter", "x= "], "x= names nothing"),
        (["--adapter", "x='unbalanced"], "no closing quotation"),
        (["--book", " "], "rule books"),
        (["--timeout", "nan"], "finite number of seconds"),
        (["--level", "play-scores"], "play-score"),
        (["--no-reference"], "nothing to compare"),
        (["--adapter", "reference=python x.py"], "given twice"),
        (["--case", "nothing/*"], "no case matches"),
        (["--no-reference", "--adapter", "gone=/nonexistent/adapter"], "cannot compare gone"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        code = main(["compare", "-q", *argv])
        raise SystemExit(code)
    assert raised.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert says in err[-1] and "Traceback" not in "".join(err)


def test_an_unwritable_report_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-folder" / "c.html"
    argv = ["compare", "-q", "--case", "all-fives/scoring/*", "--html", str(missing)]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(missing) in err[0]


def test_names_that_differ_only_in_case_or_punctuation_keep_their_own_anchors(
    entries: list[Entry],
) -> None:
    """``Bent`` and ``bent!`` both slug to ``bent``: their failure links went to one."""
    bent = entries[1]
    twins = [Entry("Bent", bent.run, bent.rerun), Entry("bent!", bent.run, bent.rerun)]
    failing = next(r for r in bent.run.results if r.status in (FAIL, ERROR))
    assert failure_anchor("Bent", failing) != failure_anchor("bent!", failing)
    html = comparison_html(twins, "fives compare")
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    markdown = to_markdown(twins, "fives compare")
    anchors = re.findall(r'<a id="([^"]+)"></a>', markdown)
    assert len(anchors) == len(set(anchors)) > 0
