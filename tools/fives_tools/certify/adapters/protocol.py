"""The language-neutral protocol: versions and message validation.

Messages are JSON objects, one per line (NDJSON), described by the JSON Schemas of
``spec/schemas/protocol/``. This module only knows their shapes; transports live in
``stdio_server`` (the implementation's side) and ``subprocess_adapter`` (the runner's).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from fives_tools.certify.adapters.interface import AdapterRefused
from fives_tools.certify.cases import levels
from fives_tools.json_schema import Schema, said

#: what a ``selfplay`` request may ask for: one hand, or a whole match
SELFPLAY_UNITS = ("hand", "match")


def _spec() -> Path:
    return Path(str(resources.files("fives_spec")))


@functools.cache
def versions() -> dict[str, str]:
    data = yaml.safe_load((_spec() / "suite.yaml").read_text(encoding="utf-8"))
    return {"suite": str(data["suite_version"]), "protocol": str(data["protocol_version"])}


def protocol_version() -> str:
    return versions()["protocol"]


def suite_version() -> str:
    return versions()["suite"]


@functools.cache
def _validator(name: str) -> Schema | None:
    """The schema of one message kind (its validators are imported on first use: an
    adapter process that only serves replies never pays for them)."""
    path = _spec() / "schemas" / "protocol" / f"{name}.schema.json"
    if not path.exists():
        return None
    return Schema(json.loads(path.read_text(encoding="utf-8")))


def problems(name: str, message: Any) -> list[str]:
    """Schema violations of ``message`` against schema ``name``, in words (empty if valid)."""
    validator = _validator(name)
    if validator is None:
        return [] if isinstance(message, dict) else [f"expected a JSON object, got {message!r}"]
    out = []
    for err in validator.errors(message):
        where = "/".join(map(str, err.absolute_path)) or "(top level)"
        out.append(f"{where}: {said(err)}")
    return out


def check_compatible(ready: dict[str, Any]) -> None:
    """Refuse an implementation speaking a protocol MAJOR version this runner does not know."""
    theirs = str(ready.get("protocol", ""))
    ours = protocol_version()
    if theirs.split(".")[0] != ours.split(".")[0]:
        raise AdapterRefused(
            f"the implementation speaks protocol {theirs or '(none)'}, this runner speaks {ours};"
            " only the same MAJOR version is accepted (see spec/protocol.md)"
        )


def check_levels(ready: dict[str, Any]) -> None:
    """Refuse a ``ready`` whose levels leave out a level one of them implies
    (:data:`levels.IMPLIES`): its certificate would pass what it cannot answer without."""
    missing = levels.missing_implied([str(level) for level in ready.get("levels") or ()])
    if missing:
        broken = "; ".join(
            f"{level} without {' and '.join(needs)}" for level, needs in missing.items()
        )
        raise AdapterRefused(
            f"its ready message declares {broken}, which it needs: declare those levels too"
            " (spec/protocol.md, \"Levels imply what they need\")"
        )
