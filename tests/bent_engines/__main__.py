"""Print which cases catch each bent engine, and where the likely causes rank its bent
rule: ``python -m tests.bent_engines``."""

from __future__ import annotations

from fives_tools.certify.adapters.python import PythonAdapter
from fives_tools.certify.cases import load_cases
from fives_tools.certify.findings.status import ERROR, FAIL
from fives_tools.certify.judge.causes import likely_causes
from fives_tools.certify.runner import run_cases

from .catalog import ALL


def main() -> None:
    cases = load_cases()
    for bent_type in ALL:
        bent = bent_type()
        run = run_cases(PythonAdapter(bent, bent_type.__name__), cases)
        failing = [r for r in run.results if r.status in (FAIL, ERROR)]
        naming = [r.case.id for r in failing if bent.BENT_RULE in r.case.rules]
        print(f"{bent_type.__name__}: {bent.MISTAKE} [{bent.BENT_RULE}]")
        print(
            f"  {len(failing)} cases fail, {len(naming)} of them name the bent rule: "
            + ", ".join(naming[:4])
            + (" ..." if len(naming) > 4 else "")
        )
        ranked = [cause.rule for cause in likely_causes(run.results)]
        rank = ranked.index(bent.BENT_RULE) + 1 if bent.BENT_RULE in ranked else None
        print(f"  likely causes: the bent rule ranks {rank}; first {ranked[:3]}")


if __name__ == "__main__":
    main()
