"""The rules of the Fives games as data (installed as ``fives_spec``).

This package holds no logic: it only marks where the YAML and JSON documents live, so
that the engine and the tools find them both in a checkout and in an installed wheel.
"""

from __future__ import annotations

from pathlib import Path

SPEC_DIR = Path(__file__).resolve().parent
GAMES_DIR = SPEC_DIR / "games"
SCHEMAS_DIR = SPEC_DIR / "schemas"
