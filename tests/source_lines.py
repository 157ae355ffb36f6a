"""Reading the sources' one-line diagram descriptions through the glossary.

The Chinese seeds write each layout diagram on one line in a fixed form. The fixtures
store those lines verbatim next to their English facts; this module translates a line
term by term (glossary of the seeds' README) so a test can prove the two agree.
"""

from __future__ import annotations

import re
from typing import Any

GLOSSARY = {
    "小点数端": "small end",
    "大点数端": "big end",
    "直线侧A": "straight side A",
    "直线侧B": "straight side B",
    "侧分支A": "side branch A",
    "侧分支B": "side branch B",
}
NONE = "无"


def _terms(text: str) -> str:
    for zh, en in GLOSSARY.items():
        text = text.replace(zh, en)
    return text


def _items(field: str, sep: str) -> list[str]:
    field = field.strip().rstrip(".").strip()
    if field == NONE:
        return []
    return [_terms(item.strip()) for item in field.split(sep)]


def translate(line: str) -> dict[str, Any]:
    """The facts of one diagram line, in the fixtures' English notation."""
    m = re.fullmatch(
        r"计入的单端计分值：(?P<arith>[^.]+)\. "
        r"出牌加分：(?P<raw>\d+) 原始分 \((?P<disp>\d+) 显示分\)\."
        r" 骨牌：(?P<tiles>.+?) 分叉双牌：(?P<spinners>.+?) 连接：(?P<conns>.+?)"
        r" 可接牌位置：(?P<attach>.+?) 计入的单端计分值：(?P<ends>.+)",
        line.strip(),
    )
    if m is None:
        raise ValueError(f"not a diagram line of the sources: {line!r}")
    arith = m.group("arith").strip()
    return {
        "tiles": _items(m.group("tiles"), ","),
        "spinners": _items(m.group("spinners"), ","),
        "connections": _items(m.group("conns"), ";"),
        "attach_points": _items(m.group("attach"), ";"),
        "scoring_ends": _items(m.group("ends"), ";"),
        "arithmetic": arith,
        "total": int(arith.split("=")[-1]),
        "score": {"raw": int(m.group("raw")), "display": int(m.group("disp"))},
    }
