"""Python implementations, loaded as ``module:attr`` or through the entry point group
``fives.adapters``.

The object must have ``start() -> dict`` (the fields of a ``ready`` message),
``run(request: dict) -> dict`` and ``stop()``. It is driven exactly like a subprocess,
only without the pipe: its ``ready`` is validated and its replies are checked against the
same schemas.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from typing import Any

from fives_tools.certify.adapters import protocol
from fives_tools.certify.adapters.interface import AdapterError, AdapterInfo, AdapterRefused
from fives_tools.text import clean

ENTRY_POINT_GROUP = "fives.adapters"


def load_object(spec: str) -> Any:
    """Resolve ``module:attr`` (or an entry point name) and call it if it is a class/factory."""
    if ":" not in spec:
        from importlib import metadata  # only here: importing it costs an adapter 20 ms

        found = [ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.name == spec]
        if not found:
            raise AdapterRefused(
                f"no adapter {spec!r}: expected 'module:attr'"
                f" or an entry point of {ENTRY_POINT_GROUP}"
            )
        target = found[0].load()
    else:
        module_name, _, attr = spec.partition(":")
        if os.getcwd() not in sys.path:  # like `python -m`: modules of the current folder
            sys.path.insert(0, os.getcwd())
        try:
            module = importlib.import_module(module_name)
        except (ImportError, ValueError) as exc:  # ValueError: an empty module name
            raise AdapterRefused(
                f"cannot import {module_name!r} for adapter {spec!r}: {exc}"
            ) from exc
        try:
            target = getattr(module, attr)
        except AttributeError:
            raise AdapterRefused(f"module {module_name!r} has no attribute {attr!r}") from None
    if isinstance(target, type) or (callable(target) and not hasattr(target, "run")):
        try:
            return target()
        except Exception as exc:
            raise AdapterRefused(f"building the adapter {spec!r} failed: {exc}") from exc
    return target


class PythonAdapter:
    """Drives an in-process Python implementation through the protocol's checks."""

    def __init__(self, impl: Any, label: str = "") -> None:
        for method in ("start", "run", "stop"):
            if not callable(getattr(impl, method, None)):
                raise AdapterRefused(f"adapter {label or impl!r} has no {method}() method")
        self.impl = impl

    def start(self) -> AdapterInfo:
        try:
            ready = {"type": "ready", **self.impl.start()}
        except Exception as exc:
            raise AdapterRefused(f"its start() raised {type(exc).__name__}: {exc}") from exc
        bad = protocol.problems("ready", ready)
        if bad:
            raise AdapterRefused("its ready message breaks the schema: " + "; ".join(bad))
        protocol.check_compatible(ready)
        protocol.check_levels(ready)
        return AdapterInfo.from_ready(ready)

    def run(self, request: dict[str, Any], case_id: str = "") -> dict[str, Any]:
        try:
            reply = self.impl.run(request)
        except Exception as exc:  # the implementation's bug, reported as an error of the case
            raise AdapterError(f"the implementation raised {type(exc).__name__}: {exc}") from exc
        if not isinstance(reply, dict):
            raise AdapterError(f"reply is not a JSON object: {reply!r}")
        try:
            json.dumps(reply, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise AdapterError(f"reply is not JSON: {clean(str(exc))}") from None
        bad = protocol.problems(f"{request.get('type')}-reply", reply)
        if bad:
            raise AdapterError("reply breaks the schema: " + "; ".join(bad))
        return reply

    def stop(self) -> None:
        self.impl.stop()
