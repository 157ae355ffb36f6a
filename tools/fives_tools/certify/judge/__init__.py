"""The judge: the one place of the harness that names rules.

Every kind of evidence (a case's reply held against its hand-written expectation, a fuzz
disagreement with the reference engine, a step of an implementation's own game replayed
under the rules) is judged here by the same tables: the families of rules that decide a
differing field (:mod:`.families`, :mod:`.fields`, :mod:`.scoring`) or event
(:mod:`.events`), the rules of a replay step (:mod:`.steps`) and of what it exercises
(:mod:`.exercise`), the known misreadings that explain a wrong number
(:mod:`.misreadings`) and the other readings of the sources (:mod:`.readings`); then one
ranking of likely causes (:mod:`.ranking`, over cases :mod:`.causes` and own games
:mod:`.shown`), the blame of a failing case (:mod:`.blame`), the verdict (:mod:`.verdict`)
and what a run covers (:mod:`.coverage`, :mod:`.tables`). No other module of the harness
names a rule ID (tests/test_one_judge.py); the reports render what it decided.
"""
