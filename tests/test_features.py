"""Bind every feature file of features/ to pytest."""

from __future__ import annotations

from pytest_bdd import scenarios

scenarios("layout", "scoring", "perft", "turns", "settlement", "match")
