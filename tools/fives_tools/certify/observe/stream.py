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
import gzip
import io
import itertools
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, cast

from fives_engine.errors import RecordError
from fives_engine.record import MAX_BYTES, parse_json
from fives_tools.certify.observe.load import LoadError, check_record

#: Where a record is and what was read there: its record, or why it is none.
Read = tuple[str, "dict[str, Any] | LoadError"]
#: How long ``follow`` waits for a log to grow before it looks again.
POLL_SECONDS = 0.25
GZIP_MAGIC = b"\x1f\x8b"


@contextlib.contextmanager
def opened(name: str) -> Iterator[IO[bytes]]:
    """The bytes of file ``name`` (``-``: standard input), ungzipped when they are gzip's."""
    if name == "-":
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
    or the :class:`.LoadError` that says why what stands there is no record."""
    lines_only = follow or Path(name.removesuffix(".gz")).suffix in (".jsonl", ".ndjson")
    found = False
    try:
        with opened(name) as stream:
            for where, item in _documents(stream, lines_only, follow, wait):
                found = True
                label = f"{name} {where}".strip()
                at = f"{name}: {where}" if where else name
                if isinstance(item, RecordError):
                    yield label, LoadError(" ".join(f"{at}: {item}".split()))
                    continue
                try:
                    yield label, check_record(item)
                except RecordError as exc:
                    yield label, LoadError(" ".join(f"{at}: {exc}".split()))
    except OSError as exc:
        yield name, LoadError(f"{name}: cannot read: {exc.strerror or exc}")
        return
    if not found:
        yield name, LoadError(f"{name}: no record in the file")


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
    stream: IO[bytes], lines_only: bool, follow: bool, wait: Callable[[float], None]
) -> Iterator[tuple[str, Any]]:
    """(where, parsed JSON or the RecordError saying why not) for each document."""
    lines = (line for line in _lines(stream, follow, wait) if _written(line[1]))
    first = next(lines, None)
    if first is None:
        return
    number, text = first
    if isinstance(text, str) and text.lstrip().startswith("[") and not lines_only:
        yield from _listed(text, lines)
        return
    parsed = _parse(text)
    if isinstance(parsed, RecordError) and isinstance(text, str) and not lines_only:
        yield "", _whole(text, lines)  # one record over several lines
        return
    following = next(lines, None)
    if following is None and not lines_only:
        yield "", parsed  # one record on its line: the file is that record
        return
    yield f"line {number}", parsed
    rest = lines if following is None else itertools.chain([following], lines)
    for n, line in rest:
        yield f"line {n}", _parse(line)


def _written(text: str | RecordError) -> bool:
    return not isinstance(text, str) or bool(text.strip())


def _parse(text: str | RecordError) -> Any:
    if isinstance(text, RecordError):
        return text
    try:
        return parse_json(text)
    except RecordError as exc:
        return exc


def _lines(stream: IO[bytes], follow: bool, wait: Callable[[float], None]) -> Iterator[Line]:
    """The stream's lines as text, numbered from 1 (a line over ``MAX_BYTES`` or not
    UTF-8 is the RecordError saying so). With ``follow``, at the end of the stream it
    waits for more, and gives a line only once its line break is written."""
    number, partial = 0, b""
    while True:
        chunk = stream.readline(MAX_BYTES + 1 - len(partial))
        if not chunk:
            if follow:
                wait(POLL_SECONDS)
                continue
            if not partial:
                return
        partial += chunk
        if follow and not partial.endswith(b"\n") and len(partial) <= MAX_BYTES:
            continue  # the rest of the line is still being written
        number += 1
        line, partial = partial, b""
        if len(line) > MAX_BYTES:
            _skip_line(stream)
            yield number, RecordError(f"larger than {MAX_BYTES} bytes")
            continue
        if number == 1:
            line = line.removeprefix(codecs.BOM_UTF8)  # as Windows editors save
        try:
            yield number, line.decode("utf-8")
        except UnicodeDecodeError:
            yield number, RecordError("not UTF-8 text (a record is JSON)")


def _skip_line(stream: IO[bytes]) -> None:
    while True:
        chunk = stream.readline(1 << 20)
        if not chunk or chunk.endswith(b"\n"):
            return


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
