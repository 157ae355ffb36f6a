"""Candidate fixtures: a disagreement written in the fixture format, for a person to review.

The proposed expectation is the reference engine's answer, and the file says so:
``reviewed: false``. The fixture loader refuses such a file (``cases.unreviewed``) until
someone works it by hand from the sources, writes its worked note and citation and
removes the mark: conformance verdicts stay hand-written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from fives_engine import find_game
from fives_tools import files
from fives_tools.certify.cases import REQUEST_FIELDS
from fives_tools.certify.cases.levels import KIND_LEVEL
from fives_tools.certify.fuzz.classes import Disagreement, DisagreementClass
from fives_tools.certify.fuzz.differ import error_fact
from fives_tools.certify.judge.fuzzed import level_rules

#: The layout facts every layout fixture states (its schema requires them).
_LAYOUT_FACTS = ("tiles", "spinners", "connections", "attach_points", "scoring_ends", "total")


def _rules(finding: Disagreement, rules: tuple[str, ...]) -> list[str]:
    kind = str(finding.request["type"])
    game = str(finding.request["game"])
    level = KIND_LEVEL.get(kind)
    chosen = list(rules) or (list(level_rules(game, level)) if level else [])
    return chosen or list(find_game(game).rules)[:1]


def _sources(game: str, rules: list[str]) -> list[dict[str, str]]:
    """Each rule's citation from its game document, quote included, once each."""
    out: list[dict[str, str]] = []
    for rule_id in rules:
        cite = find_game(game).rules[rule_id].cite
        source = {"file": cite.file, "heading": cite.heading}
        if cite.quote:
            source["quote"] = cite.quote
        if source not in out:
            out.append(source)
    return out


def _layout_body(request: dict[str, Any], reference: dict[str, Any]) -> dict[str, Any]:
    expect: dict[str, Any] = {k: reference[k] for k in _LAYOUT_FACTS}
    if "score" in reference:
        expect["score"] = reference["score"]
    body: dict[str, Any] = {"plays": request["plays"]}
    if "reject" in request:
        body["reject"] = request["reject"]
        expect["error"] = error_fact(reference)
    if "hand" in request:
        expect["legal_plays"] = {"hand": request["hand"], "plays": reference["legal_plays"]}
    return {**body, "expect": expect}


def _body(request: dict[str, Any], reference: dict[str, Any]) -> dict[str, Any]:
    kind = request["type"]
    if kind == "layout":
        return _layout_body(request, reference)
    body = {k: request[k] for k in REQUEST_FIELDS[kind] if k in request}
    if kind in ("turns", "settlement", "match") and "players" not in body:
        body["players"] = len(request["deal"]["hands"] if kind == "turns" else request["hands"])
    expect = {k: v for k, v in reference.items() if k != "error"}
    error = error_fact(reference)
    if error is not None:
        expect["error"] = error
    return {**body, "expect": expect}


def fixture_of(cls: DisagreementClass) -> dict[str, Any]:
    """The candidate fixture of a class (not perft): its shown request, the reference's
    answer as the proposed expectation, the rules involved and their citations."""
    finding = cls.shown
    request = finding.request
    game, kind = str(request["game"]), str(request["type"])
    rules = _rules(finding, cls.key.rules)
    head: dict[str, Any] = {} if kind == "layout" else {"kind": kind}
    reading = find_game(game).rules[rules[0]].interpretation
    level: dict[str, Any] = {"level": "must"}
    if reading:  # the primary rule is a reading of the sources, not a statement of them
        level = {"level": "implementation-defined", "interpretation": reading}
    return {
        **head,
        "id": f"fuzz/{kind}-{finding.seed}-{finding.index}".replace("--", "-"),
        "title": f"Candidate from fives fuzz (seed {finding.seed}, index {finding.index}):"
        f" {', '.join(cls.key.fields)} differ",
        "games": [game],
        **level,
        "reviewed": False,
        "rules": rules,
        "primary": rules[0],
        "sources": _sources(game, rules),
        **_body(request, finding.reference),
    }


def perft_record(cls: DisagreementClass) -> str:
    """The candidate of a perft class, as a record of a perft file."""
    finding = cls.shown
    request, reference = finding.request, finding.reference
    depth = int(request["depth"])
    lines = [
        f"id fuzz-{finding.seed}-{finding.index}".replace("--", "-"),
        f"title Candidate from fives fuzz (seed {finding.seed}, index {finding.index})",
        "reviewed false",
        f"rules {' '.join(_rules(finding, cls.key.rules))}",
        f"position {request['position']}",
        f"perft {depth} {reference['nodes']}",
        *(f"divide {depth} {action} {n}" for action, n in reference.get("divide", {}).items()),
    ]
    return "\n".join(lines) + "\n"


def save(classes: list[DisagreementClass], folder: Path) -> list[Path]:
    """One candidate file per class in ``folder``; returns the paths written."""
    paths = []
    for cls in classes:
        finding = cls.shown
        stem = f"{finding.request['type']}-{finding.seed}-{finding.index}"
        if finding.request["type"] == "perft":
            path, text = folder / f"{stem}.perft", perft_record(cls)
        else:
            path = folder / f"{stem}.yaml"
            text = yaml.safe_dump(fixture_of(cls), sort_keys=False, allow_unicode=True, width=100)
        files.write_text_making_folder(path, text)
        paths.append(path)
    return paths
