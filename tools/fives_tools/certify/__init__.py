"""The harness, in the order a run goes: the suite's cases (:mod:`.cases`), the adapters
through which it reaches an implementation (:mod:`.adapters`), the runner and the published
equivalence rules it compares replies by (:mod:`.runner`, :mod:`.compare`), the reports and
their verdict (:mod:`.reports`), and the differential fuzzer (:mod:`.fuzz`), which reports
apart from the certificate.
"""
