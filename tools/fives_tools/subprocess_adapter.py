"""The runner's side of the NDJSON protocol: any program, in any language, as an adapter.

One long-lived process per run. Everything an implementation can do wrong is diagnosed
in words and costs only the case at hand: a crash, a hang (per-case timeout), invalid
JSON, stray output on stdout, a wrong sequence number, a reply that breaks its schema, a
huge reply. After such an error the process is ended and a fresh one is started for the
next case. The process runs in its own session, so ending it ends its children too: no
process outlives the run.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import weakref
from typing import IO, Any

from fives_tools import protocol
from fives_tools.adapter import AdapterError, AdapterInfo, AdapterRefused

_LIVE: weakref.WeakSet[SubprocessAdapter] = weakref.WeakSet()

_EOF = object()


class _TooLong:
    def __init__(self, size: int) -> None:
        self.size = size


def _read_lines(stream: IO[bytes], out: queue.Queue[object], limit: int) -> None:
    """Push every stdout line (or a _TooLong marker, then _EOF) to ``out``."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            out.put(_EOF)
            return
        if len(line) > limit and not line.endswith(b"\n"):
            size = len(line)
            while line and not line.endswith(b"\n"):  # drain the rest of the giant line
                line = stream.readline(1 << 16)
                size += len(line)
            out.put(_TooLong(size))
            continue
        out.put(line)


def _read_stderr(stream: IO[bytes], tail: collections.deque[str]) -> None:
    for line in iter(stream.readline, b""):
        tail.append(line.decode("utf-8", "replace").rstrip("\n"))


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
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise AdapterRefused("empty adapter command")
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.max_reply_bytes = max_reply_bytes
        self.max_restarts = max_restarts
        self.proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._seq = 0
        self._failed_starts = 0
        self.restarts = 0
        self.info: AdapterInfo | None = None
        _LIVE.add(self)

    # -- process life ----------------------------------------------------------------------
    def _launch(self) -> AdapterInfo:
        self._lines = queue.Queue()
        self._stderr = collections.deque(maxlen=20)
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as exc:
            raise AdapterRefused(f"cannot start {shlex.join(self.argv)!r}: {exc}") from exc
        assert self.proc.stdout is not None and self.proc.stderr is not None
        threading.Thread(
            target=_read_lines,
            args=(self.proc.stdout, self._lines, self.max_reply_bytes),
            daemon=True,
        ).start()
        threading.Thread(
            target=_read_stderr, args=(self.proc.stderr, self._stderr), daemon=True
        ).start()
        self._send(
            {
                "type": "start",
                "protocol": protocol.protocol_version(),
                "suite": protocol.suite_version(),
            }
        )
        ready = self._receive(self.start_timeout, "the ready message")
        bad = protocol.problems("ready", ready)
        if bad:
            self._kill()
            raise AdapterRefused("its ready message breaks the schema: " + "; ".join(bad))
        try:
            protocol.check_compatible(ready)
        except AdapterRefused:
            self._kill()
            raise
        return AdapterInfo.from_ready(ready)

    def _kill(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        for stream in (proc.stdin,):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)

    def _diagnosis(self, what: str) -> str:
        tail = " | ".join(list(self._stderr)[-5:])
        return what + (f"; its stderr ends with: {tail}" if tail else "")

    # -- lines -------------------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            code = self.proc.poll()
            self._kill()
            raise AdapterError(
                self._diagnosis(f"the adapter closed its input (exit code {code})")
            ) from None

    def _receive(self, timeout: float, waiting_for: str) -> dict[str, Any]:
        try:
            item = self._lines.get(timeout=timeout)
        except queue.Empty:
            self._kill()
            raise AdapterError(
                self._diagnosis(f"no answer within {timeout:g} s while waiting for {waiting_for}")
            ) from None
        if item is _EOF:
            code = self.proc.wait(timeout=5) if self.proc is not None else None
            self._kill()
            raise AdapterError(
                self._diagnosis(
                    f"the adapter exited (code {code}) while we waited for {waiting_for}"
                )
            )
        if isinstance(item, _TooLong):
            self._kill()
            raise AdapterError(
                f"a reply of {item.size} bytes exceeds the limit of {self.max_reply_bytes} bytes"
            )
        assert isinstance(item, bytes)
        text = item.decode("utf-8", "replace").strip()
        if not text.startswith("{"):
            self._kill()
            raise AdapterError(
                f"stray output on stdout (not a protocol message): {text[:120]!r};"
                " write logs to stderr, only protocol lines to stdout"
            )
        try:
            message = json.loads(text)
        except json.JSONDecodeError as exc:
            self._kill()
            raise AdapterError(
                f"invalid JSON on stdout ({exc.msg} at column {exc.colno}): {text[:120]!r}"
            ) from None
        if not isinstance(message, dict):
            self._kill()
            raise AdapterError(f"a protocol message must be a JSON object, got: {text[:120]!r}")
        return message

    # -- the Adapter interface ---------------------------------------------------------------
    def start(self) -> AdapterInfo:
        self.info = self._launch()
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
                raise AdapterError(f"restarting the adapter failed: {exc}") from exc
            self.restarts += 1
        self._seq += 1
        seq = self._seq
        self._send({"type": "run", "seq": seq, "case": case_id, "request": request})
        message = self._receive(self.timeout, f"the result of run {seq}")
        bad = protocol.problems("result", message)
        if bad:
            self._kill()
            raise AdapterError("the result message breaks the schema: " + "; ".join(bad))
        if message["seq"] != seq:
            self._kill()
            raise AdapterError(f"wrong sequence number: expected {seq}, got {message['seq']}")
        self._failed_starts = 0
        reply: dict[str, Any] = message["reply"]
        bad = protocol.problems(f"{request.get('type')}-reply", reply)
        if bad:
            raise AdapterError("reply breaks the schema: " + "; ".join(bad))
        return reply

    def stop(self) -> None:
        proc = self.proc
        if proc is None:
            return
        try:
            self._send({"type": "stop"})
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=2)
        except (AdapterError, OSError, subprocess.TimeoutExpired, ValueError):
            pass
        self.proc = proc
        self._kill()


@atexit.register
def _end_all() -> None:
    for adapter in list(_LIVE):
        adapter._kill()
