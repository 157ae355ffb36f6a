"""Findings: what the evidence producers found, in one vocabulary, before any judgement.

The cases' runner, fuzz and the audit's replay turn an implementation's answers into
findings; the judge (:mod:`fives_tools.certify.judge`) turns findings into blame, likely
causes and a verdict; the reports render both. This package imports neither of them, so
every floor above reads the same model.
"""
