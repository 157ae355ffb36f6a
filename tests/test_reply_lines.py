"""The runner reads a program's replies itself, line by line: the limit on a reply's size
holds to the byte, an over-long line is skipped to its end and counted, and the output's
last line counts without its newline."""

from __future__ import annotations

import os

from fives_tools.certify.adapters.program import _EOF, _Lines, _TooLong


def _read_all(data: bytes, limit: int) -> list[object]:
    """What the runner's line reader makes of ``data`` (less than a pipe holds), written
    at once, then closed."""
    read, write = os.pipe()
    os.write(write, data)
    os.close(write)
    lines = _Lines(read, limit)
    out: list[object] = []
    try:
        while True:
            item = lines.next()
            if item is None:
                assert lines.wait(1.0), "the end of the output never came"
                continue
            if item is _EOF:
                return out
            out.append(("too long", item.size) if isinstance(item, _TooLong) else item)
    finally:
        os.close(read)


def test_the_line_reader_keeps_the_reply_size_limit_to_the_byte() -> None:
    """A line of ``limit`` bytes (its newline aside) is read; one byte more is too long,
    skipped to its end with its size counted (newline included); a last line without a
    newline is read as it is, or counted when too long."""
    ok, over = b"a" * 8 + b"\n", b"b" * 9 + b"\n"
    assert _read_all(ok + over + b"{}\n", 8) == [ok, ("too long", 10), b"{}\n"]
    assert _read_all(ok + b"c" * 5, 8) == [ok, b"c" * 5]
    assert _read_all(b"d" * 60_000 + b"\n" + ok, 8) == [("too long", 60_001), ok]
    assert _read_all(b"e" * 9, 8) == [("too long", 9)]
