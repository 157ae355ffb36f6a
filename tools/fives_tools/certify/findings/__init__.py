"""Findings: the rules a difference between a reply and its expectation implicates, one
judgement for every kind of evidence. ``fives certify`` holds a reply against a
hand-written case (:mod:`fives_tools.certify.reports.blame`), ``fives fuzz`` against the
reference engine's reply (:mod:`fives_tools.certify.fuzz.classes`): the same wrong field
or event implicates the same rules in both. The families of rules (:mod:`.families`), the
rules of a differing field (:mod:`.fields`) and of differing events (:mod:`.events`) live
here; each evidence keeps only its own narrowing (a case's facts and rules, a fuzz class's
first difference).
"""
