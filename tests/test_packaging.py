"""What the wheel ships: every file the package reads at run time. A non-editable install
once dropped fixtures/perft/positions.perft and certified 22 cases short without a word;
`.ci/wheel` builds and installs the wheel for real, this test keeps pyproject.toml honest
on every run."""

from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Python 3.11 reads pyproject.toml; on 3.10 `.ci/wheel` still checks the built wheel.
tomllib = pytest.importorskip(
    "tomllib", reason="Python 3.10 has no tomllib; `.ci/wheel` still checks the built wheel"
)


def _setuptools() -> dict[str, Any]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    return dict(data["tool"]["setuptools"])


def _package_dir(name: str, mapping: dict[str, str]) -> Path:
    """The folder of package ``name``: its own mapping, or its parent's plus its last part."""
    if name in mapping:
        return ROOT / mapping[name]
    parent, _, last = name.rpartition(".")
    return _package_dir(parent, mapping) / last


def _shipped(rel: str, patterns: list[str]) -> bool:
    return any(
        fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(rel, p.replace("**/", "")) for p in patterns
    )


def _files(folder: Path) -> list[Path]:
    return [
        p
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith(".pyc")
    ]


def test_every_file_of_every_package_is_in_the_wheel() -> None:
    config = _setuptools()
    mapping: dict[str, str] = config["package-dir"]
    packages: list[str] = config["packages"]
    data: dict[str, list[str]] = config["package-data"]
    folders = {_package_dir(name, mapping): name for name in packages}
    missing = []
    for top in {name.split(".")[0] for name in packages}:
        for path in _files(_package_dir(top, mapping)):
            owner = next(
                (f for f in sorted(folders, key=lambda f: -len(f.parts)) if f in path.parents),
                None,
            )
            assert owner is not None
            if path.suffix == ".py":
                if path.parent not in folders and (path.parent / "__init__.py").exists():
                    missing.append(f"{path.relative_to(ROOT)} (package not listed)")
                continue
            rel = path.relative_to(owner).as_posix()
            if not _shipped(rel, data.get(folders[owner], [])):
                missing.append(str(path.relative_to(ROOT)))
    assert missing == []


def test_the_perft_positions_are_shipped() -> None:
    assert _shipped("perft/positions.perft", _setuptools()["package-data"]["fives_fixtures"])


def test_the_engines_picture_drawer_is_declared_where_the_engine_looks() -> None:
    """fives_engine.display finds its drawer through this entry point group (the engine
    imports nothing of fives_tools): the one declared is the notebook module's."""
    import importlib

    from fives_engine import display
    from fives_tools.render.notebook import svg_of

    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    declared = data["project"]["entry-points"][display.GROUP]
    loaded = []
    for target in declared.values():
        module, _, attr = target.partition(":")
        loaded.append(getattr(importlib.import_module(module), attr))
    assert loaded == [svg_of]
