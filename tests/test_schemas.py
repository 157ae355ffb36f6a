"""The schemas of the hand and match fixtures and of game records: valid, and every field
described (they are documentation for implementers)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

SCHEMAS = Path(__file__).resolve().parent.parent / "spec" / "schemas"
DOCUMENTED = [
    "turns-fixture",
    "settlement-fixture",
    "match-fixture",
    "record",
    "observation",
    "report",
    "game",
    "interpretations",
]


#: Keywords whose sub-schemas restate fields already described (conditions), not new fields.
CONDITIONS = frozenset({"if", "then", "else", "not"})


def _undescribed(node: Any, path: str) -> list[str]:
    out = []
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            if sub is False:
                continue  # a key this form forbids: no field to describe
            if not (isinstance(sub, dict) and ("description" in sub or "$ref" in sub)):
                out.append(f"{path}.{name}")
        for key, sub in node.items():
            if key not in CONDITIONS:
                out += _undescribed(sub, f"{path}.{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            out += _undescribed(sub, f"{path}[{i}]")
    return out


@pytest.mark.parametrize("name", DOCUMENTED)
def test_every_field_is_described(name: str) -> None:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema.get("description")
    assert _undescribed(schema, name) == []
    for ref_name, definition in schema.get("$defs", {}).items():
        assert "description" in definition, f"{name} $defs.{ref_name}"
