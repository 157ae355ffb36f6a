"""The suite's cases: everything the harness, the reports and the renderers know about the
suite comes through here.

Cases are read from two kinds of file, each by a module of its own that builds on
:mod:`.case`: YAML fixtures (:mod:`.fixture_file`) and perft files (:mod:`.perft_file`).
"""

from __future__ import annotations

import functools
from pathlib import Path

from fives_tools.certify.cases.case import Alternative, Case, FixtureError, fixtures_dir
from fives_tools.certify.cases.fixture_file import REQUEST_FIELDS, cases_from, read_fixture
from fives_tools.certify.cases.perft_file import perft_cases

__all__ = [
    "REQUEST_FIELDS",
    "Alternative",
    "Case",
    "FixtureError",
    "cases_from",
    "fixture_paths",
    "fixtures_dir",
    "load_cases",
    "perft_paths",
    "read_fixture",
]


def _suite_files(root: Path | None, pattern: str) -> list[Path]:
    """The files of the suite named by ``pattern``; anything else by that name (a link to
    nothing, a folder, a FIFO that would block the read) is a FixtureError naming it."""
    paths = sorted((root or fixtures_dir()).rglob(pattern))
    for path in paths:
        if not path.is_file():
            if path.is_symlink() and not path.exists():
                kind = "a symbolic link to nothing"
            elif path.is_dir():
                kind = "a folder"
            else:
                kind = "not a regular file (a FIFO, socket or device)"
            raise FixtureError(f"{path}: {kind}, where a fixture file was expected")
    return paths


def fixture_paths(root: Path | None = None) -> list[Path]:
    return _suite_files(root, "*.yaml")


def perft_paths(root: Path | None = None) -> list[Path]:
    return _suite_files(root, "*.perft")


def load_cases(root: Path | None = None) -> list[Case]:
    """Every case of the suite (YAML fixtures, then perft files), in a stable order; IDs
    are checked to be unique.

    Read once per process for the same files: a file added, removed or changed (its size
    or modification time) is read again, so the memo never answers for other files."""
    stats = [(p, p.stat()) for p in fixture_paths(root) + perft_paths(root)]
    return list(_read_cases(tuple((p, s.st_mtime_ns, s.st_size) for p, s in stats)))


@functools.lru_cache(maxsize=8)
def _read_cases(stamps: tuple[tuple[Path, int, int], ...]) -> tuple[Case, ...]:
    cases: list[Case] = []
    seen: dict[str, Path] = {}
    for path, _, _ in stamps:
        read = perft_cases if path.suffix == ".perft" else cases_from
        for case in read(path):
            if case.id in seen:
                raise FixtureError(
                    f"{path}: field id: case {case.id} is also defined in {seen[case.id]}"
                )
            seen[case.id] = path
            cases.append(case)
    return tuple(cases)
