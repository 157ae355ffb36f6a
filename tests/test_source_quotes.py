"""Every quotation of the sources is verbatim and sits under the heading it cites.

``spec/sources/`` keeps a copy of the three seed texts (the authority), so that the suite
can check its own citations: rules (spec/games), interpretations, and every fixture's
sources, quotes and diagram lines. White space is ignored (a quote may run across the
source's line breaks); every other character must match.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from fives_tools.certify.cases import fixture_paths, read_fixture

SPEC = Path(__file__).resolve().parent.parent / "spec"
SOURCES: dict[str, Any] = yaml.safe_load((SPEC / "sources.yaml").read_text("utf-8"))["sources"]
INTRO = "(introduction)"


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _sections(name: str) -> dict[str, str]:
    """Heading -> the text under it (white space removed)."""
    headings = set(SOURCES[name]["headings"]) - {INTRO}
    out: dict[str, str] = {INTRO: ""}
    current = INTRO
    for line in (SPEC / "sources" / name).read_text("utf-8").splitlines():
        if line.strip() in headings:
            current = line.strip()
            out.setdefault(current, "")
            continue
        out[current] += _squash(line)
    return out


SECTIONS = {name: _sections(name) for name in SOURCES}


def _citations() -> list[tuple[str, dict[str, str]]]:
    out = []
    for path in sorted((SPEC / "games").glob("*.yaml")):
        doc = yaml.safe_load(path.read_text("utf-8"))
        for rule_id, entry in (doc.get("rules") or {}).items():
            if "cite" in entry:
                out.append((f"{path.name}:{rule_id}", {"file": doc["source"], **entry["cite"]}))
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
