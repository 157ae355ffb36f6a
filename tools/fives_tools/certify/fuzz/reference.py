"""The reference engine as the fuzzer's expectation: in process, behind the adapter interface.

Unlike ``ReferenceAdapter`` (a ``PythonAdapter``), its replies are not checked against
the reply schemas: they are what an implementation's replies are held to, the schema
check of a reply costs more than the engine's answer, and the suite's own tests fuzz the
reference engine through the protocol, where every reply is checked.

Where the fast path answers the very same request (``turns`` and ``perft``: the fast
adapter, :mod:`fives_tools.certify.adapters.fast`, held to the reference engine step by
step by `tests/fast_differential.py` and certified on the hand-written cases), it
answers; the reference engine answers the rest. A disagreement never rests on the fast
path: the campaign asks the reference engine itself again before it reports one
(:attr:`ReferenceEngine.plain`), and the fast path is never its own expectation.
"""

from __future__ import annotations

from typing import Any

from fives_tools.certify.adapters.fast import FastImplementation
from fives_tools.certify.adapters.interface import AdapterInfo
from fives_tools.certify.adapters.reference import ReferenceImplementation, handle

#: The request types the fast path answers field for field as the reference engine does.
FAST_TYPES = frozenset({"turns", "perft"})


class ReferenceEngine:
    """An ``Adapter`` answering with ``reference_adapter.handle`` (or, ``fast_path``, with
    the fast adapter for :data:`FAST_TYPES`), unchecked."""

    def __init__(self, fast_path: bool = False) -> None:
        self.fast = FastImplementation() if fast_path else None

    @property
    def plain(self) -> ReferenceEngine | None:
        """The reference engine alone, when this one answers some requests on the fast path."""
        return None if self.fast is None else ReferenceEngine()

    def start(self) -> AdapterInfo:
        return AdapterInfo.from_ready({"type": "ready", **ReferenceImplementation().start()})

    def run(self, request: dict[str, Any], case_id: str = "") -> dict[str, Any]:
        try:
            if self.fast is not None and request.get("type") in FAST_TYPES:
                return self.fast.run(request)
            return handle(request)
        except Exception as exc:  # as the protocol server does: a crash reply, not a crash
            return {"error": {"kind": "crash", "message": f"{type(exc).__name__}: {exc}"}}

    def stop(self) -> None:
        pass
