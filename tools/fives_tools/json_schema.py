"""JSON Schema checks: fast when a document is valid, precise when it is not.

Every fixture is checked when the suite is read, and every message of a run against its
protocol schema; nearly all are valid. fastjsonschema compiles a schema into Python that
only answers valid or not, many times faster than interpreting it; when it refuses,
jsonschema (the reference validator) finds where and why, and its word is final, so the
errors, their order and their words are jsonschema's whichever path ran.
"""

from __future__ import annotations

from typing import Any

#: Keys the compiled check is given without: a relative ``$id`` would make fastjsonschema
#: resolve ``#`` references against a made-up URL (and fetch it).
_NOT_COMPILED = ("$id",)


#: the longest value an error message quotes whole
QUOTED = 80


def said(error: Any) -> str:
    """jsonschema's message for ``error``, the value it quotes cut to :data:`QUOTED`
    characters and its size said: a list of 180,000 offered actions made a 1.6 MB line."""
    text: str = error.message
    quoted = repr(error.instance)
    if len(quoted) > QUOTED and quoted in text:
        size = len(error.instance) if isinstance(error.instance, (list, dict, str)) else None
        cut = quoted[:QUOTED] + "..." + ("" if size is None else f" ({size} long)")
        text = text.replace(quoted, cut)
    return text


def _no_remote(uri: str) -> Any:
    raise ValueError(f"schemas refer only within themselves; {uri!r} is not resolved")


class Schema:
    """One schema, compiled on first use (importing neither validator until then)."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self._fast: Any = None
        self._refused: type[Exception] = Exception  # fastjsonschema's, once compiled
        self._full: Any = None

    def _compiled(self) -> Any:
        if self._fast is None:
            import fastjsonschema

            definition = {k: v for k, v in self.schema.items() if k not in _NOT_COMPILED}
            handlers = {scheme: _no_remote for scheme in ("http", "https", "file", "")}
            self._fast = fastjsonschema.compile(definition, handlers=handlers, use_formats=False)
            self._refused = fastjsonschema.JsonSchemaValueException
        return self._fast

    def _validator(self) -> Any:
        if self._full is None:
            import jsonschema

            self._full = jsonschema.Draft202012Validator(self.schema)
        return self._full

    def is_fast_valid(self, instance: Any) -> bool:
        """The compiled check alone (for tests holding it against jsonschema)."""
        check = self._compiled()
        try:
            check(instance)
        except self._refused:
            return False
        return True

    def errors(self, instance: Any) -> list[Any]:
        """jsonschema's ValidationErrors for ``instance``, ordered by where they are; empty
        when it is valid."""
        if self.is_fast_valid(instance):
            return []
        found = self._validator().iter_errors(instance)
        return sorted(found, key=lambda e: list(map(str, e.absolute_path)))
