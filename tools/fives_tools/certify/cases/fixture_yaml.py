"""The YAML a fixture may use: plain mappings, lists and scalars, nothing that hides.

PyYAML's safe loader resolves a duplicate key silently by the last one (so an appended
``level: should`` would quietly downgrade a ``must`` fixture) and expands aliases (a few
lines of anchors can expand to gigabytes). Fixtures are short hand-written facts, so this
loader refuses duplicate keys, anchors and aliases, and bounds size and nesting; every
refusal is a :class:`yaml.MarkedYAMLError` carrying the line.
"""

from __future__ import annotations

from typing import Any

import yaml

#: a fixture is a few kilobytes; this leaves room and stops a pathological file early
MAX_BYTES = 256 * 1024
MAX_DEPTH = 32


class Refused(yaml.MarkedYAMLError):
    """Valid YAML that a fixture may not use."""


def _refuse(problem: str, mark: Any) -> Refused:
    return Refused(None, None, problem, mark)


#: libyaml's parser where PyYAML was built with it (its wheels are): composing in C is
#: what keeps reading the whole suite fast, since every ``fives`` run reads it.
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _check_events(text: str) -> None:
    """Refuse anchors, aliases and deep nesting from the parse events, before any node is
    built (an alias is resolved to a shared node by the composer and could no longer be
    seen)."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            problem = "anchors (&) and aliases (*) are not allowed in a fixture"
            raise _refuse(problem, event.start_mark)
        if isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, (yaml.CollectionStartEvent, yaml.ScalarEvent)):
            if depth + 1 > MAX_DEPTH:
                raise _refuse(f"nested deeper than {MAX_DEPTH} levels", event.start_mark)
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1


class FixtureLoader(_Loader):  # type: ignore[misc]
    """A safe loader that refuses duplicate keys."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        first: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                if key in first:
                    raise _refuse(
                        f"duplicate key {key!r} (first on line {first[key]})", key_node.start_mark
                    )
                first[key] = key_node.start_mark.line + 1
            except TypeError:  # an unhashable key: the base class says so
                pass
        return super().construct_mapping(node, deep)


def compose_and_load(text: str) -> tuple[Any, Any]:
    """The document's node tree (for line numbers) and its value."""
    _check_events(text)
    loader = FixtureLoader(text)
    try:
        node = loader.get_single_node()
        return node, (None if node is None else loader.construct_document(node))
    finally:
        loader.dispose()
