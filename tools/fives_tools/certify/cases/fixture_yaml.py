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


class FixtureLoader(yaml.SafeLoader):
    """A safe loader without duplicate keys, anchors or aliases, and with a depth bound."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            problem = "anchors (&) and aliases (*) are not allowed in a fixture"
            raise _refuse(problem, event.start_mark)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _refuse(f"nested deeper than {MAX_DEPTH} levels", event.start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

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
    loader = FixtureLoader(text)
    try:
        node = loader.get_single_node()
        return node, (None if node is None else loader.construct_document(node))
    finally:
        loader.dispose()
