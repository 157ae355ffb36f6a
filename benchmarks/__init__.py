"""Repeatable benchmarks: ``python -m benchmarks`` (``--quick`` for a tiny workload).

Results are printed as a Markdown table and, with ``--out``, written to a dated file under
``benchmarks/results/``. Ratios are always measured side by side in the same run.
"""
