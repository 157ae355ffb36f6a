# The two commands of the README, each working on a fresh machine:
#   make certify   certify the reference engine and print the certificate
#   make test      run the project's checks and test suite
# and one more that CI runs after them:
#   make test-openspiel   install the openspiel extra, run mypy and the OpenSpiel games' tests
PYTHON ?= python3
STAMP := .setup.stamp
MUTATION_STAMP := .mutation.stamp
OPENSPIEL_STAMP := .setup-openspiel.stamp

.PHONY: certify test test-openspiel setup mutation branch-coverage comparison

certify: $(STAMP)
	fives certify

test: $(STAMP)
	ruff check .
	mypy
	$(PYTHON) -m pytest -q -n auto

# Apart from `make test`: open-spiel brings numpy and scipy, which would double the time
# and more than double the size of a fresh install (README, "OpenSpiel").
test-openspiel: $(OPENSPIEL_STAMP)
	mypy
	$(PYTHON) -m pytest -q -p no:xdist tests/openspiel

setup: $(STAMP)

# The committed certificate of the third-party engine all-fives-domino, the comparison of
# the reference engine, the Node example and it, and the audit of its own games
# (docs/comparisons/), regenerated; the rule books they link to are built beside them
# (not committed: `fives docs` makes them).
# `fives certify` exits 1 for a run that is not certified, as this one is.
COMPARISONS := docs/comparisons
NODE_ADAPTER := node examples/node-adapter/adapter.js
AFD_ADAPTER := python examples/all_fives_domino/adapter.py
# The package's own games audited (its DominoRound matches, seeds 1 .. AFD_GAMES); `fives
# audit` exits 1 on a divergence, as it does here.
AFD_GAMES := 20
comparison: $(STAMP)
	fives docs --out $(COMPARISONS)/book
	fives certify -q --adapter '$(AFD_ADAPTER)' --markdown $(COMPARISONS)/all-fives-domino.md \
	  --html $(COMPARISONS)/all-fives-domino.html > /dev/null || test $$? -eq 1
	fives compare --adapter 'node=$(NODE_ADAPTER)' --adapter 'all-fives-domino=$(AFD_ADAPTER)' \
	  --markdown $(COMPARISONS)/comparison.md --html $(COMPARISONS)/comparison.html
	python examples/all_fives_domino/own_games.py $(AFD_GAMES) > $(COMPARISONS)/all-fives-domino-games.jsonl
	fives audit $(COMPARISONS)/all-fives-domino-games.jsonl \
	  --markdown $(COMPARISONS)/all-fives-domino-audit.md > /dev/null || test $$? -eq 1

# Mutation testing of the reference engine, the must conformance cases its only test
# (mutmut 3; about half an hour on 2 cores), and the report with the branch coverage.
mutation: $(MUTATION_STAMP)
	$(PYTHON) -m benchmarks.mutation run
	$(PYTHON) -m benchmarks.mutation report --out build/mutation/report.md

branch-coverage: $(MUTATION_STAMP)
	$(PYTHON) -m benchmarks.mutation branches

# Installs the package with its test extras, the third-party engine certified beside it
# (the thirdparty extra), Debian's graphviz for the `dot` binary and
# Debian's chromium, in which the rule books are tested headless, with a CJK font
# (fonts-wqy-zenhei) so the Chinese source quotes are drawn, not shown as boxes.
$(STAMP): pyproject.toml
	@command -v dot >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null) \
	      || echo "warning: could not install graphviz; renderings need the 'dot' binary"; \
	  else echo "warning: install Graphviz ('dot') for renderings"; fi; }
	@command -v chromium >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	      || echo "warning: could not install chromium; the books' browser test needs it"; \
	  else echo "warning: install Chromium for the books' browser test"; fi; }
	@fc-list :lang=zh 2>/dev/null | grep -q . || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing fonts-wqy-zenhei (a CJK font, about 17 MB) for the books' browser test"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-zenhei >/dev/null) \
	      || echo "warning: could not install fonts-wqy-zenhei; the books' Chinese quotes need a CJK font"; \
	  else echo "warning: install a CJK font (Debian: fonts-wqy-zenhei) for the books' browser test"; fi; }
	$(PYTHON) -m pip install -q -e '.[test,thirdparty]'
	@touch $(STAMP)

$(MUTATION_STAMP): pyproject.toml
	$(PYTHON) -m pip install -q -e '.[test,mutation]'
	@touch $(MUTATION_STAMP)

$(OPENSPIEL_STAMP): $(STAMP)
	$(PYTHON) -m pip install -q -e '.[test,openspiel]'
	@touch $(OPENSPIEL_STAMP)
