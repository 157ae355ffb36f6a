"""``fives fuzz``: differential certification beyond the fixtures.

Random, legal requests (built with the reference engine, never with rules of their own)
go to an implementation and to the reference engine through the same adapter interface;
the replies are held against each other with the published equivalence rules. The
fixtures are finite and hand-written; this finds what they miss, and proposes (never
decides) new fixtures. See ``spec/fuzz.md``.
"""
