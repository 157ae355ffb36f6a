"""Deliberately wrong implementations: the reference engine with one rule bent each.

They are the suite's own test subjects: a suite that passes a broken engine is broken.
"""
