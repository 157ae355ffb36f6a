"""Ending an adapter and everything it started, also when the runner itself is signalled.

An adapter runs in a session of its own, but a descendant may leave that session
(``setsid``) or its process group, and ``killpg`` would then miss it. So every adapter is
started with a marker in its environment (:data:`MARKER`), inherited by everything it
starts, and ending it kills, until none is left, every live process that is a descendant
of the adapter, is in its session or process group, or carries its marker. On Linux this
reads ``/proc``; elsewhere only the process group is killed.

The guarantee has one honest limit: a descendant that leaves the session, clears its
environment *and* outlives its parent (so it is no longer a descendant) cannot be told
apart from any other process; a container or a cgroup is the tool for that.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

MARKER = "FIVES_ADAPTER_SESSION"
_PROC = Path("/proc")


def _stat(pid: int) -> tuple[str, int, int, int] | None:
    """State, parent, process group and session of ``pid`` (None once it is gone)."""
    try:
        text = (_PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1]), int(fields[2]), int(fields[3])


def _carries(pid: int, marker: bytes) -> bool:
    try:
        return marker in (_PROC / str(pid) / "environ").read_bytes().split(b"\0")
    except OSError:
        return False


def session_pids(root: int, token: str) -> set[int]:
    """Every live process that belongs to the adapter started as ``root`` with ``token``."""
    if not _PROC.is_dir():
        return set()
    marker = f"{MARKER}={token}".encode()
    parents: dict[int, int] = {}
    found: set[int] = set()
    for entry in os.scandir(_PROC):
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        stat = _stat(pid)
        if stat is None or stat[0] == "Z" or pid == os.getpid():
            continue
        _state, parent, group, session = stat
        parents[pid] = parent
        if pid == root or root in (group, session) or _carries(pid, marker):
            found.add(pid)
    for pid in parents:  # descendants of the adapter, whatever session they moved to
        ancestor = parents.get(pid)
        seen = 0
        while ancestor is not None and ancestor > 1 and seen < 64:
            if ancestor == root or ancestor in found:
                found.add(pid)
                break
            ancestor, seen = parents.get(ancestor), seen + 1
    return found


def end_session(root: int, token: str) -> None:
    """Kill the adapter ``root`` and every process of its session, until none is left."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(root, signal.SIGKILL)
    for _ in range(50):  # a process may fork while it is being killed: look again
        pids = session_pids(root, token)
        if not pids:
            return
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.01)


# -- the runner's own signals ------------------------------------------------------------

_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
_previous: dict[int, Any] = {}
_users = 0


def _on_signal(end_all: Callable[[], None]) -> Callable[[int, FrameType | None], None]:
    def handler(signum: int, frame: FrameType | None) -> None:
        end_all()
        previous = _previous.get(signum, signal.SIG_DFL)
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        if callable(previous):
            previous(signum, frame)
            return
        if previous == signal.SIG_IGN:
            return
        name = signal.Signals(signum).name
        sys.stderr.write(f"\nfives: terminated by {name}; the adapter was ended\n")
        raise SystemExit(128 + signum)

    return handler


@contextlib.contextmanager
def ending_on_signals(end_all: Callable[[], None]) -> Iterator[None]:
    """While inside, SIGTERM, SIGHUP and SIGINT first run ``end_all``: SIGINT then raises
    KeyboardInterrupt, the others exit with status 128 + the signal number. A signal the
    runner was started ignoring (``nohup``) stays ignored."""
    global _users
    install = threading.current_thread() is threading.main_thread() and _users == 0
    if install:
        for signum in _SIGNALS:
            if signal.getsignal(signum) == signal.SIG_IGN:
                continue  # nohup: a hang-up must neither end the adapter nor fail its case
            _previous[int(signum)] = signal.signal(signum, _on_signal(end_all))
    _users += 1
    try:
        yield
    finally:
        _users -= 1
        if install:
            for number, previous in _previous.items():
                signal.signal(number, previous)
            _previous.clear()
