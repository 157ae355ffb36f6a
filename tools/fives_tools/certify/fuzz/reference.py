"""The reference engine as the fuzzer's expectation: in process, behind the adapter interface.

Unlike ``ReferenceAdapter`` (a ``PythonAdapter``), its replies are not checked against
the reply schemas: they are what an implementation's replies are held to, the schema
check of a reply costs more than the engine's answer, and the suite's own tests fuzz the
reference engine through the protocol, where every reply is checked.
"""

from __future__ import annotations

from typing import Any

from fives_tools.certify.adapters.interface import AdapterInfo
from fives_tools.certify.adapters.reference import ReferenceImplementation, handle


class ReferenceEngine:
    """An ``Adapter`` answering with ``reference_adapter.handle``, unchecked."""

    def start(self) -> AdapterInfo:
        return AdapterInfo.from_ready({"type": "ready", **ReferenceImplementation().start()})

    def run(self, request: dict[str, Any], case_id: str = "") -> dict[str, Any]:
        try:
            return handle(request)
        except Exception as exc:  # as the protocol server does: a crash reply, not a crash
            return {"error": {"kind": "crash", "message": f"{type(exc).__name__}: {exc}"}}

    def stop(self) -> None:
        pass
