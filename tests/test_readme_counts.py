"""The case counts the README quotes by hand (the certificate excerpts, the verdict table,
the reference engine's summary line) are the suite's: a fixture added or removed without
them fails here, naming the line."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from fives_engine import find_game
from fives_tools.certify.cases import load_cases

README = Path(__file__).resolve().parent.parent / "README.md"

#: "101 of 710 cases (14%)", "710 passed, 0 failed, 0 errors, 0 skipped of 710 cases"
_OF_ALL = re.compile(r"(\d+) of (\d+) cases \((\d+)%\)|skipped of (\d+) cases")
#: "  Five Up: 0 of 243 cases checked"
_OF_GAME = re.compile(r"^\s*(.+?): \d+ of (\d+) cases checked", re.M)


def quoted(text: str) -> tuple[list[tuple[int, int, int | None]], list[tuple[int, str, int]]]:
    """(line, total quoted, share quoted) and (line, game title, count quoted) of ``text``."""
    totals: list[tuple[int, int, int | None]] = []
    for m in _OF_ALL.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        if m.group(4):
            totals.append((line, int(m.group(4)), None))
        else:
            share = 100 * int(m.group(1)) // int(m.group(2))
            assert share == int(m.group(3)), f"README.md:{line}: {m.group(0)}"
            totals.append((line, int(m.group(2)), share))
    games = [
        (text.count("\n", 0, m.start()) + 1, m.group(1), int(m.group(2)))
        for m in _OF_GAME.finditer(text)
    ]
    return totals, games


def test_the_readme_quotes_the_suites_case_counts() -> None:
    cases = load_cases()
    by_title = Counter(find_game(c.game).title for c in cases)
    totals, games = quoted(README.read_text("utf-8"))
    assert len(totals) >= 5 and len(games) == 3  # the places quoted today
    stale = [f"README.md:{line}: {n} cases" for line, n, _ in totals if n != len(cases)]
    stale += [
        f"README.md:{line}: {title} {n} cases"
        for line, title, n in games
        if by_title.get(title) != n
    ]
    assert stale == [], f"the suite has {len(cases)} cases ({dict(by_title)})"


def test_a_stale_count_is_found() -> None:
    """The check sees a count one off, in the total and per game."""
    text = "Covers 101 of 711 cases (14%):\n  Five Up: 0 of 244 cases checked\n"
    totals, games = quoted(text)
    assert totals == [(1, 711, 14)] and games == [(2, "Five Up", 244)]
