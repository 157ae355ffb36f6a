"""Our own adapters name the rule in every refusal. The published equivalence rules accept
a refusal that names none (a third party's is counted, not required: see the certificate's
"refusals naming their rule"); the reference engine and the fast path are held to it here."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fives_tools.certify.adapters.fast import FastImplementation
from fives_tools.certify.adapters.interface import Adapter
from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.adapters.reference import ReferenceAdapter
from fives_tools.certify.cases import load_cases
from fives_tools.certify.runner import skip_reason

REFUSALS = [c for c in load_cases() if isinstance(c.expect.get("error"), dict)]
ADAPTERS: dict[str, Callable[[], Adapter]] = {
    "reference": ReferenceAdapter,
    "fast": lambda: PythonAdapter(FastImplementation(), "fast"),
}


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_every_refusal_names_the_expected_rule(name: str) -> None:
    adapter = ADAPTERS[name]()
    info = adapter.start()
    checked = []
    try:
        for case in REFUSALS:
            if skip_reason(info, case):
                continue
            error = adapter.run(dict(case.request), case.id).get("error")
            want = case.expect["error"]
            assert isinstance(error, dict), f"{case.id}: no refusal"
            assert error.get("kind") == want["kind"], f"{case.id}: {error}"
            assert error.get("rule") == want["rule"], f"{case.id}: names {error.get('rule')!r}"
            checked.append(case.id)
    finally:
        adapter.stop()
    # the turn-flow refusals at least: the fast path answers no other level
    assert any("/turns/" in c for c in checked), checked
