"""The suite's tooling: cases, the adapter interface, the harness, reports and the CLI.

Nothing here computes an expectation: expected values come from fixtures and features.
"""

__version__ = "0.1.0"  # the package's version (pyproject.toml reads it from here)
