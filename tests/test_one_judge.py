"""The judge is the only harness code that names a rule: producers of evidence (the cases'
runner, fuzz, the audit's replay), the reports and the command line ask it which rules a
difference implicates, so one table answers for every door (issue: one judge).

A rule is named by its ID (``turn.clockwise``) or by the prefix of a family of them
(``score.ends.``), in a string constant or an f-string's constant part. Docstrings and
comments say what a rule means and are not names the code acts on. The engines (the
reference engine, the fast engine) name the rules their own refusals break, as any
implementation may, and are no part of the harness.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from fives_engine import find_game, game_names

HARNESS = Path(__file__).resolve().parents[1] / "tools" / "fives_tools"
JUDGE = HARNESS / "certify" / "judge"
#: Not the harness: the books and the pictures explain the rules to readers.
NOT_HARNESS = (HARNESS / "book", HARNESS / "render")


def _names() -> tuple[set[str], set[str]]:
    """Every rule ID of every game, and every family prefix of them (``score.ends.``)."""
    ids = {rule for game in game_names() for rule in find_game(game).rules}
    prefixes = {
        ".".join(rule.split(".")[:n]) + "." for rule in ids for n in range(1, rule.count(".") + 1)
    }
    return ids, prefixes


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the constants that are docstrings or bare string statements."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            out.add(id(node.value))
    return out


def named_rules(source: str) -> list[tuple[int, str]]:
    """(line, text) of every string constant of ``source`` that names a rule or a family."""
    ids, prefixes = _names()
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) else None
        if isinstance(text, str) and id(node) not in skip and (text in ids or text in prefixes):
            found.append((node.lineno, text))
    return found


def _harness_files() -> list[Path]:
    return sorted(
        path
        for path in HARNESS.rglob("*.py")
        if JUDGE not in path.parents and not any(p in path.parents for p in NOT_HARNESS)
    )


@pytest.mark.parametrize("path", _harness_files(), ids=lambda p: str(p.relative_to(HARNESS)))
def test_no_module_of_the_harness_outside_the_judge_names_a_rule(path: Path) -> None:
    found = named_rules(path.read_text("utf-8"))
    assert not found, f"{path.name} names rules outside the judge: {found}"


def test_the_check_sees_a_rule_named_in_code() -> None:
    """The instrument fails on the defect it claims to see: a rule ID, a family prefix
    and an f-string's constant part are names; a docstring that mentions one is not."""
    source = (
        'def f(x):\n    """Uses turn.clockwise."""\n    a = "turn.clockwise"\n'
        '    b = x.startswith("score.ends.")\n    c = f"layout.spinner.{x}"\n    return "turn"\n'
    )
    assert named_rules(source) == [
        (3, "turn.clockwise"),
        (4, "score.ends."),
        (5, "layout.spinner."),
    ]


def test_the_judge_names_the_rules() -> None:
    """The judge is where the names went: it names many rules."""
    names = [n for path in JUDGE.rglob("*.py") for n in named_rules(path.read_text("utf-8"))]
    assert len({text for _, text in names}) > 20


def test_one_audit_ranks_its_likely_causes_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A streamed audit judged its observation again after every record, and each report
    form ranked the causes again: 31 rankings for one ``fives audit --json --markdown
    --html`` of 20 games. The judge ranks once; every form reads that ranking."""
    from fives_tools.certify.judge import misreadings, ranking
    from fives_tools.cli import main

    calls: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return ranking.rank(*args, **kwargs)

    monkeypatch.setattr(misreadings, "rank", counted)
    games = Path(__file__).resolve().parents[1] / "docs/comparisons/all-fives-domino-games.jsonl"
    forms = ["--json", "a.json", "--markdown", "a.md", "--html", "a.html"]
    monkeypatch.chdir(tmp_path)
    assert main(["audit", str(games), *forms]) == 1
    assert "divergences from the rules" in capsys.readouterr().out
    assert len(calls) == 1
