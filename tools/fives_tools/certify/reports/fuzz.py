"""The fuzz verdict, apart from the conformance certificate: console, JSON, JUnit, Markdown.

Every form leads with the same sentence ("random agreement with the reference engine:
N requests, M disagreements in K classes") and gives each class once: its shrunk request,
the differences, the rules involved and the command that reproduces it.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from fives_tools import files
from fives_tools import rerun as commands
from fives_tools.certify.adapters import protocol
from fives_tools.certify.fuzz.campaign import Outcome
from fives_tools.certify.fuzz.classes import DisagreementClass
from fives_tools.certify.fuzz.shrink import size
from fives_tools.certify.reports import junit

#: What every form of the fuzz report says it is.
APART = (
    "Reported apart from the conformance certificate: the reference engine's answers are"
    " not hand-worked expectations; a disagreement becomes a case once someone has worked"
    " it by hand from the sources."
)


def ordered(outcome: Outcome) -> list[DisagreementClass]:
    """The classes in the order they were first met, those on implementation-defined
    readings after the rest (a sentence of the sources broken comes first)."""
    return sorted(outcome.classes.values(), key=lambda c: (c.implementation_defined, c.first.index))


def rerun(prefix: str, cls: DisagreementClass) -> str:
    """The command that asks the class's first request again."""
    return commands.more(prefix, "--seed", str(cls.first.seed), "--index", str(cls.first.index))


def title(cls: DisagreementClass) -> str:
    """A class in one line: the request type, the fields that differ, the errors."""
    key = cls.key
    title = f"{key.type}: {', '.join(key.fields)} differ"
    if key.errors:
        title += f" (reference {key.errors[0]}, implementation {key.errors[1]})"
    if cls.implementation_defined:
        title += " [implementation-defined]"
    return title


def describe(cls: DisagreementClass, prefix: str) -> str:
    """One class in words, as the console and the JUnit failure text show it."""
    shown = cls.shown
    shrunk = (
        f" (shrunk from {size(cls.first.request)} to {size(shown.request)} characters)"
        if cls.shrunk is not None
        else ""
    )
    lines = [
        title(cls),
        f"  found {cls.count} times; first at index {cls.first.index} (recipe {cls.first.recipe})",
        f"  rules involved: {', '.join(cls.key.rules) or '(none identified)'}",
        *(
            [f"  implementation-defined: readings {', '.join(shown.interpretations)}"]
            if cls.implementation_defined
            else []
        ),
        f"  request{shrunk}:",
        "    " + json.dumps(shown.request, ensure_ascii=False),
        "  differences (- reference engine, + implementation):",
        *("    " + m.describe().replace("\n", "\n    ") for m in shown.mismatches),
        f"  re-run: {rerun(prefix, cls)}",
    ]
    return "\n".join(lines)


def console(outcome: Outcome, prefix: str) -> str:
    info = outcome.implementation
    lines = [
        f"fives fuzz: {info.name} {info.version} (seed {outcome.seed}, {outcome.seconds:.1f} s)",
    ]
    for number, cls in enumerate(ordered(outcome), 1):
        lines += ["", f"class {number}: " + describe(cls, prefix)]
    if outcome.invalid:
        lines += [
            "",
            f"note: the reference engine refused {len(outcome.invalid)} generated requests"
            f" (indices {', '.join(map(str, outcome.invalid[:10]))}): a generator bug,"
            " not the implementation's",
        ]
    lines += ["", outcome.verdict()]
    return "\n".join(lines) + "\n"


#: What the JSON report says it is, for ``fives report`` to read it back.
KIND = "fuzz"


def to_json(outcome: Outcome, prefix: str) -> dict[str, Any]:
    info = outcome.implementation
    return {
        "report": KIND,
        "verdict": outcome.verdict(),
        "implementation": {"name": info.name, "language": info.language, "version": info.version},
        "suite": protocol.suite_version(),
        "seed": outcome.seed,
        "rerun_prefix": prefix,  # each re-run command's start
        "requests": outcome.requests,
        "disagreements": outcome.disagreements,
        "implementation_defined_disagreements": sum(
            c.count for c in outcome.classes.values() if c.implementation_defined
        ),
        "classes": [
            {
                "type": cls.key.type,
                "fields": list(cls.key.fields),
                "rules": list(cls.key.rules),
                "errors": _errors(cls),
                "implementation_defined": cls.implementation_defined,
                "interpretations": list(cls.first.interpretations),
                "count": cls.count,
                "index": cls.first.index,
                "recipe": cls.first.recipe,
                "shrunk": cls.shrunk is not None,
                "request": cls.shown.request,
                "original_request": cls.first.request,
                "differences": [
                    {"field": m.field, "expected": m.expected, "got": m.got}
                    for m in cls.shown.mismatches
                ],
                "rerun": rerun(prefix, cls),
            }
            for cls in ordered(outcome)
        ],
        "findings": [cls.shown.finding(rerun(prefix, cls)).to_json() for cls in ordered(outcome)],
        "invalid_requests": outcome.invalid,
        "seconds": round(outcome.seconds, 3),
        **({"interrupted": outcome.interruption.to_json()} if outcome.interruption else {}),
    }


def _errors(cls: DisagreementClass) -> dict[str, str] | None:
    """The two replies' error kinds (``none`` for no error), or None when neither errs."""
    if not cls.key.errors:
        return None
    return {"reference": cls.key.errors[0], "implementation": cls.key.errors[1]}


def write_json(outcome: Outcome, path: Path, prefix: str) -> None:
    files.write_json(path, to_json(outcome, prefix))


def write_junit(outcome: Outcome, path: Path, prefix: str) -> None:
    """One test case per class (a failure each), or one passing case when all agree."""
    classes = ordered(outcome)
    root = ET.Element("testsuites", name="fives fuzz")
    suite = ET.SubElement(
        root,
        "testsuite",
        name="random agreement with the reference engine",
        tests=str(max(1, len(classes))),
        failures=str(len(classes)),
        errors="0",
        skipped="0",
    )
    ET.SubElement(ET.SubElement(suite, "properties"), "property", name="verdict").set(
        "value", outcome.verdict()
    )
    for cls in classes:
        junit.case(
            suite,
            "fives.fuzz",
            title(cls),
            "0",
            "failure",
            rerun(prefix, cls),
            describe(cls, prefix),
        )
    if not classes:
        junit.case(suite, "fives.fuzz", outcome.verdict())
    junit.write(root, path)


def to_markdown(outcome: Outcome, prefix: str) -> str:
    info = outcome.implementation
    lines = [
        f"# Fuzz report: {info.name}",
        "",
        f"seed {outcome.seed} · suite {protocol.suite_version()} · **{outcome.verdict()}**",
        "",
        APART,
    ]
    for number, cls in enumerate(ordered(outcome), 1):
        lines += ["", f"## Class {number}: {title(cls)}", "", "```", describe(cls, prefix)]
        lines += ["```"]
    return "\n".join(lines) + "\n"


def write_markdown(outcome: Outcome, path: Path, prefix: str) -> None:
    files.write_text(path, to_markdown(outcome, prefix))
