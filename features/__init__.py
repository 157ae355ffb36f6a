"""The suite's Gherkin feature files as data (installed as ``fives_features``)."""

from __future__ import annotations

from pathlib import Path

FEATURES_DIR = Path(__file__).resolve().parent
