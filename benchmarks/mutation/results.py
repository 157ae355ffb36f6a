"""mutmut's verdicts read back from the staging folder, and the committed equivalents.

A mutant counts as killed only when a ``must`` case failed or errored (mutmut's "killed");
every other verdict (survived, no test reached it, timeout, ...) is a survivor unless
``equivalents.yaml`` says why no reply can differ.
"""

from __future__ import annotations

import ast
import fnmatch
import json
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

EQUIVALENTS = Path(__file__).with_name("equivalents.yaml")
ENGINE = Path(__file__).resolve().parents[2] / "reference_engine"
SEPARATOR = chr(0x01C1)  # mutmut's separator of class and method in a mutant's name

#: mutmut 3's exit codes (mutmut.stats.status_by_exit_code), the ones a run produces.
STATUS = {
    1: "killed",
    3: "killed",
    0: "survived",
    5: "no tests",
    33: "no tests",
    34: "skipped",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
    -11: "segfault",
    -9: "segfault",
    None: "not checked",
}
KILLED = "killed"
#: Why a survivor needs no fixture: no reply can differ; only requests outside the valid
#: inputs (or none at all) reach it, a scope choice; only an interpretation can tell it apart.
EQUIVALENT, OUTSIDE, INTERPRETATION = "equivalent", "outside", "interpretation"
KINDS = (EQUIVALENT, OUTSIDE, INTERPRETATION)


@dataclass(frozen=True)
class Equivalent:
    """Mutants (a name or an ``fnmatch`` pattern over names) and why no reply can differ.

    With ``change: message`` the entry covers only mutants that change what a ``raise``
    statement says (:func:`message_only`), not whether or what it raises.
    """

    pattern: str
    kind: str
    why: str
    change: str = ""

    def matches(self, mutant: str, diff: str = "") -> bool:
        if not fnmatch.fnmatchcase(mutant, self.pattern):
            return False
        return not self.change or message_only(mutant, diff)


@dataclass(frozen=True)
class Tally:
    """One run's verdicts, with the equivalents applied."""

    status: dict[str, str]  # mutant name -> mutmut's verdict
    equivalent: dict[str, Equivalent]  # surviving mutant -> the entry that explains it

    @property
    def total(self) -> int:
        return len(self.status)

    @property
    def killed(self) -> int:
        return sum(1 for s in self.status.values() if s == KILLED)

    @property
    def open(self) -> list[str]:
        """Survivors no equivalents entry explains: each wants a fixture."""
        return sorted(m for m, s in self.status.items() if s != KILLED and m not in self.equivalent)

    @property
    def scored(self) -> int:
        """Mutants a valid request can show: all but the equivalent and outside ones."""
        return self.total - sum(1 for e in self.equivalent.values() if e.kind != INTERPRETATION)

    @property
    def outside(self) -> int:
        """Mutants left out of the score as a scope choice: only bad requests, or none, reach
        them."""
        return sum(1 for e in self.equivalent.values() if e.kind == OUTSIDE)

    @property
    def score(self) -> float:
        return self.killed / self.scored if self.scored else 1.0

    def counts(self) -> Counter[str]:
        return Counter(self.status.values())

    def unused(self, entries: list[Equivalent]) -> list[Equivalent]:
        """Entries that explain no survivor (stale after an engine change, or now killed)."""
        used = set(self.equivalent.values())
        return [e for e in entries if e not in used]


def read_runs(path: Path) -> list[dict[str, Any]]:
    """The runs ``python -m benchmarks.mutation run`` recorded: seconds, children, retested."""
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    return [data] if isinstance(data, dict) else list(data)


def read_status(stage: Path) -> dict[str, str]:
    """Every mutant's verdict, from the ``.meta`` files mutmut writes beside each mutant file."""
    out: dict[str, str] = {}
    for meta in sorted((stage / "mutants").rglob("*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        for name, code in codes.items():
            out[name] = STATUS.get(code, f"exit code {code}")
    return out


def read_entries(path: Path, key: str, required: str) -> list[dict[str, Any]]:
    """The list ``key`` of a committed reasons file, each entry a mapping with ``required``
    and ``why``; a malformed entry is reported with its position and field."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    entries = data.get(key) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ValueError(f"{path}: expected a mapping with a list '{key}'")
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or not entry.get(required) or not entry.get("why"):
            raise ValueError(f"{path}: {key}[{i}]: expected '{required}' and 'why'")
    return entries


def load_equivalents(path: Path = EQUIVALENTS) -> list[Equivalent]:
    """The committed list; a malformed entry is reported with its position and field."""
    out = []
    for i, entry in enumerate(read_entries(path, "equivalents", "mutant")):
        names = entry["mutant"] if isinstance(entry["mutant"], list) else [entry["mutant"]]
        if entry.get("kind") not in KINDS:
            raise ValueError(f"{path}: equivalents[{i}].kind: expected one of {', '.join(KINDS)}")
        why = " ".join(str(entry["why"]).split())
        change = str(entry.get("change", ""))
        if change not in ("", "message"):
            raise ValueError(f"{path}: equivalents[{i}].change: expected 'message'")
        out += [Equivalent(str(name), str(entry["kind"]), why, change) for name in names]
    return out


def tally(stage: Path, entries: list[Equivalent]) -> Tally:
    status = read_status(stage)
    survivors = [m for m, verdict in status.items() if verdict != KILLED]
    diff = diffs(stage, survivors) if any(e.change for e in entries) else {}
    equivalent = {}
    for mutant in survivors:
        entry = next((e for e in entries if e.matches(mutant, diff.get(mutant, ""))), None)
        if entry is not None:
            equivalent[mutant] = entry
    return Tally(status, equivalent)


def _changed_lines(diff: str) -> tuple[list[str], list[str]]:
    lines = diff.splitlines()
    removed = [line[1:] for line in lines if line.startswith("-") and not line.startswith("---")]
    added = [line[1:] for line in lines if line.startswith("+") and not line.startswith("+++")]
    return removed, added


def _function(mutant: str) -> tuple[list[str], ast.FunctionDef | None]:
    """The source lines of the mutant's module and the definition of its function."""
    module, _, function = mutant.partition("__mutmut_")[0].rpartition(".")
    path = ENGINE / Path(*module.split(".")).with_suffix(".py")
    source = path.read_text(encoding="utf-8")
    owner, name = None, function[2:]
    if function.startswith("x" + SEPARATOR):
        owner, _, name = function[2:].partition(SEPARATOR)
    for node in ast.walk(ast.parse(source)):
        body = node.body if isinstance(node, ast.ClassDef) and node.name == owner else None
        scope = body if body is not None else ([node] if owner is None else [])
        for fn in scope:
            if isinstance(fn, ast.FunctionDef) and fn.name == name:
                return source.splitlines(), fn
    return source.splitlines(), None


_RULE_ID = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+")
_MESSAGE = "<message>"


class _Words(ast.NodeTransformer):
    """Blank the words of a message: string literals that are not rule IDs, f-strings and
    None (mutmut's stand-in for an argument); the expressions inside f-strings are kept
    apart (``inside``). Rule IDs, names and calls stay as they are."""

    def __init__(self) -> None:
        self.inside: Counter[str] = Counter()

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                self.inside[ast.dump(part)] += 1
        return ast.Constant(_MESSAGE)

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if value is None or (isinstance(value, str) and not _RULE_ID.fullmatch(value)):
            return ast.Constant(_MESSAGE)
        return node


def _shape(text: str) -> tuple[str, Counter[str]] | None:
    """A raise statement with its words blanked, and the expressions its f-strings hold;
    None if the text is no statement."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    words = _Words()
    return ast.dump(words.visit(tree)), words.inside


def message_only(mutant: str, diff: str) -> bool:
    """Only what a ``raise`` says changes: the changed lines lie inside one ``raise``
    statement of the mutant's function, with every message word blanked the statement is
    the same before and after, and no expression inside an f-string is new.

    A rule ID changed, dropped or replaced is not a message: every refusal of the reference
    adapter names its rule, and the published equivalence rules compare a rule that is
    named (fives_tools.certify.compare), so such a mutant shows in a reply."""
    removed, added = _changed_lines(diff)
    if not removed:
        return False
    lines, fn = _function(mutant)
    if fn is None:
        return False
    for node in ast.walk(fn):
        if not isinstance(node, ast.Raise):
            continue
        first, last = node.lineno, node.end_lineno or node.lineno
        # stripped: the continuation lines of a raise lie inside its brackets
        before = [line.strip() for line in lines[first - 1 : last]]
        cut = [line.strip() for line in removed]
        at = next(
            (i for i in range(len(before)) if before[i : i + len(cut)] == cut),
            None,
        )
        if at is None:
            continue
        after = [*before[:at], *(line.strip() for line in added), *before[at + len(cut) :]]
        old, new = _shape("\n".join(before)), _shape("\n".join(after))
        # an f-string dropped whole is a message; one whose expression changed may crash
        return old is not None and new is not None and old[0] == new[0] and new[1] <= old[1]
    return False


_DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
out = {}
for name in sys.argv[1:]:
    try:
        out[name] = get_diff_for_mutant(name)
    except Exception as exc:
        out[name] = f"(no diff: {type(exc).__name__}: {exc})"
print(json.dumps(out))
"""


def diffs(stage: Path, mutants: list[str]) -> dict[str, str]:
    """Each mutant's diff, from mutmut in a child process (mutmut is an optional extra)."""
    if not mutants:
        return {}
    done = subprocess.run(
        [sys.executable, "-c", _DIFFS, *mutants],
        cwd=stage,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, str] = json.loads(done.stdout)
    return found
