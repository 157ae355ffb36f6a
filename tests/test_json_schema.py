"""The compiled schema check agrees with jsonschema, the reference validator, on every
fixture, on the reference engine's replies and on thousands of broken variants of both:
a document the compiled check let through that jsonschema refuses would pass unchecked."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from observed import minimal_example

from fives_engine.errors import RecordError
from fives_tools.certify.adapters import protocol
from fives_tools.certify.adapters.reference import handle
from fives_tools.certify.cases import fixture_paths, load_cases, read_fixture
from fives_tools.certify.cases.fixture_file import _schema
from fives_tools.certify.observe.load import ENTRY_FORMS, check_record
from fives_tools.json_schema import Schema

SCHEMAS = Path(__file__).resolve().parent.parent / "spec" / "schemas"

#: values a broken document puts where another value was
SWAPS: tuple[Any, ...] = (None, "x", -1, 1.5, True, [], {"x": 1})
#: variants held both ways per document, spread evenly over its nodes
PER_DOCUMENT = 150


def _paths(doc: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield at
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, (*at, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _paths(value, (*at, i))


def _broken(doc: Any) -> list[Any]:
    """Variants of ``doc`` with one node deleted, replaced or given an extra key, at most
    PER_DOCUMENT of them taken evenly from the whole document."""
    edits: list[tuple[tuple[Any, ...], Any]] = []
    for path in _paths(doc):
        edits += [(path, swap) for swap in SWAPS]
        if path:
            edits.append((path, _DELETE))
        edits.append(((*path, "unexpected"), 1))
    step = max(1, len(edits) // PER_DOCUMENT)
    return [_replace(doc, path, value) for path, value in edits[::step]]


_DELETE = object()


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = json.loads(json.dumps(doc))
    if not path:
        return value
    node = out
    for key in path[:-1]:
        node = node[key]
    last = path[-1]
    if value is _DELETE:
        del node[last]
    elif isinstance(node, dict) or (isinstance(node, list) and isinstance(last, int)):
        node[last] = value
    return out


def _agree(schema: Schema, doc: Any) -> None:
    assert schema.is_fast_valid(doc) == (not list(schema._validator().iter_errors(doc))), doc


def _fixture_docs() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in fixture_paths():
        data = read_fixture(path)
        kind = data.pop("kind")
        out.append((kind, data))
    return out


def test_every_fixture_is_valid_both_ways() -> None:
    for kind, data in _fixture_docs():
        schema = _schema(f"{kind}-fixture")
        assert schema.is_fast_valid(data) and schema.errors(data) == []


@pytest.mark.parametrize("kind", ["layout", "score", "turns", "settlement", "match"])
def test_broken_fixtures_get_the_same_verdict_both_ways(kind: str) -> None:
    docs = [d for k, d in _fixture_docs() if k == kind][:2]
    schema = _schema(f"{kind}-fixture")
    refused = 0
    for doc in docs:
        for variant in _broken(doc):
            _agree(schema, variant)
            refused += not schema.is_fast_valid(variant)
    assert refused > 100  # the variants do break the schema, so agreeing means something


def test_replies_and_broken_replies_get_the_same_verdict_both_ways() -> None:
    seen: dict[str, int] = {}
    for case in load_cases():
        kind = case.request["type"]
        if seen.get(kind, 0) >= 2:
            continue
        seen[kind] = seen.get(kind, 0) + 1
        schema = protocol._validator(f"{kind}-reply")
        assert schema is not None, kind
        reply = handle(case.request)
        assert schema.errors(reply) == [], case.id
        for variant in _broken(reply):
            _agree(schema, variant)
    assert set(seen) == {"layout", "score", "turns", "settlement", "match", "perft"}


def test_the_errors_are_jsonschemas_in_order_of_place() -> None:
    schema = _schema("score-fixture")
    doc = {"id": 5, "title": None}
    words = [e.message for e in schema.errors(doc)]
    expected = sorted(schema._validator().iter_errors(doc), key=lambda e: list(map(str, e.path)))
    assert words == [e.message for e in expected] and words


#: The forms of an action entry as the observation schema first wrote them (``oneOf``, each
#: form excluding the others' keys by ``not``); it now says them with ``anyOf``, which a
#: compiled check stops trying at the first form that fits.
def _none_of(*keys: str) -> dict[str, Any]:
    return {"not": {"anyOf": [{"required": [key]} for key in keys]}}


ENTRY_FORMS_ONE_OF = [
    {"required": ["seat", "action"], **_none_of("house", "stopped")},
    {"required": ["seat", "house"], **_none_of("action", "stopped")},
    {"required": ["stopped"], **_none_of("action", "house")},
]


def test_an_action_entry_is_accepted_as_the_forms_were_with_one_of() -> None:
    """Every entry made of any of seat, action, house and stopped (with a message, an offer
    and a score or not) is accepted by the published schema exactly when the ``oneOf`` of
    the three forms accepted it, by the compiled check and by jsonschema alike."""
    published = json.loads((SCHEMAS / "observation.schema.json").read_text("utf-8"))
    action = published["$defs"]["action"]
    assert "oneOf" not in action and len(action["anyOf"]) == len(ENTRY_FORMS_ONE_OF)
    before = {**{k: v for k, v in action.items() if k != "anyOf"}, "oneOf": ENTRY_FORMS_ONE_OF}
    defs = published["$defs"]
    now, then = (
        Schema({"$defs": defs, **entry}) for entry in (action, before)
    )
    values = {"seat": 1, "action": "draw", "house": "a double face down", "stopped": "crash"}
    extras = [{}, {"message": "gone"}, {"offered": ["draw"], "score": 0}]
    accepted = 0
    for n in range(len(values) + 1):
        for keys in itertools.combinations(values, n):
            for extra in extras:
                entry = {**{k: values[k] for k in keys}, **extra}
                fits = then.errors(entry) == []
                assert (now.errors(entry) == []) is fits, entry
                assert now.is_fast_valid(entry) is fits, entry
                accepted += fits
    assert accepted == 3 * len(extras) + len(extras)  # stopped alone or with a seat, too


def test_only_an_action_entry_is_told_its_three_forms() -> None:
    """The three forms are said for an entry that fits none; another ``anyOf`` that fails
    (a drawn tile that is no tile) keeps jsonschema's own words."""
    both = minimal_example()
    both["hands"][0]["actions"][2]["house"] = "a double face down"
    bad_draw = minimal_example()
    bad_draw["hands"][0]["deal"]["draws"] = [["[9|9]", None]]
    told = []
    for record in (both, bad_draw):
        with pytest.raises(RecordError) as caught:
            check_record(record)
        told.append(str(caught.value))
    assert told[0] == f"field hands[0].actions[2]: {ENTRY_FORMS}"
    assert told[1].startswith("field hands[0].deal.draws[0][0]: ") and ENTRY_FORMS not in told[1]
