"""``pytest --fives-fuzz``: a fuzz campaign as one test item, beside the suite's cases.

    pytest --fives-fuzz --fives-adapter "node my_adapter.js" [--fives-fuzz-budget N]

Loaded by the suite's pytest plugin (``fives_tools.pytest_plugin``). The item fails with
the fuzz report (each disagreement class, shrunk, with its re-run command); like the CLI,
with no adapter option it fuzzes the reference engine against itself.
"""

from __future__ import annotations

from typing import Any

import pytest

from fives_tools import options, rerun
from fives_tools.certify.adapters.interface import AdapterError, AdapterRefused
from fives_tools.certify.fuzz import parallel
from fives_tools.certify.fuzz.campaign import DEFAULT_BUDGET, Outcome, Plan
from fives_tools.certify.fuzz.scope import ScopeError
from fives_tools.certify.reports import fuzz as report


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fives")
    group.addoption("--fives-fuzz", action="store_true", help="also run a fives fuzz campaign")
    group.addoption(
        "--fives-fuzz-budget",
        type=options.count,
        default=DEFAULT_BUDGET,
        help=f"requests in the fuzz campaign (default {DEFAULT_BUDGET})",
    )
    group.addoption("--fives-fuzz-seed", type=int, default=0, help="the fuzz campaign's seed")


class FivesFuzzItem(pytest.Item):
    def __init__(self, *, spec: parallel.AdapterSpec, plan: Plan, budget: int, **kw: Any) -> None:
        super().__init__(**kw)
        self.spec = spec
        self.plan = plan
        self.budget = budget
        self.outcome: Outcome | None = None

    def runtest(self) -> None:
        self.outcome = parallel.run(self.spec, self.plan, parallel.shard_slice(self.budget))
        if not self.outcome.ok:
            prefix = rerun.command("fives", "fuzz", *self.spec.words())
            raise AssertionError(report.console(self.outcome, prefix))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, AssertionError) and self.outcome is not None:
            return str(excinfo.value)
        if isinstance(excinfo.value, (AdapterRefused, AdapterError, ScopeError)):
            return f"cannot fuzz this implementation: {excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[str, int, str]:
        return "fives fuzz", 0, f"fives fuzz, seed {self.plan.seed}, {self.budget} requests"


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    if not config.getoption("--fives-fuzz"):
        return
    spec = parallel.AdapterSpec(
        config.getoption("--fives-adapter"),
        config.getoption("--fives-python"),
        config.getoption("--fives-timeout"),
        config.getoption("--fives-startup-timeout"),
    )
    seed = config.getoption("--fives-fuzz-seed")
    items.append(
        FivesFuzzItem.from_parent(
            session,
            name="fuzz",
            nodeid=f"fives::fuzz-seed-{seed}",
            spec=spec,
            plan=Plan(seed=seed),
            budget=config.getoption("--fives-fuzz-budget"),
        )
    )
