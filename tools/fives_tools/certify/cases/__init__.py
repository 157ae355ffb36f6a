"""The suite's cases: everything the harness, the reports and the renderers know about the
suite comes through here.

Cases are read from two kinds of file, each by a module of its own that builds on
:mod:`.case`: YAML fixtures (:mod:`.fixture_file`) and perft files (:mod:`.perft_file`).
"""

from __future__ import annotations

import functools
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fives_tools.certify.cases.case import Alternative, Case, FixtureError, fixtures_dir
    from fives_tools.certify.cases.fixture_file import REQUEST_FIELDS, cases_from, read_fixture

#: What this package offers from its modules, imported on first use: a protocol server
#: needs only :mod:`.levels`, and importing a package runs its ``__init__`` first.
_FROM = {
    "Alternative": "case",
    "Case": "case",
    "FixtureError": "case",
    "fixtures_dir": "case",
    "REQUEST_FIELDS": "fixture_file",
    "cases_from": "fixture_file",
    "read_fixture": "fixture_file",
}


def __getattr__(name: str) -> Any:
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # found directly from now on
    return value

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
    from fives_tools.certify.cases.case import FixtureError, fixtures_dir

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
    from fives_tools.certify.cases.case import FixtureError
    from fives_tools.certify.cases.fixture_file import cases_from
    from fives_tools.certify.cases.perft_file import perft_cases

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
