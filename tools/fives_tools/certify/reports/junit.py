"""JUnit XML, written the same way by every command that writes it (``fives certify``,
``fives fuzz``): whatever an implementation said is cleaned of the control characters
XML 1.0 cannot carry at all (a report with one is no XML a CI page can read), the tree is
indented, and the file is written whole or not at all (:mod:`fives_tools.files`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from fives_tools import files
from fives_tools.text import clean


def case(
    suite: ET.Element,
    classname: str,
    name: str,
    time: str = "0",
    outcome: str = "",
    message: str = "",
    text: str | None = None,
) -> ET.Element:
    """A test case; ``outcome`` ``failure``, ``error`` or ``skipped`` (empty: it passed),
    with its message and text."""
    element = ET.SubElement(suite, "testcase", classname=classname, name=name, time=time)
    if outcome:
        detail = ET.SubElement(element, outcome, message=message)
        if outcome in ("failure", "error"):
            detail.set("type", "fail" if outcome == "failure" else "error")
        detail.text = text
    return element


def write(root: ET.Element, path: Path) -> None:
    """``root`` as a JUnit file at ``path``: every text and attribute cleaned, indented,
    written atomically."""
    for element in root.iter():
        element.text = element.text and clean(element.text, lines=True)
        element.attrib = {k: clean(v) for k, v in element.attrib.items()}
    ET.indent(root)
    files.write_bytes(path, ET.tostring(root, encoding="utf-8", xml_declaration=True))


__all__ = ["case", "write"]
