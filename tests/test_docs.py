"""`fives docs`: one self-contained, well-formed HTML rule book per game, and Markdown."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from browser import browser, probe

from fives_engine import find_game, game_names
from fives_tools.book import build_books, write_books
from fives_tools.book.learn import READING_FLAG, topic_parts
from fives_tools.book.names import case_anchor, rule_anchor
from fives_tools.book.parts import Para
from fives_tools.book.titles import rule_title
from fives_tools.book.words import parameter_words
from fives_tools.certify.cases import (
    Case,
    cases_from,
    fixture_paths,
    fixtures_dir,
    load_cases,
    perft_paths,
)
from fives_tools.certify.cases.perft_file import perft_cases
from fives_tools.cli import main
from fives_tools.render.dot import ORANGE
from fives_tools.render.inputs import example_id, first_per_example

XHTML = "{http://www.w3.org/1999/xhtml}"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SVG = "{http://www.w3.org/2000/svg}"
VOID = {"meta", "br", "img", "hr", "link", "input"}


def _load(text: str) -> Any:
    return yaml.load(text, Loader=_LOADER)


@pytest.fixture(scope="module")
def book_dir(docs_run: tuple[Path, str]) -> Path:
    return docs_run[0]


def test_docs_reports_the_number_of_files_it_wrote(docs_run: tuple[Path, str]) -> None:
    out, message = docs_run
    files = [p for p in out.rglob("*") if p.is_file()]
    assert len(files) > 8  # the pictures beside the Markdown count too
    assert message.startswith(f"wrote {len(files)} files to {out}")


@pytest.fixture(scope="module")
def examples() -> list[Case]:
    """One case per game and fixture."""
    return first_per_example(load_cases())


@pytest.fixture(scope="module")
def roots(book_dir: Path) -> dict[str, ET.Element]:
    """Each game's book parsed once (and checked to be balanced and well-formed)."""
    return {game: _parse(book_dir / f"{game}.html") for game in game_names()}


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
    roots: dict[str, ET.Element], examples: list[Case], game: str
) -> None:
    root = roots[game]
    ids = _ids(root)
    for rule_id in find_game(game).rules:
        assert rule_anchor(rule_id) in ids, rule_id
    cases = [c for c in examples if c.game == game]
    assert cases
    articles = {a.get("id"): a for a in root.iter(f"{XHTML}article")}
    rows = {r.get("id"): r for r in root.iter(f"{XHTML}tr") if r.get("id")}
    for case in cases:
        if case_anchor(case) in rows:  # one row of a group: the example's number in a table
            assert example_id(case) in "".join(rows[case_anchor(case)].itertext())
            continue
        article = articles[case_anchor(case)]
        text = "".join(article.itertext())
        assert example_id(case) in text and case.title in text
        if case.kind == "layout" and case.request["plays"]:  # the empty layout has no picture
            assert article.find(f".//{SVG}svg") is not None, case.id
    assert len(ids) == len([el for el in root.iter() if el.get("id")]), "duplicate ids"


#: How the text names each game (Exact 61 Five Up is "Exact 61", not "Five Up").
GAME_NAMES = {"five-up": "Five Up", "exact-61": "Exact 61", "all-fives": "All Fives"}


def _headings(root: ET.Element) -> list[str]:
    return [" ".join(h.itertext()) for t in "1234" for h in root.iter(f"{XHTML}h{t}")]


def _section_text(root: ET.Element, anchor: str) -> str:
    """The book's own words in a section (the sources' quotations left out)."""
    section = next(s for s in root.iter() if s.get("id") == anchor)
    quoted = {id(el) for d in section.iter() if d.get("class") == "quote" for el in d.iter()}
    return " ".join(
        piece
        for el in section.iter()
        if id(el) not in quoted
        for piece in (el.text, el.tail if id(el) != id(section) else None)
        if piece
    )


@pytest.mark.parametrize("game", game_names())
def test_each_book_speaks_its_own_game(roots: dict[str, ET.Element], game: str) -> None:
    """No heading names another game of the family; parameters are words, not YAML keys;
    a game kept in raw points never speaks of display points."""
    root, ruleset = roots[game], find_game(game)
    for heading in _headings(root):
        text = heading.replace("Exact 61 Five Up", "Exact 61")
        named = {g for g, name in GAME_NAMES.items() if name in text}
        assert not named or game in named, heading  # another game's text, or its own too
    parameters = _section_text(root, "parameters")
    for key in (k for k in ruleset.parameters if "_" in k):  # a YAML key, not a word
        assert key not in parameters and key.replace("_", " ") not in parameters, key
    if ruleset.score_unit == "raw":
        assert not [h for h in _headings(root) if "display" in h]
        assert "display" not in parameters
        assert "display" not in _section_text(root, "examples-scoring")


def test_the_scoring_examples_are_one_table_in_the_games_units(
    roots: dict[str, ET.Element],
) -> None:
    for game, fifteen in (("five-up", "15 raw (3 display)"), ("all-fives", "15")):
        group = next(
            a for a in roots[game].iter(f"{XHTML}article") if a.get("id") == "examples-scoring"
        )
        row = next(r for r in group.iter(f"{XHTML}tr") if r.get("id") == "case-scoring-total-15")
        cells = ["".join(td.itertext()) for td in row.iter(f"{XHTML}td")]
        assert cells[:2] == ["15", fifteen], cells
        assert len(list(group.iter(f"{XHTML}tbody"))) == 1


def test_a_quotation_two_sources_share_is_shown_once(roots: dict[str, ET.Element]) -> None:
    article = next(
        a for a in roots["five-up"].iter(f"{XHTML}article") if a.get("id") == "examples-scoring"
    )
    quotes = ["".join(q.itertext()) for q in article.iter(f"{XHTML}blockquote")]
    assert len(quotes) == len(set(quotes)) > 0


def test_a_perft_position_appears_once_with_its_depths(roots: dict[str, ET.Element]) -> None:
    root = roots["five-up"]
    ids = [a.get("id") for a in root.iter(f"{XHTML}article")]
    opening = [i for i in ids if i and "opening-spinner-one-straight" in i]
    assert opening == ["case-perft-opening-spinner-one-straight-depths"]
    article = next(a for a in root.iter(f"{XHTML}article") if a.get("id") == opening[0])
    depths = [r.get("id") for r in article.iter(f"{XHTML}tr") if r.get("id")]
    assert depths == [f"case-perft-opening-spinner-one-straight-depth-{d}" for d in range(1, 7)]
    assert len(list(article.iter(f"{SVG}svg"))) == 1


def test_a_diagram_shows_its_scoring_ends_and_arithmetic(roots: dict[str, ET.Element]) -> None:
    root = roots["five-up"]
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


def test_interpretations_coverage_and_tally_are_in_the_books(roots: dict[str, ET.Element]) -> None:
    five_up = roots["five-up"]
    ids = _ids(five_up)
    assert {"interpretations", "coverage", "tally"} <= ids
    assert "interpretation-layout.symmetric-attach-points" in ids
    tally = next(s for s in five_up.iter(f"{XHTML}section") if s.get("id") == "tally")
    strokes = {
        fig.findtext(f"{XHTML}figcaption"): len(list(fig.iter(f"{SVG}line")))
        for fig in tally.iter(f"{XHTML}figure")
    }
    assert strokes["305 raw = 61 display"] == 61 and strokes["5 raw = 1 display"] == 1
    all_fives = _ids(roots["all-fives"])
    assert "tally" not in all_fives  # its source keeps no paper tally
    assert "interpretation-all-fives.settlement-partners" in all_fives
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


def _article(root: ET.Element, anchor: str) -> ET.Element:
    return next(a for a in root.iter(f"{XHTML}article") if a.get("id") == anchor)


def _tables(element: ET.Element) -> dict[str, list[list[str]]]:
    """Each table under ``element`` by its caption: rows of cell texts (header row first)."""
    out = {}
    for table in element.iter(f"{XHTML}table"):
        rows = [
            [" ".join("".join(cell.itertext()).split()) for cell in row]
            for row in table.iter(f"{XHTML}tr")
        ]
        out[table.findtext(f"{XHTML}caption", "")] = rows
    return out


def _worked(case_path: Path) -> str:
    data = _load(case_path.read_text("utf-8"))
    return str(data.get("worked", "")).rstrip("\n")


def test_every_fixture_of_every_kind_is_in_a_book(roots: dict[str, ET.Element]) -> None:
    anchors: set[str] = set()
    for root in roots.values():
        anchors |= _ids(root)
    kinds = set()
    for path in fixture_paths():
        data = _load(path.read_text("utf-8"))
        kinds.add(data.get("kind", "layout"))
        assert "case-" + data["id"].replace("/", "-") in anchors, path
    assert kinds == {"layout", "score", "turns", "settlement", "match"}
    perft = [c for path in perft_paths() for c in perft_cases(path)]
    assert perft
    for case in perft:
        assert "case-" + case.fixture_id.replace("/", "-") in anchors, case.id


#: (game, fixture file) of every settlement example, read without building cases.
SETTLEMENTS = [
    (game, path)
    for path in sorted((fixtures_dir() / "settlement").glob("*.yaml"))
    for game in _load(path.read_text("utf-8"))["games"]
]


@pytest.mark.parametrize(
    ("game", "path"), SETTLEMENTS, ids=[f"{g}/{p.stem}" for g, p in SETTLEMENTS]
)
def test_a_settlement_example_shows_its_numbers(
    roots: dict[str, ET.Element], game: str, path: Path
) -> None:
    case = next(c for c in cases_from(path) if c.game == game)
    article = _article(roots[game], case_anchor(case))
    tables = _tables(article)
    hands = tables["Remaining hands"]
    assert len(hands) == 1 + len(case.request["hands"])
    for row, tiles in zip(hands[1:], case.request["hands"], strict=True):
        assert all(t in row[2] for t in tiles), (row, tiles)
    worked = [p.text for p in article.iter(f"{XHTML}pre")]
    # the worked note, then that of each other reading the case accepts (with its events)
    assert worked == [_worked(case.path), *(a.worked.rstrip("\n") for a in case.alternatives)]
    for alternative in case.alternatives:
        assert len(tables["Events under that reading"]) == 1 + len(alternative.expect["events"])
    if "events" not in case.expect:  # a target case: the outcome alone is expected
        assert "Settlement events (expected)" not in tables
        return
    events = case.expect["events"]
    if events:
        rows = tables["Settlement events (expected)"]
        head, rows = rows[0], rows[1:]
        assert len(rows) == len(events)
        for row, event in zip(rows, events, strict=True):
            cells = dict(zip(head, row, strict=True))
            for key in ("seat", "side", "raw", "display", "result"):
                if key in event:
                    assert cells[key] == str(event[key]), (key, row)
            for key in ("pips", "rounded"):
                if key in event:
                    assert str(event[key]) in cells["details"], (key, row)
            for part in ("opponents", "partner"):
                if part in event:
                    assert (
                        f"{event[part]['pips']} pips rounded to {event[part]['rounded']}"
                        in (cells["details"])
                    )
    scores = tables["Scores by side"]
    before = case.request.get("scores")
    for side, row in enumerate(scores[1:]):
        assert row[3].startswith(f"{case.expect['scores'][side]}"), row
        assert row[2].startswith(f"{before[side]}"), row
        if "display_scores" in case.expect:
            assert f"({case.expect['display_scores'][side]} display)" in row[3], row


def test_the_five_up_remainder_table_reads_as_the_source(roots: dict[str, ET.Element]) -> None:
    """Remainders 1 and 2 round down, 3 and 4 up, a multiple of 5 stays (000, 结束与结算一局)."""
    root = roots["five-up"]
    section = next(s for s in root.iter(f"{XHTML}section") if s.get("id") == "settlement")
    assert "舍入至最接近的5的倍数：余数1或2向下，3或4向上。" in "".join(section.itertext())
    table = _tables(section)["The remainder table"]
    rounds = {row[0]: row[1] for row in table[1:]}
    assert rounds == {
        "0": "stays",
        "1": "down by 1",
        "2": "down by 2",
        "3": "up by 2",
        "4": "up by 1",
    }
    links = {a.text: str(a.get("href")) for a in section.iter(f"{XHTML}a")}
    for pair in ("0 → 0", "1 → 0", "2 → 0", "3 → 5", "4 → 5", "8 → 10", "23 → 25"):
        pips, rounded = pair.split(" → ")
        example = "".join(_article(root, links[pair].lstrip("#")).itertext())
        assert f"{pips} pip{'' if pips == '1' else 's'}; rounded to {rounded}" in example, pair
    summary = _tables(section)["The settlement examples"]
    titles = {row[0] for row in summary[1:]}
    assert titles == {
        _load(p.read_text("utf-8"))["title"] for g, p in SETTLEMENTS if g == "five-up"
    }


def test_scores_after_a_settlement_are_drawn_as_a_paper_tally(
    roots: dict[str, ET.Element],
) -> None:
    root = roots["exact-61"]
    article = _article(root, "case-settlement-exact-61-going-out-two-players")
    cells = [td for td in article.iter(f"{XHTML}td") if td.find(f".//{SVG}svg") is not None]
    strokes = [len(list(td.iter(f"{SVG}line"))) for td in cells]
    assert strokes == [27, 20]  # 135 raw and 100 raw, one stroke per display point
    tally = next(s for s in root.iter(f"{XHTML}section") if s.get("id") == "tally")
    about = {
        f.findtext(f"{XHTML}figcaption"): f.findtext(f"{XHTML}p")
        for f in tally.iter(f"{XHTML}figure")
    }
    assert about["135 raw = 27 display"] == "after a settlement example"
    assert (
        about["305 raw = 61 display"]
        == "after a settlement example, after a match example, the target"
    )


def test_turn_flow_and_match_examples_are_tables_and_drawings(
    book_dir: Path, roots: dict[str, ET.Element]
) -> None:
    root = roots["five-up"]
    turns = _article(root, "case-turns-two-players-going-out")
    tables = _tables(turns)
    actions = tables["The actions"]
    assert actions[1] == ["1", "[3|4]", "seat 0 leads: 3 + 4 = 7"]
    assert len(tables["Expected events"]) == 1 + 13
    captions = [f.findtext(f"{XHTML}figcaption") for f in turns.iter(f"{XHTML}figure")]
    assert captions == ["The table after 12 actions of the hand: 2 + 10 = 12 -> 0 raw (0 display)"]
    match = _article(root, "case-match-five-up-two-players-hand")
    events = _tables(match)["Expected match events"]
    assert events[6][1:] == [
        "score (deduction)",
        "1",
        "1",
        "21 pips; rounded to 20",
        "-20",
        "-4",
        "applied",
    ]
    text = "".join(match.itertext())
    assert "{'" not in text and '{"' not in text  # no raw JSON
    for game in game_names():
        body = (book_dir / f"{game}.html").read_text("utf-8")
        assert "{&#x27;" not in body and "{&quot;" not in body


def test_hand_examples_in_markdown_keep_their_tables(book_dir: Path) -> None:
    text = (book_dir / "five-up.md").read_text("utf-8")
    assert "| 2 | 2 | `[2\\|6]` | 8 |" in text  # a remaining hand, | escaped inside the table
    assert "| 3 | score (deduction) | 2 | 2 | 8 pips; rounded to 10 | -10 | -2 | applied |" in text
    assert "![15 raw = 3 display](five-up/tally-15.svg)" in text
    assert (book_dir / "five-up" / "tally-15.svg").is_file()
    assert "seat 2 [2|6] = 8 pips = 5 + 3: remainder 3 rounds up to 10" in text  # worked, verbatim


def test_text_of_hand_examples_is_escaped(tmp_path: Path) -> None:
    root = tmp_path / "fixtures"
    (root / "settlement").mkdir(parents=True)
    (root / "turns").mkdir()
    source = fixtures_dir() / "settlement" / "five-up-remainder-two-and-three.yaml"
    (root / "settlement" / source.name).write_text(
        source.read_text("utf-8").replace(
            "\nworked: |\n", "\nworked: |\n  <script>x</script> & y\n", 1
        ),
        "utf-8",
    )
    turns = fixtures_dir() / "turns" / "two-players-going-out.yaml"
    (root / "turns" / turns.name).write_text(
        turns.read_text("utf-8").replace("# seat 0 leads:", "# <b>seat</b> 0 leads:", 1), "utf-8"
    )
    out = tmp_path / "out"
    write_books(out, build_books(["five-up"], root=root))
    html = (out / "five-up.html").read_text("utf-8")
    assert "<script" not in html and "<b>seat" not in html
    assert "&lt;script&gt;x&lt;/script&gt; &amp; y" in html and "&lt;b&gt;seat&lt;/b&gt;" in html
    _parse(out / "five-up.html")
    md = (out / "five-up.md").read_text("utf-8")
    assert "<b>seat" not in md and "&lt;b&gt;seat" in md


@pytest.mark.parametrize("game", game_names())
def test_the_book_opens_with_how_to_play_from_the_spec(
    roots: dict[str, ET.Element], game: str
) -> None:
    """How to play comes first, tells every rule of the game by its statement, and shows
    a scoring picture; then the reference parts."""
    root, ruleset = roots[game], find_game(game)
    sections = [s.get("id") for s in root.iter(f"{XHTML}section")]
    assert sections[:4] == ["learn-to-play", "how-to-play", "parameters", "rules"], sections
    opening = next(s for s in root.iter(f"{XHTML}section") if s.get("id") == "how-to-play")
    told = " ".join(" ".join(opening.itertext()).split())
    topics = [" ".join(h.itertext()) for h in opening.iter(f"{XHTML}h4")]
    for topic in ("Equipment", "deal", "A turn", "Scoring", "end of a hand", "Winning"):
        assert any(topic in t for t in topics), (topic, topics)
    for rule in ruleset.rules.values():
        assert " ".join(rule.statement.split()) in told, rule.id
    assert opening.find(f".//{SVG}svg") is not None
    deal = ruleset.parameters["deal"]
    assert f"{deal[2]} tiles" in told  # the game's own deal


def test_rules_have_titles_permalinks_and_their_own_examples(
    roots: dict[str, ET.Element],
) -> None:
    root = roots["five-up"]
    ids = _ids(root)
    for game in game_names():
        for rule_id in find_game(game).rules:
            assert rule_title(rule_id) != rule_id, f"{rule_id} has no title"
    rule = next(
        a
        for a in root.iter(f"{XHTML}article")
        if a.get("id") == rule_anchor("layout.double.crosswise")
    )
    heading = rule.find(f"{XHTML}h3")
    assert heading is not None
    assert "Doubles lie crosswise" in "".join(heading.itertext())
    assert "layout.double.crosswise" not in "".join(heading.itertext())  # for implementers:
    folded = rule.find(f"{XHTML}details")
    assert folded is not None and "layout.double.crosswise" in "".join(folded.itertext())
    own = [
        a.get("href", "") for a in rule.iter(f"{XHTML}a") if a.get("href", "").startswith("#case-")
    ]
    assert own and all(h[1:] in ids for h in own)
    for level in "1234":
        for h in root.iter(f"{XHTML}h{level}"):
            links = [a for a in h.iter(f"{XHTML}a") if a.get("class") == "permalink"]
            assert len(links) == 1 and links[0].get("href", "#")[1:] in ids, "".join(h.itertext())


def test_a_rule_settled_by_the_sources_keeps_its_question_as_a_note(
    roots: dict[str, ET.Element], book_dir: Path
) -> None:
    """Exact 61's exact hit answers what Five Up settles by a play-off: its note, with the
    sentence that no tie is played off, is in the book; a reading is no note but a link."""
    rule = next(
        a
        for a in roots["exact-61"].iter(f"{XHTML}article")
        if a.get("id") == rule_anchor("match.exact-hit-wins")
    )
    text = "".join(rule.itertext())
    assert "Note:" in text and "不比较之后的最高分，也不加赛打破同分" in text
    assert "interpretation-five-up.settlement-reward" in _ids(roots["five-up"])
    markdown = (book_dir / "exact-61.md").read_text("utf-8")
    assert "*Note:* Once a question (are the highest scores compared" in markdown


def test_the_sidebar_contents_stay_in_reach(roots: dict[str, ET.Element], book_dir: Path) -> None:
    root = roots["five-up"]
    nav = next(n for n in root.iter(f"{XHTML}nav") if n.get("class") == "toc")
    targets = [a.get("href", "") for a in nav.iter(f"{XHTML}a")]
    ids = _ids(root)
    assert all(t[1:] in ids for t in targets if t.startswith("#"))
    assert "#how-to-play" in targets and f"#{rule_anchor('deal.hand-size')}" in targets
    css = (book_dir / "five-up.html").read_text("utf-8")
    assert re.search(r"nav\.toc \{[^}]*position: sticky", css)


def test_source_diagrams_read_in_the_sources_build_up_order(
    roots: dict[str, ET.Element],
) -> None:
    ids = [a.get("id", "") for a in roots["five-up"].iter(f"{XHTML}article")]
    diagrams = [i.removeprefix("case-layout-diagram-") for i in ids if "diagram-" in i]
    assert diagrams[:4] == ["1-4", "1-1", "4-4", "3-4"], diagrams


def test_the_index_compares_the_games_in_one_table(book_dir: Path) -> None:
    index = _parse(book_dir / "index.html")
    tables = list(index.iter(f"{XHTML}table"))
    assert len(tables) == 1
    rows = {
        "".join(tr[0].itertext()): ["".join(td.itertext()) for td in tr[1:]]
        for tr in tables[0].iter(f"{XHTML}tr")
    }
    titles = [find_game(g).title for g in game_names()]
    assert [t for t in rows[""] if t] and all(
        any(title in cell for cell in rows[""]) for title in titles
    )
    deal = rows["Deal"]
    assert deal[game_names().index("all-fives")].startswith("9 tiles with 2 players")
    assert deal[game_names().index("exact-61")].startswith("5 tiles each")


def _section(root: ET.Element, anchor: str) -> ET.Element:
    return next(s for s in root.iter(f"{XHTML}section") if s.get("id") == anchor)


TRANSLATIONS = _load((Path(__file__).parents[1] / "spec" / "translations.yaml").read_text("utf-8"))[
    "translations"
]
#: The sources written in Chinese, whose words the glossary gives.
CHINESE = {
    f
    for f, s in _load((Path(__file__).parents[1] / "spec" / "sources.yaml").read_text("utf-8"))[
        "sources"
    ].items()
    if s["language"] == "zh"
}
LEARN = _load((Path(__file__).parents[1] / "spec" / "learn.yaml").read_text("utf-8"))


#: What a glossary entry may say the pictures show, and how its own picture shows it: the
#: renderer titles each marker (``... (attach point)``) and strokes a spinner in orange.
PICTURE_CLAIMS = {
    "hollow dot": "(attach point)<",
    "solid disc": "(scoring end)<",
    "outlined in orange": f'stroke="{ORANGE}"',
}


@pytest.mark.parametrize("game", game_names())
def test_each_glossary_picture_shows_what_its_words_say_it_shows(
    roots: dict[str, ET.Element], game: str
) -> None:
    """A term that says how the pictures show it ("a hollow dot in the pictures") has a
    picture that shows it: the attach point's drew no hollow dot, every end scoring."""
    learn = _section(roots[game], "learn-to-play")
    claimed = 0
    for term in (d for d in learn.iter(f"{XHTML}div") if d.get("class") == "term"):
        words = " ".join("".join(term.itertext()).split())
        picture = term.find(f".//{SVG}svg")
        drawn = "" if picture is None else ET.tostring(picture, encoding="unicode")
        for claim, mark in PICTURE_CLAIMS.items():
            if claim in words:
                claimed += 1
                assert mark in drawn, (term.get("id"), claim)
    assert claimed >= 2  # the attach point's and the scoring end's at least


#: What only an implementer says: a seat by number, a deal's code name, a fixture's path,
#: an interpretation's ID.
JARGON = re.compile(
    r"\bseats? \d|\b[Dd]eal [A-Z]\d|names no leader|\b(?:turns|match|layout|settlement)/[a-z]"
    r"|(?:\(|: )interpretation [a-z]"
)


@pytest.mark.parametrize("game", game_names())
def test_learn_to_play_speaks_to_a_player_of_this_game(
    roots: dict[str, ET.Element], game: str
) -> None:
    """No seat numbers, deal code names, fixture or rule IDs, no other game's name; a game
    kept in raw points never speaks of display points; the neutral draw is explained (a
    term of the glossary) before it is used."""
    root, ruleset = roots[game], find_game(game)
    told = " ".join(_section_text(root, "learn-to-play").split())
    assert not JARGON.findall(told), JARGON.findall(told)[:5]
    assert not [r for r in ruleset.rules if re.search(rf"\b{re.escape(r)}\b", told)]
    assert not [c.fixture_id for c in load_cases() if c.fixture_id in told]
    others = {name for g, name in GAME_NAMES.items() if g != game}
    assert not [n for n in others if n in told.replace("Exact 61 Five Up", "Exact 61")]
    if ruleset.score_unit == "raw":
        assert "display" not in told
    learn = _section(root, "learn-to-play")
    defined = next(d for d in learn.iter(f"{XHTML}div") if d.get("id") == "term-neutral-draw")
    said = (el for el in learn.iter() if "neutral draw" in f"{el.text} {el.tail}")
    assert next(said) in list(defined.iter())  # its first mention is the term itself


@pytest.mark.parametrize("game", game_names())
def test_learn_to_play_says_only_what_the_sources_say(
    roots: dict[str, ET.Element], game: str
) -> None:
    """Read against the sources: a statement that rests on a reading is flagged as one
    (Five Up's "gains nothing" and "below zero" were told as plain rules); only a positive
    multiple of five scores; each hand is rounded apart, never a side's pips merged; All
    Fives' target is agreed ("usually") and its turn order names no direction; the book's
    first line speaks to a player, not of the suite's folders or a seed's file name."""
    ruleset = find_game(game)
    told = " ".join(" ".join(_section(roots[game], "learn-to-play").itertext()).split())
    paras = topic_parts(ruleset, LEARN)
    for topic in LEARN["topics"]:
        for item in topic["tell"]:
            rule = ruleset.rules.get(item.get("rule", ""))
            if rule is None or game not in item.get("only", [game]):
                continue
            head = " ".join(rule.statement.split()[:6])
            para = next(p.text for p in paras if isinstance(p, Para) and p.text.startswith(head))
            flag = bool(rule.interpretations) and not item.get("reading_told")
            assert para.endswith(READING_FLAG) == flag, (rule.id, para)
    assert "positive multiple of five" in " ".join(LEARN["goals"][game].split())
    assert "each side's remaining pips" not in told
    if ruleset.settlement == "deduct-each-hand":
        assert "rounded to five on their own, never added to a partner's first" in told
    if game == "all-fives":
        assert "usually 250 points" in told and "clockwise" not in told
        assert "clockwise" not in ruleset.rules["turn.clockwise"].statement
    first = "".join(next(p for p in roots[game].iter(f"{XHTML}p")).itertext())
    assert not {"spec/", "fixtures/", "features/", ruleset.source} & set(first.split()), first
    assert ruleset.source not in first


@pytest.mark.parametrize("game", game_names())
def test_learn_to_play_teaches_in_the_order_a_player_needs(
    roots: dict[str, ET.Element], game: str
) -> None:
    """The set and the players, the deal and the lead, a turn, the layout, scoring, the end
    of a hand and winning, each before the hand played through; the unit of display points
    explained once, before any score in them."""
    root, ruleset = roots[game], find_game(game)
    told = " ".join(_section_text(root, "learn-to-play").split())
    words = dict(parameter_words(ruleset))
    hand = told.index("A whole hand")
    places = [told.find(words[what]) for what in ("Tiles", "Players", "Deal", "Target")]
    assert -1 not in places and places == sorted(places) and places[-1] < hand, places
    for rule in ("turn.draw-until-playable", "score.play.multiple-of-five"):
        assert -1 < told.find(" ".join(ruleset.rules[rule].statement.split())) < hand, rule
    if ruleset.score_unit == "display":  # raw and display points, once, when first needed
        unit = " ".join(ruleset.rules["score.unit.display"].statement.split())
        assert told.count(unit) == 1
        play = " ".join(ruleset.rules["score.play.multiple-of-five"].statement.split())
        before = told[: told.index(unit)].replace(play, "")
        assert not re.search(r"\b(?:raw|display)\b", before), before[-200:]


@pytest.mark.parametrize("game", game_names())
def test_learn_to_play_teaches_the_goal_the_words_and_a_whole_hand(
    roots: dict[str, ET.Element], game: str
) -> None:
    """The chapter a newcomer reads first: the goal, each term with its picture where it
    is a thing on the table, and the walked-through hand drawn after exactly the plays
    its fixture's worked comments say score. The sources' word stands beside a term only in
    a book whose source is written in it (the Chinese ones), never in All Fives'."""
    learn = _section(roots[game], "learn-to-play")
    told = " ".join(" ".join(learn.itertext()).split())
    assert " ".join(LEARN["goals"][game].split()) in told
    terms = {d.get("id"): d for d in learn.iter(f"{XHTML}div") if d.get("class") == "term"}
    for entry in LEARN["glossary"]:
        term = terms["term-" + "-".join(entry["term"].split())]
        assert entry["term"] in "".join(term.itertext())
        assert (term.find(f".//{SVG}svg") is not None) == bool(entry.get("plays")), entry["term"]
        native = [s.text for s in term.iter(f"{XHTML}span") if s.get("lang") == "zh"]
        assert native == ([entry["chinese"]] if find_game(game).source in CHINESE else [])
    fixture = fixtures_dir() / f"{LEARN['walkthrough'][game]}.yaml"
    lines = fixture.read_text("utf-8").split("hands:", 1)[1].split("# hand 2", 1)[0]
    actions = [line for line in lines.splitlines() if line.strip().startswith('- "')]
    scoring = [n for n, line in enumerate(actions, 1) if "scores" in line.split("#", 1)[-1]]
    drawn = [
        int(m.group(1))
        for f in learn.iter(f"{XHTML}figcaption")
        for m in [re.match(r"After play (\d+):", "".join(f.itertext()))]
        if m
    ]
    assert scoring and drawn == scoring, (drawn, scoring)
    assert "Counting the hand" in told and "Scores after the hand" in told
    expect = _load(fixture.read_text("utf-8"))["expect"]
    lists = [d for d in learn.iter(f"{XHTML}dl")]
    scores = [int(dd.text.split()[0]) for dd in lists[-1].iter(f"{XHTML}dd") if dd.text]
    assert scores == expect.get("display_scores", expect["scores"])  # the fixture's own


def test_each_rule_draws_an_example_numbered_with_its_rerun_command(
    roots: dict[str, ET.Element],
) -> None:
    """Under every rule, its first example with a picture (its own primary first) inline,
    whatever its kind: a layout's or a hand's drawing, a settlement's tables; "Example N"
    linking to the example numbered N, and the command that re-runs that example."""
    root = roots["five-up"]
    numbered = {
        a.get("id"): "".join(p.itertext())
        for a in root.iter(f"{XHTML}article")
        for p in a.findall(f"{XHTML}p")
        if p.get("class") == "number"
    }
    assert sorted(int(n.split()[-1]) for n in numbered.values() if "–" not in n)[:3] == [1, 2, 3]
    drawn: dict[str, int] = {"svg": 0, "table": 0}
    kinds = set()
    rules = list(_section(root, "rules").iter(f"{XHTML}article"))
    for rule in rules:
        figure = rule.find(f"{XHTML}figure[@class='rule-example']")
        assert figure is not None, rule.get("id")  # every rule of Five Up has an example
        picture = "svg" if figure.find(f"{SVG}svg") is not None else "table"
        assert picture == "svg" or figure.find(f"{XHTML}table") is not None
        drawn[picture] += 1
        caption = figure.find(f"{XHTML}figcaption")
        assert caption is not None
        link = caption.find(f"{XHTML}a")
        assert link is not None and (link.text or "").startswith("Example ")
        target = link.get("href", "#")[1:]
        assert numbered[target] == link.text, (target, link.text)
        rerun = "".join(rule.find(f"{XHTML}p[@class='rerun']").itertext())  # type: ignore[union-attr]
        found = re.search(r"--case 'five-up/(\S+)#\*'", rerun)
        assert found and "case-" + found.group(1).replace("/", "-") == target, rerun
        kinds.add(found.group(1).split("/")[0])
    assert drawn["svg"] > 20 and drawn["table"] > 10, drawn  # hands drawn, settlements tabled
    assert {"layout", "turns", "settlement", "match"} <= kinds, kinds


def test_the_markdown_book_draws_each_rules_example_too(book_dir: Path) -> None:
    """The Markdown book draws under each rule the example the HTML book draws, from the
    same image files, with its number's link and the command that re-runs it."""
    text = (book_dir / "five-up.md").read_text("utf-8")
    rules = text[text.index("\n## Rules") : text.index("\n## Settlement")].split("\n### ")[1:]
    assert len(rules) == len(find_game("five-up").rules)
    drawn = {"layout": 0, "hand": 0, "table": 0}
    for rule in rules:
        found = re.search(r"--case 'five-up/(\S+)#\*'", rule)
        assert found and re.search(r"\[Example \d+\]\(#case-", rule), rule[:200]
        images = re.findall(r"!\[[^]]*\]\((five-up/[^)]+\.svg)\)", rule)
        assert all((book_dir / image).is_file() for image in images), images
        kind = "hand" if any("-hand-" in i for i in images) else "layout" if images else "table"
        drawn[kind] += 1
    assert drawn["layout"] > 5 and drawn["hand"] > 5 and drawn["table"] > 5, drawn


def test_ids_and_levels_are_folded_away_for_implementers(roots: dict[str, ET.Element]) -> None:
    """A reader sees no rule or case ID outside a "For implementers" toggle in the rules
    and the examples; each toggle still names them."""
    root = roots["five-up"]
    ids = set(find_game("five-up").rules)
    for anchor in ("learn-to-play", "how-to-play", "rules", "examples"):
        section = _section(root, anchor)
        folded = {id(el) for d in section.iter(f"{XHTML}details") for el in d.iter()}
        shown = " ".join(
            el.text or ""
            for el in section.iter()
            if id(el) not in folded and el.tag != f"{SVG}text"
        )
        assert not [r for r in ids if f" {r} " in f" {shown} "], anchor
        assert "MUST" not in shown.split() and "level" not in shown.split(), anchor
    toggles = [d for d in _section(root, "rules").iter(f"{XHTML}details")]
    assert len(toggles) == len(ids)


@pytest.mark.parametrize("game", game_names())
def test_every_quotation_shows_its_english_rendering_marked_as_a_translation(
    roots: dict[str, ET.Element], game: str
) -> None:
    """The original keeps its text and declares its language; beside it, in English, the
    rendering of spec/translations.yaml, labelled a translation."""
    english = {t["source"]: " ".join(t["english"].split()) for t in TRANSLATIONS}
    quotes = [d for d in roots[game].iter(f"{XHTML}div") if d.get("class") == "quote"]
    assert len(quotes) > 40
    languages = set()
    for quote in quotes:
        original, rendering = quote.find(f"{XHTML}blockquote"), quote.find(f"{XHTML}p")
        assert original is not None and rendering is not None
        languages.add(original.get("lang"))
        assert rendering.get("lang") == "en" and rendering.get("class") == "translation"
        told = "".join(rendering.itertext())
        assert told.startswith("English translation:")
        parts = (original.text or "").split(" … ")  # a diagram's line, then its quote
        expected = " … ".join(english[p] for p in parts)
        assert told.removeprefix("English translation:").strip() == expected
    # a book cites its own game's source only (the Chinese of Five Up and Exact 61, the
    # Icelandic of All Fives), though a fixture may cite another game's sentence too
    assert languages == ({"is"} if game == "all-fives" else {"zh"}), languages


def _fonts_without_chinese(folder: Path) -> Path:
    """A fontconfig file whose only font is a Latin one: Chinese has no glyph."""
    found = subprocess.run(
        ["fc-match", "--format=%{file}", "DejaVu Sans"], capture_output=True, text=True
    )
    fonts = folder / "fonts"
    fonts.mkdir()
    (fonts / Path(found.stdout).name).symlink_to(found.stdout)
    config = folder / "fonts.conf"
    config.write_text(
        f"<?xml version='1.0'?><fontconfig><dir>{fonts}</dir>"
        f"<cachedir>{folder / 'cache'}</cachedir></fontconfig>",
        "utf-8",
    )
    return config


@pytest.mark.skipif(
    browser() is None and not os.environ.get("CI"),
    reason="no headless Chromium here (make test's setup installs Debian's chromium)",
)
def test_the_browser_probe_finds_a_glyph_no_font_has(
    book_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The missing-glyph check really fails: a private-use character no font draws is
    found beside Chinese that is drawn; with no Chinese font, the Chinese is, and so are a
    book's quotations."""
    page = tmp_path / "page.html"
    page.write_text(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/></head><body><main>'
        '<p>Five Up, þú</p><blockquote lang="zh">骨牌\U000f0041五</blockquote></main>'
        "</body></html>",
        "utf-8",
    )
    assert probe(page).missing == [{"lang": "zh", "char": "\U000f0041", "code": "f0041"}]
    monkeypatch.setenv("FONTCONFIG_FILE", str(_fonts_without_chinese(tmp_path)))
    chinese = subprocess.run(["fc-list", ":lang=zh"], capture_output=True, text=True)
    assert chinese.returncode == 0 and not chinese.stdout.strip()  # the premise
    assert probe(page).missing[:3] == [
        {"lang": "zh", "char": char, "code": f"{ord(char):x}"} for char in "骨牌\U000f0041"
    ]
    quoting = [p for p in book_dir.glob("*.html") if 'lang="zh"' in p.read_text("utf-8")]
    missing = probe(quoting[0], 390).missing
    assert "zh" in {m["lang"] for m in missing}, missing


@pytest.mark.skipif(
    browser() is None and not os.environ.get("CI"),
    reason="no headless Chromium here (make test's setup installs Debian's chromium)",
)
def test_the_browser_probe_finds_a_shrunk_picture_and_an_uncued_table(tmp_path: Path) -> None:
    """The checks of pictures and tables really fail: on a 390 px phone a 1098 pt picture
    drawn to the page's width (a third of itself) is found, and so is a table hiding its
    right-hand columns with nothing to show it scrolls; the book's own CSS passes both."""
    from fives_tools.book.html import CSS
    from fives_tools.book.templating import svg

    drawing = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="1098pt" height="253pt"'
        ' viewBox="0 0 1098 253"><rect width="1098" height="253"/></svg>'
    )
    row = "".join(f"<td>column {i} of a wide table</td>" for i in range(12))
    body = "<figure>{}</figure><section id='s'><table><caption>wide</caption><tr>{}</tr>"
    body += "</table></section>"
    bare = "<style>figure svg { max-width: 100%; height: auto; } table { display: block;"
    bare += " overflow-x: auto; }</style>"
    page = tmp_path / "page.html"
    page.write_text(
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>{bare}</head><body><main>'
        + body.format(drawing, row)
        + "</main></body></html>",
        "utf-8",
    )
    found = probe(page, 390)
    assert [(s["drawn"] * 3 < s["natural"]) for s in found.shrunk] == [True], found.shrunk
    assert found.uncued == ["s: wide"]
    page.write_text(
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><style>{CSS}</style>'
        "</head><body><main>" + body.format(svg(drawing, "p"), row) + "</main></body></html>",
        "utf-8",
    )
    found = probe(page, 390)
    assert not found.shrunk and not found.uncued, found
    assert found.scroll_width <= found.client_width  # the picture scrolls in its figure


#: Prose that wraps in a block narrower than half a 390 px phone reads a few words a line
#: (about 25 characters); "How to play" was 83 px wide there, a word or two a line.
NARROWEST_PROSE = 195


def cramped(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The text blocks a reader finds cramped: prose that wraps in a narrow block, or a
    table cell that breaks a word where the line has no break (a table scrolls instead)."""
    return [
        b
        for b in blocks
        if (b["tag"] in ("td", "th") and b["lines"] > b["words"])
        or (b["tag"] not in ("td", "th") and b["lines"] > 1 and b["width"] < NARROWEST_PROSE)
    ][:5]


@pytest.mark.skipif(
    browser() is None and not os.environ.get("CI"),
    reason="no headless Chromium here (make test's setup installs Debian's chromium)",
)
def test_every_page_lays_out_in_a_real_browser(book_dir: Path, tmp_path: Path) -> None:
    """Each page in headless Chromium, on a 390 px phone (in a frame: Chromium lays no window
    out that narrow) and a desktop: nothing overflows horizontally, no text block is cramped
    (:func:`cramped`: "How to play" ran a word a line on a phone), no tile, play or number is
    broken across two lines, every SVG is drawn with a size, every in-page link has its
    target; the links between pages name files that exist.
    A screenshot of each page is taken."""
    pages = sorted(book_dir.glob("*.html"))
    assert len(pages) == len(game_names()) + 1
    for page, width in [(p, w) for p in pages for w in (390, 1280)]:  # a phone, a desktop
        shot = tmp_path / f"{page.stem}-{width}.png"
        found = probe(page, width, shot)
        assert found.client_width == width, (page.name, found.client_width)
        assert found.scroll_width <= found.client_width, (page.name, width, found.wide)
        assert not found.unsized and not found.broken, (page.name, found)
        # every quotation is drawn, not boxes (a CJK font: apt-get install fonts-wqy-zenhei)
        assert not found.missing, (page.name, width, found.missing)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert found.svgs > 30 or page.name == "index.html", (page.name, found.svgs)
        assert not (tight := cramped(found.blocks)), (page.name, width, tight)
        # a tile, a play or a number is read whole: "[3|6]@[3|4]:small-" then "end" was not
        assert not found.splits, (page.name, width, found.splits)
        # a picture keeps half its size (All Fives' last hand was drawn at 32%, unreadable)
        assert not found.shrunk, (page.name, width, found.shrunk)
        # a table that hides its right-hand columns shows a shadow to scroll by
        assert not found.uncued, (page.name, width, found.uncued)
        files = re.findall(r'href="([^"#:]+)"', page.read_text("utf-8"))
        assert all((book_dir / f).is_file() for f in files), page.name


@pytest.mark.parametrize(
    ("game", "name"), [("five-up", "法伊夫·阿普"), ("exact-61", "精确61·法伊夫·阿普")]
)
def test_the_source_title_in_its_own_language_is_marked_so(
    roots: dict[str, ET.Element], game: str, name: str
) -> None:
    """The Chinese name in a book's source line sits in an element of lang zh, so a reader
    (and the glyph check) shapes it as Chinese, not as the page's English."""
    marked = [el for el in roots[game].iter() if el.get("lang") == "zh" and el.text == name]
    assert marked, f"{name} is not marked lang=zh"


@pytest.mark.parametrize("target", ["a file", "/dev/null", "/dev/full"])
def test_an_output_folder_that_cannot_be_written_is_said_before_the_build(
    target: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``fives docs --out`` onto a file or a device failed only after 15-18 s of building."""
    from fives_tools.cli import docs, main

    def no_build(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the books were built before the folder was checked")

    monkeypatch.setattr(docs, "build_books", no_build)
    out = tmp_path / "file" if target == "a file" else Path(target)
    if target == "a file":
        out.write_text("kept", "utf-8")
    if not out.exists():
        pytest.skip(f"no {target} here")
    assert main(["docs", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == f"fives docs: cannot write into {out}: it is not a folder\n"
