"""Repeatable benchmarks: ``python -m benchmarks`` (``--quick`` for a tiny workload).

Random playouts of every game and table against the peer ``dominoes`` (the ``bench``
extra), the per-play cost early and late in a layout, perft, certification in process and
through the subprocess protocol, the test suite with and without pytest-xdist, and peak
memory, printed as one Markdown report (``--out`` writes it too; the committed ones live
in ``benchmarks/results/``). Ratios are always measured side by side in the same run.
"""
