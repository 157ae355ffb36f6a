"""Mutation testing of the reference engine with the conformance cases as the only test
(``make mutation``; issue 9 §2). See ``stage.py`` for why mutmut runs in a staging folder."""
