"""The runner's side of the NDJSON protocol: any program, in any language, as an adapter.

One long-lived process per run. Everything an implementation can do wrong is diagnosed
in words and costs only the case at hand: a crash, a hang (per-case timeout), invalid or
too deeply nested JSON, stray output on stdout, a closed stdout, a wrong sequence number,
a reply that breaks its schema, a huge reply, input it stops reading. After such an error
the process is ended and a fresh one is started for the next case. A failed start (no
``ready`` within the start-up timeout, a bad ``ready``) refuses the implementation with
one line. The process is started and ended by :mod:`fives_tools.processes`: ending it ends
everything it started, on a normal stop, on an error, at exit and when the runner is
signalled.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import subprocess
import threading
import time
from typing import IO, Any

from fives_tools import processes
from fives_tools.certify.adapters import protocol
from fives_tools.certify.adapters.interface import AdapterError, AdapterInfo, AdapterRefused
from fives_tools.options import check_seconds
from fives_tools.text import clean

_EOF = object()
#: how often a wait for a line checks that the adapter is still alive
_POLL_S = 0.05
#: how long lines may still come after the adapter exited (a process it left may write them)
_LAST_WORDS_S = 0.25

#: how much of the adapter's stderr is kept (its tail) for diagnoses
STDERR_TAIL_BYTES = 8192


class _TooLong:
    """A line over the limit: ``size`` bytes, or more when ``cut`` (refused before its end)."""

    def __init__(self, size: int, cut: bool = False) -> None:
        self.size = size
        self.cut = cut


class _Lines:
    """The program's stdout as lines, read by the thread that waits for a reply: a reader
    thread handing lines over would cost every reply two more wake-ups. A line longer than
    ``limit`` bytes is a :class:`_TooLong` as soon as that is known, not at its end (a
    line that never ends would hold the reply's whole timeout), and the rest of it is
    passed over; the end of the output, :data:`_EOF`."""

    def __init__(self, fd: int, limit: int) -> None:
        self.fd = fd
        self.limit = limit
        self._buffer = bytearray()
        self._skipping = False  # passing over the rest of a line already refused
        self._ended = False

    def next(self) -> object | None:
        """The next line (with its newline, if it had one), ``_TooLong`` or ``_EOF``; None
        while no whole one has been read."""
        buffer = self._buffer
        end = buffer.find(b"\n")
        if self._skipping:
            if end < 0:
                buffer.clear()
                if not self._ended:
                    return None
                self._skipping = False
                return _EOF
            del buffer[: end + 1]
            self._skipping = False
            end = buffer.find(b"\n")
        if end > self.limit:
            del buffer[: end + 1]
            return _TooLong(end + 1)
        if end < 0 and len(buffer) > self.limit:
            size, cut = len(buffer), not self._ended
            buffer.clear()
            self._skipping = cut
            return _TooLong(size, cut)
        if end >= 0:
            line = bytes(buffer[: end + 1])
            del buffer[: end + 1]
            return line
        if not self._ended:
            return None
        if buffer:
            line = bytes(buffer)
            buffer.clear()
            return line
        return _EOF

    def read(self) -> None:
        """Take what the program has written (call when the descriptor is readable)."""
        if self._ended:
            return
        try:
            chunk = os.read(self.fd, 1 << 16)
        except OSError:
            chunk = b""
        if chunk:
            self._buffer += chunk
        else:
            self._ended = True

    def wait(self, timeout: float) -> bool:
        """Read what comes within ``timeout`` seconds; whether anything (or the end) came."""
        if self._ended:
            return False
        if not select.select([self.fd], [], [], max(timeout, 0.0))[0]:
            return False
        self.read()
        return True


class _Tail:
    """The last bytes of a stream, however much is written to it."""

    def __init__(self, limit: int = STDERR_TAIL_BYTES) -> None:
        self.limit = limit
        self._data = bytearray()
        self._lock = threading.Lock()

    def follow(self, stream: IO[bytes]) -> None:
        fd = stream.fileno()
        with contextlib.suppress(OSError, ValueError):
            while chunk := os.read(fd, 1 << 16):
                with self._lock:
                    self._data += chunk
                    del self._data[: -self.limit]

    def lines(self, count: int = 5) -> list[str]:
        with self._lock:
            text = self._data.decode("utf-8", "replace")
        return [clean(line) for line in text.splitlines() if line.strip()][-count:]


def _exit_code(proc: subprocess.Popen[bytes], timeout: float) -> int | None:
    """The exit code once ``proc`` has exited (None while it runs), without reaping it: until
    it is reaped its pid cannot be reused, so ending its session cannot hit a stranger."""
    if not hasattr(os, "waitid"):  # not on every system; then reap at once
        with contextlib.suppress(subprocess.TimeoutExpired):
            return proc.wait(timeout=timeout)
        return None
    deadline = time.monotonic() + timeout
    exits = _exit_watch(proc.pid)
    try:
        while True:
            try:
                info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:  # already reaped
                return proc.returncode
            if info is not None:
                return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            if exits is None:
                time.sleep(0.02)
            else:  # woken the moment it exits, not at the next poll
                select.select([exits], [], [], remaining)
    finally:
        if exits is not None:
            os.close(exits)


def _exit_watch(pid: int) -> int | None:
    """A descriptor that becomes readable when process ``pid`` exits (Linux's pidfd), None
    where the system has none: a stopped adapter's exit is then seen by polling."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _not_json(name: str) -> object:
    """Python reads ``NaN`` and ``Infinity``; JSON has neither, and a report holding one
    is not JSON: a reply with one is malformed."""
    raise ValueError(f"{name} is not a JSON number")


class SubprocessAdapter:
    """An implementation behind a command line, spoken to over stdin/stdout."""

    def __init__(
        self,
        command: str | list[str],
        *,
        timeout: float = 10.0,
        start_timeout: float = 20.0,
        max_reply_bytes: int = 1 << 20,
        max_restarts: int = 5,
        game_timeout: float | None = None,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise AdapterRefused("empty adapter command")
        self.timeout = check_seconds(timeout, "timeout")
        # a selfplay request is a whole game, many moves: its own limit (default: a case's)
        self.game_timeout = (
            self.timeout if game_timeout is None else check_seconds(game_timeout, "game timeout")
        )
        self.start_timeout = check_seconds(start_timeout, "start-up timeout")
        self.max_reply_bytes = max_reply_bytes
        self.max_restarts = max_restarts
        self.proc: subprocess.Popen[bytes] | None = None
        self._lines: _Lines | None = None
        self._stderr = _Tail()
        self._stderr_reader: threading.Thread | None = None
        self._signals = contextlib.ExitStack()
        self._seq = 0
        self._failed_starts = 0
        self.restarts = 0
        self.info: AdapterInfo | None = None

    # -- process life ----------------------------------------------------------------------
    def _launch(self) -> AdapterInfo:
        """Start the program and read its ``ready``; any failure refuses it in one line."""
        self._stderr = _Tail()
        try:
            self.proc = processes.start(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
        except (OSError, ValueError) as exc:
            raise AdapterRefused(f"cannot start {shlex.join(self.argv)!r}: {exc}") from None
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        os.set_blocking(self.proc.stdin.fileno(), False)
        self._lines = _Lines(self.proc.stdout.fileno(), self.max_reply_bytes)
        self._stderr_reader = threading.Thread(
            target=self._stderr.follow, args=(self.proc.stderr,), daemon=True
        )
        self._stderr_reader.start()
        try:
            start = {
                "type": "start",
                "protocol": protocol.protocol_version(),
                "suite": protocol.suite_version(),
            }
            self._send(start, self.start_timeout)
            ready = self._receive(self.start_timeout, "the ready message")
        except AdapterError as exc:
            raise AdapterRefused(f"it did not start: {exc}") from None
        bad = protocol.problems("ready", ready)
        if bad:
            self._kill()
            raise AdapterRefused(clean("its ready message breaks the schema: " + "; ".join(bad)))
        try:
            protocol.check_compatible(ready)
            protocol.check_levels(ready)
        except AdapterRefused:
            self._kill()
            raise
        return AdapterInfo.from_ready(ready)

    def _kill(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        with contextlib.suppress(OSError):
            if proc.stdin is not None:
                proc.stdin.close()
        processes.end(proc)

    def _diagnosis(self, what: str) -> str:
        if self._stderr_reader is not None:
            self._stderr_reader.join(timeout=1)  # the last words of a process that exited
        tail = " | ".join(self._stderr.lines())[-1000:]
        return what + (f"; its stderr ends with: {tail}" if tail else "")

    def _fail(self, what: str) -> AdapterError:
        """End the process and describe what went wrong, with the tail of its stderr."""
        self._kill()
        return AdapterError(self._diagnosis(what))

    # -- lines -------------------------------------------------------------------------------
    def _send(self, message: dict[str, Any], timeout: float) -> None:
        """Write one line without ever blocking longer than ``timeout`` on a full pipe;
        what the program writes meanwhile is read, so that it never waits on us either."""
        assert self.proc is not None and self.proc.stdin is not None and self._lines is not None
        data = memoryview((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
        fd = self.proc.stdin.fileno()
        deadline = time.monotonic() + timeout
        while data:
            try:
                data = data[os.write(fd, data) :]
            except BlockingIOError:
                pass
            except OSError:
                code = _exit_code(self.proc, 0.5)
                raise self._fail(f"the adapter closed its input (exit code {code})") from None
            if not data:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._fail(
                    f"the adapter stopped reading its input: a request could not be written"
                    f" within {timeout:g} s"
                )
            readable, _, _ = select.select([self._lines.fd], [fd], [], remaining)
            if readable:
                self._lines.read()

    def _next_line(self, timeout: float) -> object:
        """The next item from stdout; _EOF also once the adapter has exited and nothing more
        came (a process it left behind may hold its stdout open, and waiting for that to
        close would spend the whole timeout on every crash). Raises TimeoutError."""
        assert self._lines is not None
        deadline = time.monotonic() + timeout
        exited_at: float | None = None
        while True:
            item = self._lines.next()
            if item is not None:
                return item
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            if self._lines.wait(min(remaining, _POLL_S)):
                continue
            if exited_at is None:
                if self.proc is not None and self.proc.poll() is not None:
                    exited_at = time.monotonic()
            elif time.monotonic() - exited_at > _LAST_WORDS_S:
                return _EOF

    def _receive(self, timeout: float, waiting_for: str) -> dict[str, Any]:
        try:
            item = self._next_line(timeout)
        except TimeoutError:
            raise self._fail(
                f"no answer within {timeout:g} s while waiting for {waiting_for}"
            ) from None
        if item is _EOF:
            code = None if self.proc is None else _exit_code(self.proc, 0.5)
            if code is None:
                raise self._fail(
                    f"the adapter closed its stdout but is still running, while we waited"
                    f" for {waiting_for}"
                )
            raise self._fail(f"the adapter exited (code {code}) while we waited for {waiting_for}")
        if isinstance(item, _TooLong):
            size = f"longer than {self.max_reply_bytes}" if item.cut else f"of {item.size}"
            raise self._fail(
                f"a reply {size} bytes exceeds the limit of {self.max_reply_bytes} bytes"
                + (" (cut off there, its end not awaited)" if item.cut else "")
            )
        assert isinstance(item, bytes)
        try:
            text = item.decode("utf-8").strip()
        except UnicodeDecodeError as exc:  # replaced, it showed only as a U+FFFD in a diff
            near = clean(repr(item[max(0, exc.start - 40) : exc.start + 40]))
            raise self._fail(
                f"a message that is not UTF-8 on stdout (byte {exc.start + 1}): {near};"
                " protocol messages are UTF-8"
            ) from None
        quoted = clean(repr(text[:120]))
        if text.startswith("\ufeff"):
            raise self._fail(
                f"a byte-order mark (BOM) before the message: {quoted}; write UTF-8 without a BOM"
            )
        if not text.startswith("{"):
            raise self._fail(
                f"stray output on stdout (not a protocol message): {quoted};"
                " write logs to stderr, only protocol lines to stdout"
            )
        try:
            message = json.loads(text, parse_constant=_not_json)
        except json.JSONDecodeError as exc:
            raise self._fail(
                f"invalid JSON on stdout ({exc.msg} at column {exc.colno}): {quoted}"
            ) from None
        except RecursionError:
            raise self._fail("a message nested too deeply to read, on stdout") from None
        except ValueError as exc:  # e.g. an integer of thousands of digits
            raise self._fail(f"unreadable JSON on stdout ({clean(str(exc))})") from None
        if not isinstance(message, dict):
            raise self._fail(f"a protocol message must be a JSON object, got: {quoted}")
        return message

    # -- the Adapter interface ---------------------------------------------------------------
    def start(self) -> AdapterInfo:
        self._signals.enter_context(processes.interruptible())
        try:
            self.info = self._launch()
        except BaseException:
            self._kill()
            self._signals.close()
            raise
        return self.info

    def run(self, request: dict[str, Any], case_id: str = "") -> dict[str, Any]:
        if self.proc is None:
            if self._failed_starts >= self.max_restarts:
                raise AdapterError(
                    f"gave up after {self._failed_starts} failed restarts of the adapter"
                )
            try:
                self._launch()
            except (AdapterError, AdapterRefused) as exc:
                self._failed_starts += 1
                raise AdapterError(f"restarting the adapter failed: {exc}") from None
            self.restarts += 1
        self._seq += 1
        seq = self._seq
        limit = self.game_timeout if request.get("type") == "selfplay" else self.timeout
        self._send({"type": "run", "seq": seq, "case": case_id, "request": request}, limit)
        message = self._receive(limit, f"the result of run {seq}")
        bad = protocol.problems("result", message)
        if bad:
            raise self._fail("the result message breaks the schema: " + "; ".join(bad))
        if message["seq"] != seq:
            raise self._fail(f"wrong sequence number: expected {seq}, got {message['seq']}")
        self._failed_starts = 0
        reply: dict[str, Any] = message["reply"]
        bad = protocol.problems(f"{request.get('type')}-reply", reply)
        if bad:
            raise AdapterError(clean("reply breaks the schema: " + "; ".join(bad)))
        return reply

    def stop(self) -> None:
        proc = self.proc
        try:
            if proc is not None:
                with contextlib.suppress(AdapterError, OSError, ValueError):
                    self._send({"type": "stop"}, 2)  # a failure here ends the process itself
                    if proc.stdin is not None:
                        proc.stdin.close()
                    _exit_code(proc, 2)
                self._kill()  # whatever it left running, even after a clean exit
        finally:
            self._signals.close()
