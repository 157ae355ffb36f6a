"""Certification by observation: an implementation's own games, logged as observation
records (``spec/records.md``), replayed under the rules and checked step by step.

``audit_records(records) -> Observation`` is the entry point (``fives audit`` reads the
records from files; a self-play adapter hands them over directly); ``report`` (JSON and
Markdown), ``console`` and ``html`` report it, showing the divergences ``shown`` picks,
apart from the conformance certificate.
"""

from __future__ import annotations

from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Note, Observation
from fives_tools.certify.observe.audit import audit_records
from fives_tools.certify.observe.load import LoadError, check_record
from fives_tools.certify.observe.stream import read_file

__all__ = [
    "Finding",
    "LoadError",
    "Note",
    "Observation",
    "audit_records",
    "check_record",
    "read_file",
]
