"""Which cases and scenarios exercise which rules: the coverage matrix.

Fixture cases name their rules; scenarios carry ``@rule:<ID>`` tags (and inherit their
feature's tags), read with pytest-bdd's own Gherkin parser so outlines expand exactly as
they run. The matrix is what the suite's own tests check (every rule exercised,
every cited rule existing) and what ``fives coverage`` prints.

A rule a game states without a reading (no ``interpretation``) is a ``must`` rule of that
game, and needs a ``must`` case of its own: one whose primary rule it is. A rule checked
only where it is touched, or only by implementation-defined cases, is not isolated: a
certificate could not name it when it breaks.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from fives_engine import find_game, game_names
from fives_tools.certify.cases import Case, load_cases
from fives_tools.text import plural


@dataclass(frozen=True)
class Scenario:
    """One concrete scenario (an outline contributes one per example row)."""

    path: Path
    line: int
    name: str
    tags: frozenset[str]
    steps: tuple[str, ...]

    @property
    def rules(self) -> frozenset[str]:
        return frozenset(t[len("rule:") :] for t in self.tags if t.startswith("rule:"))

    @property
    def games(self) -> frozenset[str]:
        return frozenset(t for t in self.tags if t in game_names())

    @property
    def where(self) -> str:
        return f"{self.path.name}:{self.line}"


def features_dir() -> Path:
    return Path(str(resources.files("fives_features")))


def read_scenarios(root: Path | None = None) -> list[Scenario]:
    """Every concrete scenario of the feature files, parsed by pytest-bdd itself (imported
    here: it brings pytest, a third of a second that ``fives certify`` does not need)."""
    from pytest_bdd.feature import get_feature

    base = root or features_dir()
    out = []
    for path in sorted(base.rglob("*.feature")):
        feature = get_feature(str(base), str(path.relative_to(base)))
        for template in feature.scenarios.values():
            contexts: list[tuple[dict[str, str], set[str]]] = [
                (context, set(example.tags))
                for example in template.examples
                for context in example.as_contexts()
            ] or [({}, set())]
            for context, example_tags in contexts:
                scenario = template.render(context)
                tags = set(feature.tags) | set(template.tags) | example_tags
                out.append(
                    Scenario(
                        path,
                        template.line_number,
                        scenario.name,
                        frozenset(tags),
                        tuple(step.name for step in scenario.steps),
                    )
                )
    return out


def matrix(
    cases: list[Case] | None = None, scenarios: list[Scenario] | None = None
) -> dict[str, dict[str, list[str]]]:
    """game -> rule ID -> the case IDs and scenario places that exercise it."""
    cases = load_cases() if cases is None else cases
    scenarios = read_scenarios() if scenarios is None else scenarios
    out: dict[str, dict[str, list[str]]] = {}
    for game in game_names():
        rows: dict[str, list[str]] = defaultdict(list)
        for rule_id in find_game(game).rules:
            rows[rule_id] = []
        for case in cases:
            if case.game == game:
                for rule_id in case.rules:
                    rows[rule_id].append(case.id)
        for scenario in scenarios:
            if game in scenario.games:
                for rule_id in scenario.rules:
                    if rule_id in rows:
                        rows[rule_id].append(f"scenario {scenario.where}")
        out[game] = dict(rows)
    return out


def requirement(game: str, rule_id: str) -> str:
    """``must`` for a rule the game states, ``implementation-defined`` for a reading."""
    rule = find_game(game).rules[rule_id]
    return "implementation-defined" if rule.interpretation else "must"


def own_must_cases(cases: list[Case] | None = None) -> dict[str, dict[str, list[str]]]:
    """game -> rule ID -> the ``must`` cases whose primary rule it is."""
    cases = load_cases() if cases is None else cases
    out: dict[str, dict[str, list[str]]] = {
        game: {rule_id: [] for rule_id in find_game(game).rules} for game in game_names()
    }
    for case in cases:
        if case.level == "must" and case.primary in out.get(case.game, {}):
            out[case.game][case.primary].append(case.id)
    return out


def without_own_must_case(cases: list[Case] | None = None) -> list[tuple[str, str]]:
    """(game, rule ID) of every ``must`` rule that no ``must`` case has as its primary."""
    own = own_must_cases(cases)
    return [
        (game, rule_id)
        for game, rows in own.items()
        for rule_id, ids in rows.items()
        if not ids and requirement(game, rule_id) == "must"
    ]


def render(
    table: dict[str, dict[str, list[str]]], own: dict[str, dict[str, list[str]]] | None = None
) -> str:
    """The matrix for people; with ``own``, also each rule's must cases of its own."""
    lines = []
    for game, rows in table.items():
        lines.append(f"{find_game(game).title} ({game})")
        width = max((len(r) for r in rows), default=0)
        for rule_id, refs in rows.items():
            n_cases = sum(1 for r in refs if not r.startswith("scenario"))
            line = f"  {rule_id:<{width}}  {n_cases:3d} cases {len(refs) - n_cases:3d} scenarios"
            flag = "   <- NOT EXERCISED" if not refs else ""
            if own is not None:
                n_own = len(own[game].get(rule_id, []))
                line += f" {n_own:3d} primary in must cases"
                if not n_own and requirement(game, rule_id) == "must" and not flag:
                    flag = "   <- NO MUST CASE OF ITS OWN"
            lines.append(line + flag)
    return "\n".join(lines)


def render_which(table: dict[str, dict[str, list[str]]], rules: list[str]) -> str:
    """Which cases and scenarios exercise each of ``rules``, per game that has the rule."""
    lines = []
    for rule_id in rules:
        for game, rows in table.items():
            if rule_id not in rows:
                continue
            refs = rows[rule_id]
            scenarios = sum(ref.startswith("scenario") for ref in refs)
            lines.append(
                f"{rule_id} in {find_game(game).title} ({game}):"
                f" {plural(len(refs) - scenarios, 'case')}, {plural(scenarios, 'scenario')}"
            )
            lines += [f"  {ref}" for ref in refs]
    return "\n".join(lines)
