"""The staging folder mutmut runs in.

mutmut 3 names a mutant after its file's path below the folder it runs in (``src/`` is
stripped) and puts ``mutants/``, ``mutants/src`` and ``mutants/source`` first on
``sys.path``. The engine lives in ``reference_engine/fives_engine`` but is imported as
``fives_engine`` (the package-dir mapping of ``pyproject.toml``): run from the repository
root, mutmut would call it ``reference_engine.fives_engine`` and find no test reaching any
mutant, and the editable install would import the unmutated engine. So the engine is copied
to ``<stage>/src/fives_engine``, beside a ``tests/`` folder holding only the conformance test
and a ``pyproject.toml`` holding only mutmut's and pytest's settings. ``fives_tools`` and the
data packages (``fives_spec``, ``fives_fixtures``) still come from the installed package, so
the cases are always the repository's current fixtures.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from fives_tools import files

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "reference_engine" / "fives_engine"
STAGE = ROOT / "build" / "mutation"

#: The stage's pyproject.toml. The suite's pytest plugin and hypothesis are left out: the
#: conformance test needs neither, and each would cost every mutant's pytest session time.
CONFIG = """\
[tool.mutmut]
source_paths = ["src/fives_engine"]
pytest_add_cli_args_test_selection = ["tests/"]
pytest_add_cli_args = ["-p", "no:fives", "-p", "no:hypothesispytest", "-p", "no:cacheprovider"]
timeout_multiplier = 15.0

[tool.pytest.ini_options]
testpaths = ["tests"]
"""


def stage(folder: Path = STAGE) -> Path:
    """(Re)write the staging folder's engine copy, test and settings; keep mutmut's results.

    mutmut compares each file under ``mutants/`` with its source and re-mutates only what
    changed, so a second run after new fixtures retests survivors quickly.
    """
    src = folder / "src" / "fives_engine"
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(ENGINE, src, ignore=shutil.ignore_patterns("__pycache__"))
    tests = folder / "tests"
    tests.mkdir(parents=True, exist_ok=True)
    shutil.copy2(Path(__file__).with_name("conformance_test.py"), tests / "test_conformance.py")
    _write(folder / "pyproject.toml", CONFIG)
    return folder


def _write(path: Path, text: str) -> None:
    """Write atomically (:mod:`fives_tools.files`)."""
    files.write_text(path, text)
