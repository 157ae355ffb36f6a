"""The package tree is the architecture: no module of the tools imports, directly or
through others, a module that imports it back (an import circle works only while every
import in it is deferred, and breaks the first time someone moves one)."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

ROOTS = ("fives_tools", "fives_openspiel", "fives_engine", "fives_fast")


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for root in ROOTS:
        spec = importlib.util.find_spec(root)  # located, not imported (pyspiel is optional)
        assert spec is not None and spec.submodule_search_locations, root
        base = Path(next(iter(spec.submodule_search_locations)))
        for path in base.rglob("*.py"):
            parts = [root, *path.relative_to(base).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:``."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports anywhere in its body (deferred ones too), less
    those imported only for the type checker."""
    out: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in _runtime_nodes(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                out.add(target if target in modules else base)
    return {m for m in out if m in modules and m != name}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_module_imports_itself_back() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_engine_imports_nothing_of_the_tools() -> None:
    """Not even deferred: the engine's pictures come through an entry point
    (fives_engine.display), so the engine is a package of its own."""
    modules = _modules()
    for name, path in modules.items():
        if name.startswith("fives_engine"):
            tools = {m for m in _imports(name, path, modules) if not m.startswith("fives_engine")}
            assert not tools, f"{name} imports {sorted(tools)}"


def _reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def test_the_reports_link_rules_without_the_book_builder() -> None:
    """The certificate and comparison link to the rule books through the rule anchors
    (fives_tools.rule_links), never by importing the books' own builder; and ``render``
    draws pictures, it builds no book."""
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    for name in modules:
        if name.startswith(("fives_tools.certify.", "fives_tools.render")):
            books = sorted(m for m in _reached(graph, name) if m.startswith("fives_tools.book"))
            assert not books, f"{name} reaches {books}"


def test_the_cycle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _cycle(graph) == ["a", "b", "c", "a"]


def test_the_judge_serves_every_evidence_and_imports_none() -> None:
    """certify/judge is what the cases' blame, fuzz's classes and the audit are all judged
    by: it reaches none of the evidence producers' own modules (fuzz, the audit) nor the
    reports, so none can bend it to its own, and the reports only render what it decided."""
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    users = ("reports", "fuzz", "observe")
    evidences = tuple(f"fives_tools.certify.{package}" for package in users)
    judge = [name for name in modules if name.startswith("fives_tools.certify.judge")]
    assert len(judge) > 1
    for name in judge:
        reached = sorted(m for m in _reached(graph, name) if m.startswith(evidences))
        assert not reached, f"{name} reaches {reached}"


def _package(module: str) -> str:
    """The part of the harness a module belongs to: its package under
    ``fives_tools.certify`` (a module directly there is a part of its own), else its
    top-level package."""
    parts = module.split(".")
    if parts[:2] == ["fives_tools", "certify"] and len(parts) > 2:
        return ".".join(parts[:3])
    return ".".join(parts[:2]) if parts[0] == "fives_tools" and len(parts) > 1 else parts[0]


def _package_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        mine = _package(name)
        graph.setdefault(mine, set())
        graph[mine] |= {_package(m) for m in _imports(name, path, modules)} - {mine}
    return graph


def test_no_package_imports_another_that_imports_it_back() -> None:
    """The floors of the harness stand on each other one way: producers (cases, fuzz,
    the audit) below the judge's verdicts, the reports above both; no two packages reach
    each other, even through a third."""
    graph = _package_graph()
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_package_cycle_finder_sees_two_packages_importing_each_other() -> None:
    """The check above fails on the defect it claims to see: two modules of two packages
    importing each other's package make a circle of the packages."""
    assert _package("fives_tools.certify.observe.replay") == "fives_tools.certify.observe"
    assert _package("fives_tools.certify.runner") == "fives_tools.certify.runner"
    assert _package("fives_tools.cli.audit") == "fives_tools.cli"
    graph = {"p.a": {"p.b"}, "p.b": {"p.a"}}
    assert _cycle(graph) == ["p.a", "p.b", "p.a"]


@pytest.mark.parametrize(
    "package", ["cases", "adapters", "findings", "judge", "reports", "fuzz", "observe"]
)
def test_the_harness_reads_in_the_order_of_a_run(package: str) -> None:
    """The harness's parts live under fives_tools.certify, one package each."""
    assert f"fives_tools.certify.{package}" in _modules()
