"""Every file the tools write is written whole or not at all.

The data goes to a temporary file beside the target, is flushed to disk, and is renamed
over the target: a reader never sees a half-written report, and a failure (a missing or
read-only folder, a folder where the file should be, a full disk) leaves the old file as
it was and raises :class:`WriteError`, one line naming the path, which the commands turn
into exit status 2. An interruption during the write (Ctrl-C, a signal turned into an
exception) removes the temporary file too: no hidden ``.tmp`` is left beside the target.
Every output file of the tools is written here, and a command refuses two of its outputs
on one path (:func:`check_outputs`).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path


class WriteError(Exception):
    """A file could not be written; the message names the path and the reason."""


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def make_dir(path: Path) -> None:
    """Create ``path`` and its parents, or raise :class:`WriteError`."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise WriteError(f"cannot write into {path}: it is not a folder") from None
    except OSError as exc:
        raise WriteError(f"cannot create the folder {path}: {_reason(exc)}") from None


def writable_folder(path: Path) -> None:
    """Create ``path`` and write a probe in it, or raise :class:`WriteError`: before a long
    build (``fives docs``), a folder that cannot take its files (a file or a device in
    its place, a full disk) is said at once, not after the work."""
    make_dir(path)
    try:
        with tempfile.TemporaryFile(dir=path) as probe:
            probe.write(bytes(4096))
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as exc:
        raise WriteError(f"cannot write into {path}: {_reason(exc)}") from None


def check_writable(path: Path) -> None:
    """Raise :class:`WriteError` now unless a file can be written at ``path`` (its folder
    exists and takes a file; a device or pipe is written in place): for a command that runs
    until it is stopped (``fives audit --follow``) and writes its reports only then."""
    path = Path(path)
    if path.exists() and not path.is_file() and not path.is_dir():
        return
    if path.is_dir():
        raise WriteError(f"cannot write {path}: it is a folder")
    folder = Path(os.path.realpath(path)).parent
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise WriteError(f"cannot write {path}: {_reason(exc)}") from None


def remove(path: Path) -> None:
    """Remove the file at ``path`` if there is one (an earlier run's report that would be
    read as this run's), or raise :class:`WriteError`; a folder, device or pipe is left."""
    path = Path(path)
    if not path.is_file():
        return
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise WriteError(f"cannot remove {path}: {_reason(exc)}") from None


def _mode(path: Path) -> int:
    """The target's permissions if it exists, else what the umask gives a new file."""
    with contextlib.suppress(OSError):
        return path.stat().st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _write_stream(path: Path, chunks: Iterable[bytes]) -> None:
    """A device, pipe or socket (``/dev/stdout``, a FIFO): written in place, never replaced."""
    try:
        with path.open("wb") as out:
            out.writelines(chunks)
    except OSError as exc:
        raise WriteError(f"cannot write {path}: {_reason(exc)}") from None


def write_bytes(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write ``data`` (or its chunks, made as they are written) to ``path`` atomically
    (temporary file, fsync, rename); through a symbolic link, the file it points to is
    replaced, not the link."""
    chunks = [data] if isinstance(data, bytes) else data
    path = Path(path)
    if path.is_dir():
        raise WriteError(f"cannot write {path}: it is a folder")
    if path.exists() and not path.is_file():
        _write_stream(path, chunks)
        return
    real = Path(os.path.realpath(path))
    temporary: str | None = None
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
        with os.fdopen(fd, "wb") as out:
            out.writelines(chunks)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, _mode(real))
        os.replace(temporary, real)
        temporary = None
    except OSError as exc:
        raise WriteError(f"cannot write {path}: {_reason(exc)}") from None
    finally:  # also on KeyboardInterrupt or a signal raised as an exception mid-write
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def write_text(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8, atomically; a lone surrogate is written as its escape."""
    write_bytes(path, text.encode("utf-8", "backslashreplace"))


def check_outputs(outputs: dict[str, str | None]) -> None:
    """Refuse two outputs on one path (``--json r --markdown r``): the second would
    silently replace the first. ``outputs`` maps each option to its path, if given; a
    stream (``/dev/stdout``) may take several."""
    seen: dict[str, str] = {}
    for option, value in outputs.items():
        if not value:
            continue
        real = os.path.realpath(value)
        if os.path.exists(real) and not os.path.isfile(real) and not os.path.isdir(real):
            continue
        if real in seen:
            raise WriteError(f"{seen[real]} and {option} both name {value}: one file each")
        seen[real] = option


def json_text(data: object, *, compact: bool = False) -> str:
    """``data`` as strict JSON (RFC 8259 has no ``NaN`` or ``Infinity``: a reader such as
    Node's refuses them), indented, one line per value (``compact``: on one line);
    ``ValueError`` if it holds one."""
    indent = None if compact else 1
    return json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False) + "\n"


def write_json(path: Path, data: object, *, compact: bool = False) -> None:
    """Write ``data`` as strict JSON (:func:`json_text`), atomically; a value JSON cannot
    hold is a :class:`WriteError` naming the path, and the old file stays as it was."""
    try:
        text = json_text(data, compact=compact)
    except ValueError as exc:
        raise WriteError(f"cannot write {path}: {exc}") from None
    write_text(path, text)


def write_json_items(
    path: Path, data: dict[str, object], key: str, items: Iterable[object]
) -> None:
    """Write ``data`` as :func:`write_json` does, the same text, with the list at its key
    ``key`` made of ``items``, each turned to text as it is written: a report of a million
    divergences is never held whole, as objects or as one string."""
    marker = f"@{uuid.uuid4().hex}@"  # where the list goes: a text no report holds
    try:
        head, tail = json_text({**data, key: marker}).split(json.dumps(marker))
    except ValueError as exc:
        raise WriteError(f"cannot write {path}: {exc}") from None

    def chunks() -> Iterator[bytes]:
        yield head.encode("utf-8", "backslashreplace")
        before = "[\n  "  # then, between items: json.dumps's indent of 1, one level in
        for item in items:
            try:
                text = json_text(item).rstrip("\n").replace("\n", "\n  ")
            except ValueError as exc:  # the file is not replaced: raised mid-write
                raise WriteError(f"cannot write {path}: {exc}") from None
            yield (before + text).encode("utf-8", "backslashreplace")
            before = ",\n  "
        end = "[]" if before.startswith("[") else "\n ]"
        yield (end + tail).encode("utf-8", "backslashreplace")

    write_bytes(path, chunks())


def write_text_making_folder(path: Path, text: str) -> None:
    """:func:`write_text`, its folder made first: for the files of a folder a command is
    given to fill (``fives fuzz --save-candidates DIR``); a report's missing folder is an
    error, as for every other output."""
    make_dir(path.parent)
    write_text(path, text)
