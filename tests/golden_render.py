"""The documented diagrams and their DOT text, as kept under ``tests/golden/render/``:
test support, not part of the package.

``python tests/golden_render.py [DIR]`` rewrites the golden DOT files: run it from the
repository root after an intended change to the pictures, look at the diff (and at a few
PNGs), and commit the new files with the change.

A documented diagram is a case that reproduces a diagram of the sources (a source with a
``diagram`` caption) or replays one under another game's rules (``based_on``). The test
suite compares the DOT of each with its golden file; :func:`regenerate` rewrites them
after an intended change to the pictures.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from fives_tools import files
from fives_tools.certify.cases import Case, load_cases, read_fixture
from fives_tools.render.dot import to_dot
from fives_tools.render.inputs import example_id, first_per_example, from_case


def documented(cases: list[Case] | None = None) -> list[Case]:
    """One case per game for each fixture that draws a diagram of the sources."""
    out = []
    for case in first_per_example(load_cases() if cases is None else cases):
        from_source = any("diagram" in source for source in case.sources)
        if case.kind == "layout" and (from_source or "based_on" in read_fixture(case.path)):
            out.append(case)
    return out


def golden_name(case: Case) -> str:
    """``<game>/<fixture ID with / as -->.dot``, relative to the golden folder."""
    return f"{case.game}/{case.fixture_id.replace('/', '--')}.dot"


def golden_dot(case: Case) -> str:
    subject = from_case(case)
    return to_dot(subject.layout, subject.ruleset, name=example_id(case))


def regenerate(folder: Path) -> list[Path]:
    """Rewrite every golden file under ``folder`` and remove the ones no case draws."""
    written = []
    for case in documented():
        path = folder / golden_name(case)
        path.parent.mkdir(parents=True, exist_ok=True)
        files.write_text(path, golden_dot(case))
        written.append(path)
    for stale in set(folder.rglob("*.dot")) - set(written):
        stale.unlink()
    return written


DEFAULT = Path("tests") / "golden" / "render"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    folder = Path(args[0]) if args else DEFAULT
    written = regenerate(folder)
    print(f"wrote {len(written)} golden DOT files to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
