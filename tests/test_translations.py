"""Every quotation of the sources has its hand-written English rendering, and no rendering
is left over: spec/translations.yaml, keyed by the quotation exactly as it is cited."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from fives_tools.certify.cases import fixture_paths

SPEC = Path(__file__).resolve().parent.parent / "spec"
TRANSLATIONS: list[dict[str, str]] = yaml.safe_load(
    (SPEC / "translations.yaml").read_text("utf-8")
)["translations"]


def _quotes(node: Any) -> list[str]:
    """Every ``quote`` and documented diagram ``line`` under ``node``."""
    if isinstance(node, dict):
        own = [node[k] for k in ("line", "quote") if isinstance(node.get(k), str)]
        return own + [q for k, v in node.items() if k not in ("line", "quote") for q in _quotes(v)]
    if isinstance(node, list):
        return [q for item in node for q in _quotes(item)]
    return []


def _cited() -> dict[str, str]:
    """Each quotation the spec and the fixtures cite -> the first file that cites it."""
    files = [*sorted((SPEC / "games").glob("*.yaml")), SPEC / "interpretations.yaml"]
    out: dict[str, str] = {}
    for path in files + fixture_paths():
        for quote in _quotes(yaml.safe_load(path.read_text("utf-8"))):
            out.setdefault(quote, path.name)
    return out


def test_every_cited_quotation_has_an_english_rendering() -> None:
    rendered = {t["source"] for t in TRANSLATIONS}
    missing = {q: f for q, f in _cited().items() if q not in rendered}
    assert not missing, f"add to spec/translations.yaml: {missing}"


def test_no_rendering_is_left_over_or_repeated() -> None:
    sources = [t["source"] for t in TRANSLATIONS]
    assert len(sources) == len(set(sources))
    assert not set(sources) - set(_cited()), "renderings of quotations no longer cited"


def test_a_rendering_is_english_and_keeps_the_numbers_and_tiles() -> None:
    """Not a copy of the original: no CJK or Icelandic letters; every number and tile of
    the original is in its rendering (a translation drops no figure of a rule)."""
    for entry in TRANSLATIONS:
        english, source = entry["english"], entry["source"]
        assert not re.search(r"[\u3000-\u9fff\uff00-\uffefðþæÐÞÆ]", english), english
        numbers = re.findall(r"\[\d\|\d\]|\d+", source)
        shown = re.findall(r"\[\d\|\d\]|\d+", english)
        words = {"五": "5"}  # a number written out in the source
        missing = [n for n in numbers if n not in shown and words.get(n) not in shown]
        assert not missing, (source, english, missing)
