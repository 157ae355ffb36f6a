"""`fives audit --dask`: the files of a log audited as shards on a Dask cluster (here a
local one of two worker processes) give the certificate one process gives, and leave no
process behind; what cannot run says so in one line."""

from __future__ import annotations

import contextlib
import gzip
import importlib.util
import json
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import psutil
import pytest
from observed import minimal_example, observed_match

from fives_tools.cli import main

#: The tests that start a cluster need the ``dask`` extra (``make test`` installs it); without
#: it they skip, and the one-line refusal that names the extra is tested below either way.
needs_dask = pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None or importlib.util.find_spec("dask") is None,
    reason="the dask extra is not installed (pip install -e '.[dask]'; make test installs it)",
)


def _jsonl(records: list[Any]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def _log(tmp_path: Path) -> list[str]:
    """Three files: wrong scores (one with a consequence), a wrong winner, clean games of
    every game, a line that is no record, one file gzipped."""
    wrong = []
    for at in (8, 7, 8):
        record = minimal_example()
        record["hands"][0]["actions"][at]["score"] = 7
        wrong.append(record)
    won = observed_match("five-up", 2, None, 4)
    won["result"]["winner"] = 1 - won["result"]["winner"]
    tables = [(g, p) for g in ("exact-61", "all-fives") for p in (2, 3)]
    clean = [observed_match(g, p, None, 2, hands=2) for g, p in tables]
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl.gz"
    a.write_text(_jsonl([wrong[0], won, clean[0]]), "utf-8")
    b.write_text(_jsonl([clean[1], wrong[1]]) + '{"format": "nope"}\n' + _jsonl(clean[2:]), "utf-8")
    c.write_bytes(gzip.compress(_jsonl([wrong[2], minimal_example()]).encode()))
    return [str(a), str(b), str(c)]


@needs_dask
def test_shards_on_a_local_cluster_give_the_certificate_of_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _log(tmp_path)
    one, dask = tmp_path / "one.json", tmp_path / "dask.json"
    assert main(["audit", *names, "--json", str(one)]) == 2  # a line is no record
    alone = capsys.readouterr()
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    assert main(["audit", "--dask", "local:2", *names, "--json", str(dask)]) == 2
    shards = capsys.readouterr()
    report = json.loads(dask.read_text("utf-8"))
    assert report == json.loads(one.read_text("utf-8"))
    assert report["divergences"] and sum(g["records"] for g in report["games"].values()) == 9
    assert shards.out.replace(str(dask), str(one)) == alone.out
    assert shards.err == alone.err and alone.err.count("\n") == 1
    assert _started_since(before) == [], "the local cluster's processes outlived the run"


def _started_since(before: set[int]) -> list[str]:
    """This process's descendants not in ``before``, less multiprocessing's resource
    tracker: one per process that ever starts a child, it ends when this process ends."""
    left = []
    for process in psutil.Process().children(recursive=True):
        try:
            line = " ".join(process.cmdline())
        except psutil.Error:
            continue  # gone while looked at
        if process.pid not in before and "multiprocessing.resource_tracker" not in line:
            left.append(line)
    return left


@needs_dask
@pytest.mark.parametrize(
    ("where", "said"),
    [
        ("nope://x", "--dask nope://x: no scheduler there"),
        ("local:0", "local:N with N workers"),
        ("tls://127.0.0.1:1", "--dask tls://127.0.0.1:1: no scheduler there"),  # no TLS set up
        ("ucx://127.0.0.1:1", "--dask ucx://127.0.0.1:1: no scheduler there"),  # no UCX here
    ],
)
def test_a_cluster_that_cannot_be_had_is_one_line(
    where: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _log(tmp_path)
    assert main(["audit", "--dask", where, *names]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "Traceback" not in err, err


def test_without_the_extra_the_option_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    assert main(["audit", "--dask", "local:2", *_log(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fives-conformance[dask]" in err, err


def test_follow_and_standard_input_are_refused_with_dask(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in (["--follow", _log(tmp_path)[0]], ["-"]):
        assert main(["audit", "--dask", "local:2", *args]) == 2
        assert "--dask audits files by name" in capsys.readouterr().err


#: ``fives`` with the time it gives a scheduler to answer cut to a second
IMPATIENT = """
import sys
from fives_tools.certify.observe import on_dask
from fives_tools.cli import main
on_dask.CONNECT_SECONDS = 1.0
sys.exit(main(sys.argv[1:]))
"""


def test_a_listener_that_never_speaks_is_given_up_after_the_timeout(tmp_path: Path) -> None:
    """An address that accepts connections and never answers (not a scheduler, or a hung
    one): the connection's own timeout was not kept, and the audit waited for ever."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def hold() -> None:
        with contextlib.suppress(OSError):  # the listener closed: the test is over
            while True:
                held.append(listener.accept()[0])

    threading.Thread(target=hold, daemon=True).start()
    where = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    try:
        done = subprocess.run(
            [sys.executable, "-c", IMPATIENT, "audit", "--dask", where, _log(tmp_path)[0]],
            capture_output=True,
            text=True,
            timeout=30,
        )
    finally:
        listener.close()
        for connection in held:
            connection.close()
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr == f"fives audit: --dask {where}: no scheduler answered within 1 s\n"
