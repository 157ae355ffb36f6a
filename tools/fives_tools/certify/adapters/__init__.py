"""How the harness reaches an implementation: one interface (:mod:`.interface`), the
NDJSON protocol (:mod:`.protocol`) spoken by any program (:mod:`.program`, whose processes
:mod:`.session` ends), Python implementations in process (:mod:`.python`), and the
reference engine behind the interface (:mod:`.reference`, served by :mod:`.stdio_server`).
"""
