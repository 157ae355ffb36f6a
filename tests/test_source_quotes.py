"""Every quotation of the sources is verbatim and sits under the heading it cites.

``spec/sources/`` keeps a copy of the three seed texts (the authority), so that the suite
can check its own citations: rules (spec/games) and their notes, interpretations, and every
fixture's sources, quotes and diagram lines. White space is ignored (a quote may run across the
source's line breaks); every other character must match. A quote is also a whole sentence
or clause of its source (tests/clauses.py), so a quote cut short fails.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from clauses import is_whole_clause

from fives_tools.certify.cases import fixture_paths, read_fixture

SPEC = Path(__file__).resolve().parent.parent / "spec"
SOURCES: dict[str, Any] = yaml.safe_load((SPEC / "sources.yaml").read_text("utf-8"))["sources"]
INTRO = "(introduction)"


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _sections(name: str) -> dict[str, str]:
    """Heading -> the text under it, its lines as they are."""
    headings = set(SOURCES[name]["headings"]) - {INTRO}
    out: dict[str, str] = {INTRO: ""}
    current = INTRO
    for line in (SPEC / "sources" / name).read_text("utf-8").splitlines():
        if line.strip() in headings:
            current = line.strip()
            out.setdefault(current, "")
            continue
        out[current] += line + "\n"
    return out


TEXTS = {name: _sections(name) for name in SOURCES}
SECTIONS = {
    name: {heading: _squash(text) for heading, text in sections.items()}
    for name, sections in TEXTS.items()
}


def _citations() -> list[tuple[str, dict[str, str]]]:
    out = []
    for path in sorted((SPEC / "games").glob("*.yaml")):
        doc = yaml.safe_load(path.read_text("utf-8"))
        for rule_id, entry in (doc.get("rules") or {}).items():
            if "cite" in entry:
                out.append((f"{path.name}:{rule_id}", {"file": doc["source"], **entry["cite"]}))
            for source in (entry.get("note") or {}).get("sources", []):
                out.append((f"{path.name}:{rule_id} note", {"file": doc["source"], **source}))
    register = yaml.safe_load((SPEC / "interpretations.yaml").read_text("utf-8"))
    for interp in register["interpretations"]:
        out += [(f"interpretation {interp['id']}", s) for s in interp["sources"]]
    for path in fixture_paths():
        out += [(f"{path.parent.name}/{path.name}", s) for s in read_fixture(path)["sources"]]
    return out


CITATIONS = _citations()


def test_every_heading_of_the_register_is_a_line_of_its_seed() -> None:
    for name, source in SOURCES.items():
        lines = {line.strip() for line in (SPEC / "sources" / name).read_text("utf-8").splitlines()}
        assert set(source["headings"]) - {INTRO} <= lines, name


@pytest.mark.parametrize(("where", "citation"), CITATIONS, ids=[w for w, _ in CITATIONS])
def test_the_quotation_is_verbatim_under_its_heading(where: str, citation: dict[str, str]) -> None:
    sections = SECTIONS[citation["file"]]
    assert citation["heading"] in sections, f"{where}: no heading {citation['heading']!r}"
    for key in ("quote", "line"):
        if key in citation:
            found = [h for h, text in sections.items() if _squash(citation[key]) in text]
            assert citation["heading"] in found, (
                f"{where}: the {key} is not under {citation['heading']!r} (found under {found})"
            )


def test_every_diagram_line_of_the_sources_is_a_fixture() -> None:
    lines = {
        line.strip()
        for name in SOURCES
        for line in (SPEC / "sources" / name).read_text("utf-8").splitlines()
        if "骨牌：" in line
    }
    encoded = {
        s["line"] for p in fixture_paths() for s in read_fixture(p)["sources"] if "line" in s
    }
    assert lines and lines == encoded


QUOTES = [(where, c) for where, c in CITATIONS if "quote" in c]


@pytest.mark.parametrize(("where", "citation"), QUOTES, ids=[w for w, _ in QUOTES])
def test_the_quotation_is_a_whole_sentence_or_clause(where: str, citation: dict[str, str]) -> None:
    text = TEXTS[citation["file"]].get(citation["heading"], "")
    assert is_whole_clause(text, citation["quote"]), (
        f"{where}: {citation['quote']!r} starts or stops inside a clause of "
        f"{citation['file']} § {citation['heading']}; quote the whole clause, with its comma"
    )


def test_a_quote_cut_at_a_comma_is_not_a_whole_clause() -> None:
    """The quotes YAML once cut stand verbatim in the source, and still fail here."""
    deal = TEXTS["003_815413e965e6200a.txt"]["Uppsetning"]
    assert _squash("Með 2 leikmenn") in _squash(deal)
    assert not is_whole_clause(deal, "Með 2 leikmenn")
    assert is_whole_clause(deal, "Með 2 leikmenn, hver tekur 9 dominoes.")
    scoring = TEXTS["003_815413e965e6200a.txt"]["Skora"]
    assert not is_whole_clause(scoring, "Ef heildin er nákvæmlega margfeldi af fimm")
    assert not is_whole_clause(scoring, "heildin er nákvæmlega margfeldi af fimm,")
    assert is_whole_clause(scoring, "Ef heildin er nákvæmlega margfeldi af fimm,")


def test_clause_bounds_are_punctuation_line_ends_and_spaced_dashes() -> None:
    text = "Ef leikari leiðir með 4-5, verður hann - bara\nNý lína án punkts"
    assert is_whole_clause(text, "verður hann")  # after a comma, before a spaced dash
    assert is_whole_clause(text, "bara")  # after a spaced dash, up to the line's end
    assert is_whole_clause(text, "Ný lína án punkts")  # a whole line
    assert not is_whole_clause(text, "Ný lína")  # stops inside the line
    assert not is_whole_clause(text, "5, verður hann")  # "4-5" is one word, not a bound
    assert not is_whole_clause(text, "Ef leikari leiðir með 4-5")  # drops its comma
    assert not is_whole_clause(text, "")
