"""Text an implementation sends (its name, version, stderr, messages, reply values) is
untrusted: a control character in it could clear the terminal, forge a line such as
"CERTIFIED", or make a JUnit file invalid XML. :func:`clean` is the one place such text
is made safe to show; every report passes what it shows through it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable

# C0 and C1 controls, DEL, lone surrogates, bidirectional overrides and isolates, the
# Unicode line and paragraph separators, and the two non-characters XML refuses.
_OTHERS = "\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff"
_UNSAFE = re.compile(f"[\x00-\x1f{_OTHERS}]")
_UNSAFE_BUT_LINES = re.compile(f"[\x00-\x08\x0b-\x1f{_OTHERS}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean(text: str, *, lines: bool = False) -> str:
    """``text`` with every unsafe character shown as an escape (``\\x1b``, ``\\u202e``).

    With ``lines``, line breaks and tabs are kept (a whole report); otherwise they are
    escaped too, so one value can never start a line of its own.
    """
    return (_UNSAFE_BUT_LINES if lines else _UNSAFE).sub(_escape, text)


#: a word longer than this in a message is a value given, not words: it is cut short
LONGEST_WORD = 200
_LONG_WORD = re.compile(f"\\S{{{LONGEST_WORD + 1},}}")


def shortened(message: str) -> str:
    """``message`` with each word longer than :data:`LONGEST_WORD` cut to its start and
    its length: a command line's value is echoed in an error line, whatever its size."""
    return _LONG_WORD.sub(lambda m: f"{m.group()[:40]}... ({len(m.group())} characters)", message)


def tell(line: str) -> None:
    """Print ``line`` on stderr, :func:`clean`: the commands' messages show paths and values
    as given, and an ESC, an OSC title or a U+202E in one must not reach the terminal."""
    print(clean(line), file=sys.stderr)


def clean_lines(lines: Iterable[str]) -> str:
    """``lines`` joined by line breaks, each :func:`clean` on its own: a line break inside
    one (a record's file name) is escaped, so it never ends a line, a list or a code block."""
    return "\n".join(clean(line) for line in lines)


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 error``, ``2 errors``, ``0 classes``: the count with its noun agreeing (``many``
    for a plural that is not the noun plus ``s``/``es``)."""
    if count == 1:
        return f"{count} {noun}"
    if many is None:
        many = noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")
    return f"{count} {many}"


# What lets text in Markdown become markup: HTML (``<script>``, ``<img onerror=...>``, an
# autolink ``<javascript:...>``, an entity), a link or image (``[x](javascript:...)``),
# code, emphasis, and a table's cell separator.
_MARKDOWN = re.compile(r"([\\`*_\[\]|])")
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def markdown(text: str) -> str:
    """``text`` as literal Markdown on one line: :func:`clean`, then every character that
    could start markup escaped, so an implementation's name or message never becomes a
    tag, a link or a table cell of its own."""
    escaped = _MARKDOWN.sub(r"\\\1", clean(text))
    return "".join(_HTML.get(c, c) for c in escaped)


def code_block(text: str) -> list[str]:
    """``text`` as the lines of a fenced code block whose fence is longer than any run of
    backticks in it, so no line inside can close the block early (CommonMark)."""
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence, text, fence]


def console_safe() -> None:
    """Let stdout and stderr show any text on any console: a character the console's
    encoding lacks (an ASCII locale, Windows' redirected output) is written as its escape
    instead of ending the command with ``UnicodeEncodeError``."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
