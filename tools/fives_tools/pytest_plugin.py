"""The suite as a pytest plugin, so certification fits into an implementer's own CI.

    pytest --fives-adapter "node my_adapter.js"          # any program speaking the protocol
    pytest --fives-python mypkg.fives_adapter:Adapter     # a Python adapter object

adds one test item per case (``fives::<case ID>``), skipped with a reason when the
implementation does not declare the case's game, level or player count. ``--fives-game``,
``--fives-level`` and ``--fives-case`` filter as ``fives certify`` does;
``--fives-known-failures FILE`` turns the cases it lists into expected failures (xfail).
Each item is marked ``fives``, with its game, level and requirement (``five_up``,
``play_score``, ``must``, ``implementation_defined`` ...): ``-m "must and five_up"``.
The plugin also provides the ``fives_adapter`` fixture the suite's own features run on
(the reference engine in process unless an adapter is named).
"""

from __future__ import annotations

import difflib
import fnmatch
import re
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from fives_engine import find_game, game_names
from fives_tools import rerun
from fives_tools.certify.adapters.factory import IN_PROCESS, PROGRAM, PYTHON, Reach
from fives_tools.certify.adapters.interface import Adapter, AdapterInfo, AdapterRefused
from fives_tools.certify.cases import Case, levels, load_cases
from fives_tools.certify.cases.selection import Filters, split, unknown_names, unmatched_entries
from fives_tools.certify.findings.status import ERROR, FAIL, SKIP
from fives_tools.certify.judge.causes import blamed_rules, cause_lines
from fives_tools.certify.judge.coverage import coverage
from fives_tools.certify.reports.console import CAUSES_HEADING, describe_failure, failure_summary
from fives_tools.certify.runner import Result, Run, read_known_failures, run_case, skip_reason
from fives_tools.options import command, seconds
from fives_tools.text import clean

#: ``pytest --fives-fuzz``: its options and its item live with the fuzzer.
pytest_plugins = ["fives_tools.pytest_fuzz"]

#: The requirement levels of a case, as markers.
REQUIREMENTS = {
    "must": "a case every implementation must pass",
    "should": "a case an implementation should pass",
    "implementation-defined": "a case that reads an interpretation of spec/interpretations.yaml",
}


def marker(name: str) -> str:
    """A game, level or requirement name as a marker name: ``five-up`` -> ``five_up``."""
    return name.replace("-", "_")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fives", "Fives conformance suite")
    group.addoption(
        "--fives-adapter", metavar="CMD", type=command, help="certify this protocol program"
    )
    group.addoption(
        "--fives-python", metavar="MODULE:ATTR", type=command, help="certify this Python adapter"
    )
    group.addoption("--fives-game", action="append", default=[], help="only this game")
    group.addoption("--fives-level", action="append", default=[], help="only this capability level")
    group.addoption(
        "--fives-case", action="append", default=[], help="only case IDs matching this glob"
    )
    group.addoption("--fives-timeout", type=seconds, default=10.0, help="seconds per case")
    group.addoption(
        "--fives-startup-timeout",
        type=seconds,
        default=20.0,
        help="seconds for the adapter to start and send ready",
    )
    group.addoption(
        "--fives-known-failures",
        metavar="FILE",
        help="case IDs/globs expected to fail, one per line: they run as xfail",
    )


def _rerun_prefix(config: pytest.Config) -> str:
    """The pytest command that re-runs one case when ``--fives-case ID`` is added: the
    adapter option as given, and ``-m fives`` so the project's own tests stay out."""
    program = config.getoption("--fives-adapter")
    option = (
        ("--fives-adapter", program)
        if program
        else ("--fives-python", config.getoption("--fives-python") or "")
    )
    return rerun.command("pytest", *option, "-m", "fives")


def _make_adapter(config: pytest.Config) -> Adapter | None:
    command = config.getoption("--fives-adapter")
    if command is not None:
        timeouts = (
            config.getoption("--fives-timeout"),
            config.getoption("--fives-startup-timeout"),
        )
        return Reach(PROGRAM, command, *timeouts).open()
    spec = config.getoption("--fives-python")
    return Reach(PYTHON, spec).open() if spec is not None else None


class _Session:
    """One adapter for the whole pytest session, started on first use; a failed start is
    tried once, and every case then errors at once with its reason."""

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.info: AdapterInfo | None = None
        self.refused: AdapterRefused | None = None

    def ensure(self) -> AdapterInfo:
        if self.refused is not None:
            raise self.refused
        if self.info is None:
            try:
                self.info = self.adapter.start()
            except AdapterRefused as exc:
                self.refused = exc
                raise
        return self.info

    def close(self) -> None:
        if self.info is not None:
            self.adapter.stop()


_KEY = pytest.StashKey[_Session]()


class FivesCaseItem(pytest.Item):
    def __init__(self, *, case: Case, **kw: Any) -> None:
        super().__init__(**kw)
        self.case = case
        self.result: Result | None = None
        self.add_marker(pytest.mark.fives)
        for name in (case.game, case.capability, case.level):
            self.add_marker(getattr(pytest.mark, marker(name)))

    def setup(self) -> None:
        try:
            self.config.stash[_KEY].ensure()
            return
        except AdapterRefused as exc:
            reason = str(exc)
        # failing in setup makes the case an error, shown as one line; the session stops
        # there: every other case would give the same error (76 of them, 233 lines, did)
        said = f"fives: cannot certify this implementation: {reason}"
        self.session.shouldfail = said
        pytest.fail(said, pytrace=False)

    def runtest(self) -> None:
        session = self.config.stash[_KEY]
        info = session.ensure()
        reason = skip_reason(info, self.case)
        if reason:
            pytest.skip(reason)
        self.result = run_case(session.adapter, self.case, info.places)
        if self.result.status == SKIP:
            pytest.skip(self.result.message)
        if self.result.status in (FAIL, ERROR):
            if self.case.level != "must":
                # counted apart, as ``fives certify`` counts it: a documented reading
                # answered otherwise withholds no certificate, so it fails no pytest run
                pytest.xfail(
                    f"{self.case.level} ({self.case.interpretation}): answered otherwise;"
                    f" {failure_summary(self.result)}"
                )
            # the first line is pytest's short summary: the rule and the field, not the ID
            text = describe_failure(self.result, _rerun_prefix(self.config), "--fives-case")
            raise AssertionError(f"{failure_summary(self.result)}\n{text}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, AssertionError) and self.result is not None:
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[str, int, str]:
        return str(self.case.path), 0, f"fives case {self.case.id}"


class FivesSuite(pytest.Collector):
    """The suite's selected cases under one node, ``fives``."""

    def __init__(self, *, cases: list[Case], **kw: Any) -> None:
        super().__init__(**kw)
        self.cases = cases

    def collect(self) -> list[pytest.Item]:
        return [FivesCaseItem.from_parent(self, name=c.id, case=c) for c in self.cases]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fives: a case of the Fives conformance suite")
    names = {
        **{game: find_game(game).title for game in game_names()},
        **levels.LEVELS,
        **REQUIREMENTS,
    }
    for name, text in names.items():
        config.addinivalue_line("markers", f"{marker(name)}: {text}")
    if config.getoption("--fives-adapter") and config.getoption("--fives-python"):
        # as ``fives certify`` refuses them: one of the two would be certified, silently
        raise pytest.UsageError("fives: --fives-adapter and --fives-python: give one, not both")
    try:
        adapter = _make_adapter(config)
    except AdapterRefused as exc:
        raise pytest.UsageError(f"fives: {exc}") from None
    if adapter is not None:
        config.stash[_KEY] = _Session(adapter)


def _known_failures(config: pytest.Config) -> list[str]:
    path = config.getoption("--fives-known-failures")
    if not path:
        return []
    try:
        entries = read_known_failures(Path(path))
    except (OSError, UnicodeDecodeError) as exc:
        raise pytest.UsageError(f"fives: cannot read the known failures {path}: {exc}") from None
    problems = unmatched_entries(entries, [case.id for case in load_cases()])
    if problems:
        raise pytest.UsageError(f"fives: {path}: " + "; ".join(problems))
    return entries


@pytest.hookimpl(tryfirst=True)  # before -m and -k deselect
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    if _KEY not in config.stash:
        return
    filters = Filters.of(
        games=config.getoption("--fives-game"),
        levels=config.getoption("--fives-level"),
        patterns=config.getoption("--fives-case"),
    )
    problems = unknown_names(filters)
    if problems:
        raise pytest.UsageError("fives: " + "; ".join(problems))
    known = _known_failures(config)
    cases = split(load_cases(), filters)[0]
    suite = FivesSuite.from_parent(session, name="fives", nodeid="fives", cases=cases)
    collected = suite.collect()
    for item in collected:
        entry = next((e for e in known if fnmatch.fnmatchcase(item.name, e)), None)
        if entry is not None:
            item.add_marker(pytest.mark.xfail(reason=f"known failure (listed as {entry!r})"))
            item.stash[_LISTED] = entry
    # reported as collected, so the header counts the cases ("collected 386 items")
    nodes: list[pytest.Item | pytest.Collector] = list(collected)
    config.hook.pytest_collectreport(
        report=pytest.CollectReport(suite.nodeid, "passed", None, nodes)
    )
    items.extend(collected)


_ITEMS = pytest.StashKey[list[FivesCaseItem]]()
#: the known-failures entry that lists a case
_LISTED = pytest.StashKey[str]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A listed case that passes (XPASS) says which entry of the file to remove."""
    report: pytest.TestReport = yield
    entry = item.stash.get(_LISTED, None)
    if entry is not None and report.when == "call" and report.passed:
        path = item.config.getoption("--fives-known-failures")
        report.wasxfail = (
            f"passes, listed as a known failure by {entry!r}: remove that entry from {path}"
            + (" once every case it matches passes" if entry != item.name else "")
        )
    return report


def _likely_causes(terminalreporter: Any, results: list[Result]) -> None:
    """The likely causes, just above pytest's short summary: the rules to fix, most likely
    first. Each failure's line of the short summary then names the rule the whole run
    blames (the item, failing, could only name the rules its own fields implicate)."""
    if not any(r.status in (FAIL, ERROR) for r in results):
        return
    terminalreporter.write_sep("=", "fives: " + CAUSES_HEADING.lower())
    for line in cause_lines(results):
        terminalreporter.write_line(clean(line))
    blamed = blamed_rules(results)
    by_node = {f"fives::{r.case.id}": r for r in results}
    for report in terminalreporter.stats.get("failed", []):
        result = by_node.get(report.nodeid)
        if result is not None and isinstance(report.longrepr, str):
            rest = report.longrepr.split("\n", 1)[1:]
            head = failure_summary(result, blamed.get(result.case.id, ""))
            report.longrepr = "\n".join([head, *rest])


def pytest_collection_finish(session: pytest.Session) -> None:
    session.config.stash[_ITEMS] = [i for i in session.items if isinstance(i, FivesCaseItem)]


def unknown_markers(config: pytest.Config, expression: str) -> list[str]:
    """The names in a ``-m`` expression that no marker is registered as, each with the
    closest registered name where there is one: ``five_upp (did you mean five_up?)``."""
    known = {
        re.split(r"[(:]", str(line), maxsplit=1)[0].strip() for line in config.getini("markers")
    }
    out = []
    for name in re.findall(r"[A-Za-z_][\w]*", expression):
        if name in known or name in ("and", "or", "not"):
            continue
        close = difflib.get_close_matches(name, sorted(known), n=1)
        out.append(f"{name} (did you mean {close[0]}?)" if close else name)
    return out


def pytest_terminal_summary(
    terminalreporter: Any, exitstatus: int, config: pytest.Config
) -> None:
    """The likely causes of the failures (:mod:`.reports.causes`), then what the cases that
    ran cover (:mod:`.covers`), as every certificate says them; a case that did not run
    (deselected, or the session stopped) is left out. Under pytest-xdist the cases run in
    the workers, and nothing is shown. When ``-m`` deselected everything and names a marker
    that does not exist, the hint says which, and the closest one."""
    expression = str(config.getoption("markexpr", "") or "")
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED and expression:
        unknown = unknown_markers(config, expression)
        if unknown:
            terminalreporter.write_line(
                f"fives: -m {expression!r} names no marker: {', '.join(unknown)}"
                " (pytest --markers lists them)"
            )
    items = config.stash.get(_ITEMS, [])
    info = config.stash[_KEY].info if _KEY in config.stash else None
    if info is None or not items:
        return
    _likely_causes(terminalreporter, [i.result for i in items if i.result is not None])
    results = {i.case.id: i.result for i in items if i.result is not None}
    selected = {i.case.id for i in items}
    run = Run(info, [])
    for case in load_cases():
        result = results.get(case.id)
        if result is not None:
            run.results.append(result)
        elif case.id in selected and skip_reason(info, case):
            run.results.append(Result(case, SKIP))
        else:
            run.left_out.append(case)
    covered = coverage(run)
    terminalreporter.write_sep("-", f"fives: {covered.heading}")
    for line in covered.lines():
        terminalreporter.write_line(f"  {line}")


def pytest_unconfigure(config: pytest.Config) -> None:
    if _KEY in config.stash:
        config.stash[_KEY].close()


@pytest.fixture(scope="session")
def fives_adapter(pytestconfig: pytest.Config) -> Iterator[Adapter]:
    """The implementation under test: the named adapter, or the reference engine in process."""
    if _KEY in pytestconfig.stash:
        shared = pytestconfig.stash[_KEY]
        try:
            shared.ensure()
        except AdapterRefused as exc:  # one line, as the case items report it
            pytest.fail(f"fives: cannot certify this implementation: {exc}", pytrace=False)
        yield shared.adapter
        return
    adapter = Reach(IN_PROCESS).open()
    adapter.start()
    yield adapter
    adapter.stop()


__all__ = ["SKIP", "FivesCaseItem"]
