"""Every program the tools start, and everything it starts, ended on every way out.

One layer for every command that starts programs (certify, compare, fuzz and its
``--jobs`` workers, audit, the pytest plugin): adapters are started here (:func:`start`)
and ended here (:func:`end`), with their whole process tree, on a normal stop, at exit,
and when the command is signalled.

*The tree of a program.* It runs in a session of its own, but a descendant may leave that
session (``setsid``) or its process group, and ``killpg`` would then miss it. So each
program is started with a marker in its environment (:data:`MARKER`), inherited by
everything it starts, and ending it kills, until none is left, every live process that
descends from it, is in its session or process group, or carries its marker (found with
``psutil``). One honest limit: a descendant that leaves the session, clears its
environment *and* outlives its parent cannot be told apart from any other process; a
container or a cgroup is the tool for that.

*Signals.* Inside :func:`interruptible`, SIGINT, SIGTERM and SIGHUP end every program
started and raise :class:`Interrupted`: the command ends as interrupted (exit status 2,
its partial report marked so), never as failures of the implementation it was checking.
A signal the command was started ignoring (``nohup``) stays ignored.

*Workers* (``fives fuzz --jobs``, :func:`workers`) end their programs when the main
process ends them, and also when it dies without a word (SIGKILL): Linux tells them
(``PR_SET_PDEATHSIG``), and a thread watching the parent's pid does elsewhere. Ended, a
worker first leaves what its task had found (:func:`when_worker_ends`), for the main
process's partial report.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import multiprocessing
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import FrameType
from typing import Any

import psutil

MARKER = "FIVES_ADAPTER_SESSION"
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: how long a worker may take to end its programs after a SIGTERM before it is killed
WORKER_GRACE_S = 5.0
#: how often a worker checks that its parent is alive, where Linux cannot tell it
_WATCH_S = 0.5
_PR_SET_PDEATHSIG = 1

#: root pid -> (process, marker token) of every program started and not yet ended
_LIVE: dict[int, tuple[subprocess.Popen[bytes], str]] = {}
_POOLS: list[ProcessPoolExecutor] = []
_lock = threading.RLock()
_in_worker = False


class Interrupted(KeyboardInterrupt):
    """The command was stopped by a signal; ``args[0]`` is its name (``SIGTERM``)."""

    @property
    def signal_name(self) -> str:
        return str(self.args[0]) if self.args else "SIGINT"


def signal_name(exc: BaseException) -> str:
    """The signal that raised ``exc`` (a plain KeyboardInterrupt is a Ctrl-C: SIGINT)."""
    return exc.signal_name if isinstance(exc, Interrupted) else "SIGINT"


def interruption(exc: BaseException) -> str:
    """The line a command ends with when ``exc`` (a Ctrl-C or a signal) stopped it."""
    return f"interrupted by {signal_name(exc)}; every program it started was ended"


# -- a program and its tree ---------------------------------------------------------------


def start(argv: Sequence[str], **popen: Any) -> subprocess.Popen[bytes]:
    """Start ``argv`` in a session of its own, marked, and remember it until :func:`end`."""
    token = secrets.token_hex(8)
    env = {**(popen.pop("env", None) or os.environ), MARKER: token}
    proc: subprocess.Popen[bytes] = subprocess.Popen(
        list(argv), start_new_session=True, env=env, **popen
    )
    with _lock:
        _LIVE[proc.pid] = (proc, token)
    return proc


def output(argv: Sequence[str], timeout: float) -> str:
    """Run ``argv`` to its end and return its stdout as text; it and everything it started
    are ended after, on a timeout (``subprocess.TimeoutExpired``) or a signal too. A
    failure is ``subprocess.CalledProcessError``, with its stderr."""
    proc = start(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        end(proc)
    if proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, list(argv), out, err)
    return out.decode("utf-8", "replace")


def _alive(process: psutil.Process) -> bool:
    with contextlib.suppress(psutil.Error):
        return bool(process.status() != psutil.STATUS_ZOMBIE)
    return False


def _wait_gone(processes: list[psutil.Process], timeout: float) -> None:
    """Wait until none of ``processes`` runs, without reaping any (psutil's ``wait_procs``
    would reap a child, whose pid a stranger could then take while its tree is ended)."""
    deadline = time.monotonic() + timeout
    while any(_alive(p) for p in processes) and time.monotonic() < deadline:
        time.sleep(0.02)


def _belongs(process: psutil.Process, root: int, token: str) -> bool:
    """In the session or process group of ``root``, or carrying its marker."""
    with contextlib.suppress(OSError, AttributeError):
        if root in (os.getsid(process.pid), os.getpgid(process.pid)):
            return True
    with contextlib.suppress(psutil.Error, OSError):
        return bool(process.environ().get(MARKER) == token)
    return False


def tree(root: int, token: str | None = None) -> list[psutil.Process]:
    """Every live process of the program started as ``root``: its descendants and, with
    its marker ``token``, whatever is in its session or group or carries the marker."""
    found: dict[int, psutil.Process] = {}
    with contextlib.suppress(psutil.Error):
        found[root] = psutil.Process(root)
    if token is not None:
        for process in psutil.process_iter():
            mine = process.pid in found or process.pid == os.getpid()
            if not mine and _belongs(process, root, token):
                found[process.pid] = process
    for process in list(found.values()):  # descendants, whatever session they moved to
        with contextlib.suppress(psutil.Error):
            for child in process.children(recursive=True):
                found.setdefault(child.pid, child)
    found.pop(os.getpid(), None)
    return [p for p in found.values() if _alive(p)]


def end_tree(root: int, token: str | None = None) -> None:
    """Kill ``root`` and its tree (:func:`tree`), until none is left: a process may fork
    while it is being killed, so look again."""
    with contextlib.suppress(OSError):
        os.killpg(root, signal.SIGKILL)
    for _ in range(50):
        processes = tree(root, token)
        if not processes:
            return
        for process in processes:
            with contextlib.suppress(psutil.Error):
                process.kill()
        _wait_gone(processes, 0.2)


def end(proc: subprocess.Popen[bytes]) -> None:
    """End the program :func:`start` started as ``proc`` and everything it started, then
    reap it (not before: until it is reaped its pid cannot be reused by a stranger)."""
    with _lock:
        _, token = _LIVE.get(proc.pid, (proc, None))
    end_tree(proc.pid, token)
    with _lock:  # forgotten only once ended: a signal during the end finds it still listed
        _LIVE.pop(proc.pid, None)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


@atexit.register
def end_all() -> None:
    """End every program started and every worker, with their trees."""
    with _lock:
        started = [proc for proc, _ in _LIVE.values()]
        pools = list(_POOLS)
    for pool in pools:
        _end_workers(pool)
    for proc in started:
        end(proc)


# -- the command's own signals ------------------------------------------------------------

_previous: dict[int, Any] = {}
_users = 0


def _ignore_signals() -> None:
    """A second signal while the first ends everything would cut that short: ignored."""
    for signum in SIGNALS:
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signum, signal.SIG_IGN)


def _on_signal(signum: int, frame: FrameType | None) -> None:
    _ignore_signals()  # until interruptible() puts the previous handlers back
    end_all()
    raise Interrupted(signal.Signals(signum).name)


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """While inside (nested uses share one set of handlers), SIGINT, SIGTERM and SIGHUP
    end every program started and raise :class:`Interrupted` in the main thread. In a
    worker the worker's own handlers stay (:func:`_as_worker`)."""
    global _users
    install = (
        threading.current_thread() is threading.main_thread() and _users == 0 and not _in_worker
    )
    if install:
        for signum in SIGNALS:
            if signal.getsignal(signum) == signal.SIG_IGN:
                continue  # nohup: a hang-up must neither end the programs nor fail a case
            _previous[int(signum)] = signal.signal(signum, _on_signal)
    _users += 1
    try:
        yield
    finally:
        _users -= 1
        if install:
            for number, previous in _previous.items():
                signal.signal(number, previous)
            _previous.clear()


# -- workers ------------------------------------------------------------------------------


def set_parent_death_signal() -> None:
    """Ask Linux to send SIGTERM when the parent dies (a no-op elsewhere): a worker, or a
    command a test starts in a session of its own, then ends with whoever started it (a
    test run stopped by `timeout` left such commands running)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_WATCH_S)
    os.kill(os.getpid(), signal.SIGTERM)


#: what a worker's task leaves behind when the worker is ended (:func:`when_worker_ends`)
_LEAVING: list[Callable[[], None]] = []


@contextlib.contextmanager
def when_worker_ends(leave: Callable[[], None]) -> Iterator[None]:
    """While inside, a worker ended from outside calls ``leave`` once its programs are
    ended, before it exits: what its task had found is not lost with it."""
    _LEAVING.append(leave)
    try:
        yield
    finally:
        _LEAVING.remove(leave)


def _end_worker(signum: int, frame: FrameType | None) -> None:
    _ignore_signals()  # the main process and ``timeout`` may both send SIGTERM
    end_all()
    for leave in list(_LEAVING):
        with contextlib.suppress(Exception):  # exiting matters more than what is left
            leave()
    os._exit(128 + signum)


def _as_worker(parent: int) -> None:
    """A worker's start: SIGTERM and SIGHUP end its programs and the worker; SIGINT (a
    Ctrl-C reaches the whole process group) is left to the main process, which ends the
    workers; the parent's death is a SIGTERM."""
    global _in_worker
    _in_worker = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _end_worker)
    set_parent_death_signal()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # it died before any of that was in place
        os.kill(os.getpid(), signal.SIGTERM)


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """SIGTERM every worker (each ends its programs), then kill what is left of their trees."""
    workers = list(getattr(pool, "_processes", None) or {})  # pids; private, but stable
    for pid in workers:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
    _wait_gone([p for pid in workers for p in tree(pid)], WORKER_GRACE_S)
    for pid in workers:
        end_tree(pid)
    pool.shutdown(wait=False, cancel_futures=True)
    with _lock, contextlib.suppress(ValueError):
        _POOLS.remove(pool)


@contextlib.contextmanager
def workers(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` fresh worker processes (spawned: no adapter threads or pipes are
    inherited). Leaving it normally waits for them; leaving it on an exception (an
    interruption among them) ends them and their programs at once, without waiting for
    their work."""
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_as_worker, initargs=(os.getpid(),)
    )
    with _lock:
        _POOLS.append(pool)
    try:
        yield pool
    except BrokenProcessPool:  # a worker was signalled or killed on its own: end the rest
        _end_workers(pool)
        raise Interrupted("the end of a worker process") from None
    except BaseException:
        _end_workers(pool)
        raise
    pool.shutdown(wait=True)
    with _lock, contextlib.suppress(ValueError):
        _POOLS.remove(pool)
