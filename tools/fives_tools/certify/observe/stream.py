"""Reading observation records as a stream, one record at a time: from a file or standard
input (``-``), gzipped or not, as JSONL (one record a line), one JSON record, or a JSON
list of records. A log of any length is read in memory bounded by its largest record
(at most ``MAX_BYTES``), and each record is judged as soon as it is read; with
``follow``, a growing JSONL log is read on as ``tail -f`` reads it, each line judged once
it is complete.

A record that is not an observation record is a :class:`.LoadError` of its own, one
line naming the file, the line or record, and the field: the records around it are read
all the same. Only a file that cannot be read at all, or a JSON list broken where the
next record cannot be found, ends the file's stream.
"""

from __future__ import annotations

import codecs
import contextlib
import dataclasses
import errno
import gzip
import io
import itertools
import json
import os
import re
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, cast

from fives_engine.errors import RecordError
from fives_engine.record import MAX_BYTES, parse_json
from fives_tools.certify.observe.decode import read_record
from fives_tools.certify.observe.load import LoadError, check_record

#: Where a record is and what was read there: its record, or why it is none.
Read = tuple[str, "dict[str, Any] | LoadError"]
#: How long ``follow`` waits for a log to grow before it looks again.
POLL_SECONDS = 0.25
GZIP_MAGIC = b"\x1f\x8b"
#: How much is read at a time, and blank lines between records (passed over at once).
CHUNK = 1 << 16
BLANK = re.compile(rb"[ \t\r\n]*")
#: How far past ``MAX_BYTES`` an over-long line is read for its end before the file is
#: given up (so that the next record after an over-long line is still read).
SKIP_BYTES = 4 * MAX_BYTES


@contextlib.contextmanager
def opened(name: str) -> Iterator[IO[bytes]]:
    """The bytes of file ``name`` (``-``: standard input), ungzipped when they are gzip's."""
    if name == "-":
        if sys.stdin is None:  # started with it closed (``<&-``)
            raise OSError(errno.EBADF, "standard input is closed")
        yield _ungzipped(sys.stdin.buffer)
        return
    with Path(name).open("rb") as raw:
        yield _ungzipped(raw)


def _ungzipped(raw: IO[bytes]) -> IO[bytes]:
    buffered: Any = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)
    if buffered.peek(2)[:2] == GZIP_MAGIC:
        return cast(IO[bytes], gzip.GzipFile(fileobj=buffered))
    return cast(IO[bytes], buffered)


def records(
    name: str, follow: bool = False, wait: Callable[[float], None] = time.sleep
) -> Iterator[Read]:
    """Each record of file ``name``, labelled ``FILE``, ``FILE line 3`` or ``FILE record 2``,
    or the :class:`.LoadError` that says why what stands there is no record (its
    ``reason`` without the place, which the label gives)."""
    lines_only = follow or Path(name.removesuffix(".gz")).suffix in (".jsonl", ".ndjson")
    found = False
    try:
        with opened(name) as stream:
            documents = _documents(stream, lines_only, follow, wait, _rewound(stream), Unread)
            for where, item in documents:  # a log's lines decoded and checked at once
                found = True
                label = f"{name} {where}".strip()
                at = f"{name}: {where}" if where else name
                if isinstance(item, RecordError):
                    yield label, _refused(at, item)
                    continue
                try:
                    checked = read_record(item.text) if isinstance(item, Unread) else None
                    yield label, check_record(item) if checked is None else checked
                except RecordError as exc:
                    yield label, _refused(at, exc)
    except (OSError, EOFError, zlib.error) as exc:
        yield name, _refused(name, f"cannot read: {_unreadable(exc)}")
        return
    if not found:
        yield name, _refused(name, "no record in the file")


def _refused(at: str, why: object) -> LoadError:
    reason = " ".join(str(why).split())
    return LoadError(f"{at}: {reason}", reason)


def _unreadable(exc: OSError | EOFError | zlib.error) -> str:
    """Why a file's bytes could not be read: a gzip cut short or corrupt is named so."""
    if isinstance(exc, EOFError):
        return "the gzip data is cut short (the file ends inside it)"
    if isinstance(exc, zlib.error):
        return f"corrupt gzip data ({exc})"
    if isinstance(exc, gzip.BadGzipFile):
        return f"corrupt gzip data ({exc})"
    return exc.strerror or str(exc)


def _rewound(stream: IO[bytes]) -> Callable[[], bool] | None:
    """For a file read as it grows: whether it is now shorter than what was read of it,
    truncated under the reader (log rotation, ``copytruncate``). None for a stream that
    cannot say (a pipe, a gzip)."""
    if isinstance(stream, gzip.GzipFile):
        return None
    try:
        fd = stream.fileno()
        stream.tell()
    except (OSError, ValueError):
        return None
    return lambda: os.fstat(fd).st_size < stream.tell()


def read_file(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """Every record of the file at ``path`` (see :func:`records`); the first
    :class:`.LoadError` when any is no record (a log given to the certificate is read
    whole before any case runs)."""
    out = []
    for label, item in records(str(path)):
        if isinstance(item, LoadError):
            raise item
        out.append((label, item))
    return out


# -- the documents of a stream of bytes ------------------------------------------------
#: A line of the stream: its text, or why it is no text.
Line = tuple[int, "str | RecordError"]


def _documents(
    stream: IO[bytes],
    lines_only: bool,
    follow: bool,
    wait: Callable[[float], None],
    truncated: Callable[[], bool] | None = None,
    parse: Callable[[str], Any] | None = None,
) -> Iterator[tuple[str, Any]]:
    """(where, parsed JSON or the RecordError saying why not) for each document; the
    lines of a log after its first, what ``parse`` makes of their text."""
    lines = (line for line in _lines(stream, follow, wait, truncated) if _written(line[1]))
    first = next(lines, None)
    if first is None:
        return
    number, text = first
    if isinstance(text, str) and text.lstrip().startswith("[") and not lines_only:
        yield from _listed(text, lines)
        return
    parsed = _parse(text)
    cut_short = isinstance(text, str) and not lines_only and _cut_short(text)
    if isinstance(parsed, RecordError) and cut_short:
        yield "", _whole(str(text), lines)  # one record over several lines
        return
    following = next(lines, None)
    if following is None and not lines_only:
        yield "", parsed  # one record on its line: the file is that record
        return
    yield f"line {number}", parsed
    rest = lines if following is None else itertools.chain([following], lines)
    for n, line in rest:
        yield f"line {n}", line if isinstance(line, RecordError) else (parse or _parse)(line)


@dataclasses.dataclass(frozen=True)
class Unread:
    """The text of a line of a log, one record, not yet read."""

    text: str


def _cut_short(text: str) -> bool:
    """Whether ``text`` is JSON that stops before its value ends (``{``, ``{"game": 1,``):
    the first line of a record written over several lines. A line that is wrong before its
    end (``not a record``) is a bad line of a log, and the lines after it are its records."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return exc.pos >= len(text.rstrip())
    except (ValueError, RecursionError):
        return False
    return False


def _written(text: str | RecordError) -> bool:
    return not isinstance(text, str) or bool(text.strip())


def _parse(text: str | RecordError) -> Any:
    if isinstance(text, RecordError):
        return text
    try:
        return parse_json(text)
    except RecordError as exc:
        return exc


def _lines(
    stream: IO[bytes],
    follow: bool,
    wait: Callable[[float], None],
    truncated: Callable[[], bool] | None = None,
) -> Iterator[Line]:
    """The stream's lines as text, numbered from 1, blank lines left out (a line over
    ``MAX_BYTES`` or not UTF-8 is the RecordError saying so). The bytes are read a buffer
    at a time and a run of blank lines is passed over at once: a log of a gigabyte of empty
    lines is read as fast as its bytes, not one call a line. With ``follow``, at the end of
    the stream it waits for more, gives a line only once its line break is written, and
    reads the log again from its start when ``truncated`` says it was (log rotation)."""
    read = getattr(stream, "read1", None) or stream.read
    buffer = bytearray()
    number, searched = 1, 0  # the number of the line buffer starts; bytes known unbroken
    while True:
        blank = _blank(buffer)
        if blank:
            number += buffer.count(b"\n", 0, blank)
            del buffer[:blank]
            searched = 0
        end = buffer.find(b"\n", searched)
        if end < 0:
            searched = len(buffer)
            if len(buffer) > MAX_BYTES:
                why, after = _skip_line(read, len(buffer), follow, wait)
                yield number, why
                if after is None:
                    return
                number, searched = number + 1, 0
                buffer[:] = after
                continue
            chunk = read(CHUNK)
            if chunk:
                buffer += chunk
                continue
            if follow:
                if truncated is not None and truncated():
                    stream.seek(0)
                    buffer.clear()
                    number, searched = 1, 0
                wait(POLL_SECONDS)
                continue
            if not buffer:
                return
            end = len(buffer)  # the last line, without its line break
        line = bytes(buffer[:end])
        del buffer[: end + 1]
        searched = 0
        if len(line) > MAX_BYTES:
            yield number, RecordError(f"larger than {MAX_BYTES} bytes")
        else:
            yield number, _text(line, number)
        number += 1


def _blank(buffer: bytearray) -> int:
    """How many bytes of blank lines the buffer starts with (matched in place: no copy)."""
    match = BLANK.match(buffer)
    return match.end() if match else 0


def _text(line: bytes, number: int) -> str | RecordError:
    if number == 1:
        line = line.removeprefix(codecs.BOM_UTF8)  # as Windows editors save
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return RecordError("not UTF-8 text (a record is JSON)")


def _skip_line(
    read: Callable[[int], bytes], size: int, follow: bool, wait: Callable[[float], None]
) -> tuple[RecordError, bytes | None]:
    """Pass over the rest of a line already ``size`` bytes long, up to ``SKIP_BYTES``
    more: the error that says so, and the bytes read after its line break (None: the file
    ends there; a line with no end in sight, ``/dev/zero``, ends the file's reading rather
    than being read for ever)."""
    too_long = f"larger than {MAX_BYTES} bytes"
    while size <= MAX_BYTES + SKIP_BYTES:
        chunk = read(1 << 20)
        if not chunk:
            if follow:
                wait(POLL_SECONDS)
                continue
            return RecordError(too_long), None
        end = chunk.find(b"\n")
        if end >= 0:
            return RecordError(too_long), chunk[end + 1 :]
        size += len(chunk)
    return (
        RecordError(
            f"{too_long}, with no line break in its first {size} bytes:"
            " the rest of the file is not read"
        ),
        None,
    )


def _whole(first: str, lines: Iterator[Line]) -> Any:
    """One record written over several lines, parsed whole (at most ``MAX_BYTES``)."""
    parts, size = [first], len(first)
    for _, line in lines:
        if isinstance(line, RecordError):
            return line
        parts.append(line)
        size += len(line)
        if size > MAX_BYTES:
            return RecordError(f"larger than {MAX_BYTES} bytes")
    return _parse("".join(parts))


def _listed(first: str, lines: Iterator[Line]) -> Iterator[tuple[str, Any]]:
    """The records of a JSON list, one at a time: the decoder finds each element in a
    buffer that holds little more than it, read on (doubling) until it is whole."""
    decoder = json.JSONDecoder()
    buffer, number, value_next = first[first.index("[") + 1 :], 0, True

    def read_more(at_least: int) -> str | RecordError | None:
        got: list[str] = []
        size = 0
        for _, line in lines:
            if isinstance(line, RecordError):
                return line
            got.append(line)
            size += len(line)
            if size >= at_least:
                break
        return "".join(got) if got else None

    while True:
        buffer = buffer.lstrip()
        if not buffer:
            more = read_more(1)
            if not isinstance(more, str):
                why = more or RecordError("not JSON: the list is not closed")
                yield f"record {number + 1}", why
                return
            buffer = more
            continue
        if buffer[0] == "]" and (number == 0 or not value_next):
            return
        if not value_next:
            if buffer[0] != ",":
                yield (
                    f"record {number + 1}",
                    RecordError(f"not JSON: expected ',' or ']' after record {number}"),
                )
                return
            buffer, value_next = buffer[1:], True
            continue
        error = "the record is cut short"
        try:
            _, end = decoder.raw_decode(buffer)
            whole = end < len(buffer) or buffer[end - 1] in "}]"
        except json.JSONDecodeError as exc:
            whole, error = False, str(exc)
        except RecursionError:
            yield f"record {number + 1}", RecordError("nested deeper than 64 levels")
            return
        if not whole:
            more = read_more(max(len(buffer), 1 << 16))
            if not isinstance(more, str) or len(buffer) > MAX_BYTES:
                large = len(buffer) > MAX_BYTES
                text = f"larger than {MAX_BYTES} bytes" if large else f"not JSON: {error}"
                yield (
                    f"record {number + 1}",
                    (more if isinstance(more, RecordError) else RecordError(text)),
                )
                return
            buffer += more
            continue
        number += 1
        yield f"record {number}", _parse(buffer[:end])
        buffer, value_next = buffer[end:], False
