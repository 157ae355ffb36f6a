# The two commands of the README, each working on a fresh machine:
#   make certify   certify the reference engine and print the certificate
#   make test      run the project's checks and test suite
# and one more that CI runs after them:
#   make test-openspiel   install the openspiel extra, run mypy and the OpenSpiel games' tests
#
# Everything runs from the project's own virtual environment, .venv (git-ignored), made
# with $(PYTHON) on the first run: a stock Debian or Ubuntu python3 refuses `pip install`
# outside one (PEP 668, "externally-managed-environment"), and another Python earlier on
# PATH must not decide what gets tested. The venv's bin/ comes first on PATH in every
# recipe, so `fives`, `ruff`, `mypy` and `python` (the adapters' commands) are the venv's.
# System packages are installed only for the commands that need them, each announced with
# its size: Graphviz's `dot` for pictures (`make test`, `make comparison`), Chromium for the
# books' browser tests (`make test`); `make certify` needs neither.
PYTHON ?= python3
VENV := .venv
BASE_PATH := $(PATH)
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
CERTIFY_STAMP := $(VENV)/.certify.stamp
STAMP := $(VENV)/.setup.stamp
MUTATION_STAMP := $(VENV)/.mutation.stamp
OPENSPIEL_STAMP := $(VENV)/.setup-openspiel.stamp

.PHONY: certify test test-openspiel setup mutation branch-coverage comparison graphviz chromium cjk-font

certify: $(CERTIFY_STAMP)
	fives certify

test: $(STAMP) graphviz chromium cjk-font
	ruff check .
	mypy
	python -m pytest -q -n auto --dist worksteal

# Apart from `make test`: open-spiel brings numpy and scipy, which would double the time
# and more than double the size of a fresh install (README, "OpenSpiel").
# FIVES_REQUIRE_OPENSPIEL: a pyspiel that cannot be imported fails the step (not "1 skipped").
test-openspiel: $(OPENSPIEL_STAMP)
	mypy
	FIVES_REQUIRE_OPENSPIEL=1 python -m pytest -q -p no:xdist tests/openspiel

setup: $(STAMP)

# The committed certificate of the third-party engine all-fives-domino, the comparison of
# the reference engine, the Node example and it, and the audit of its own games
# (docs/comparisons/), regenerated; the rule books they link to are built beside them
# (not committed: `fives docs` makes them).
# `fives certify` exits 1 for a run that is not certified, as this one is. The committed
# reports carry no date or duration (--no-timestamps), so a second run changes nothing.
COMPARISONS := docs/comparisons
NODE_ADAPTER := node examples/node-adapter/adapter.js
AFD_ADAPTER := python examples/all_fives_domino/adapter.py
# The package's own games audited (its DominoRound matches, seeds 1 .. AFD_GAMES); `fives
# audit` exits 1 on a divergence, as it does here.
AFD_GAMES := 20
comparison: $(STAMP) graphviz
	fives docs --out $(COMPARISONS)/book
	fives certify -q --no-timestamps --adapter '$(AFD_ADAPTER)' \
	  --markdown $(COMPARISONS)/all-fives-domino.md \
	  --html $(COMPARISONS)/all-fives-domino.html > /dev/null || test $$? -eq 1
	fives compare --no-timestamps \
	  --adapter 'node=$(NODE_ADAPTER)' --adapter 'all-fives-domino=$(AFD_ADAPTER)' \
	  --markdown $(COMPARISONS)/comparison.md --html $(COMPARISONS)/comparison.html
	python examples/all_fives_domino/own_games.py $(AFD_GAMES) > $(COMPARISONS)/all-fives-domino-games.jsonl
	fives audit $(COMPARISONS)/all-fives-domino-games.jsonl \
	  --markdown $(COMPARISONS)/all-fives-domino-audit.md > /dev/null || test $$? -eq 1

# Mutation testing of the reference engine, the must conformance cases its only test
# (mutmut 3; about half an hour on 2 cores), and the report with the branch coverage.
mutation: $(MUTATION_STAMP)
	python -m benchmarks.mutation run
	python -m benchmarks.mutation report --out build/mutation/report.md

branch-coverage: $(MUTATION_STAMP)
	python -m benchmarks.mutation branches

# $(call apt_need,COMMAND,PACKAGE,SIZE,WHAT NEEDS IT): install Debian's PACKAGE unless
# COMMAND is there, announced in one line; a machine without apt (or without root) gets a
# warning, and only the tests that need COMMAND skip.
define apt_need
@command -v $(1) >/dev/null 2>&1 || { \
  if command -v apt-get >/dev/null 2>&1; then \
    echo "Installing Debian's $(2) ($(3)) for $(4): apt-get update and install..."; \
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq $(2) >/dev/null; } \
      || echo "warning: could not install $(2); $(4) need it"; \
  else echo "warning: install $(2) for $(4)"; fi; }
endef

graphviz:
	$(call apt_need,dot,graphviz,about 30 MB,the pictures)

chromium:
	$(call apt_need,chromium,chromium,about 350 MB,the books' browser tests)

# A CJK font, so the books' Chinese source quotes are drawn in the browser tests, not boxes.
cjk-font:
	@fc-list :lang=zh 2>/dev/null | grep -q . || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian's fonts-wqy-zenhei (about 17 MB) for the books' browser tests: apt-get update and install..."; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq fonts-wqy-zenhei >/dev/null; } \
	      || echo "warning: could not install fonts-wqy-zenhei; the books' browser tests need a CJK font"; \
	  else echo "warning: install a CJK font (Debian: fonts-wqy-zenhei) for the books' browser tests"; fi; }

# The venv, made with $(PYTHON) as found on the PATH make was started with. Debian ships
# the venv module's pip apart (python3.X-venv): installed when the first try lacks it.
$(VENV)/bin/python:
	@rm -rf $(VENV)
	@echo "Making the virtual environment $(VENV) with $$(PATH='$(BASE_PATH)' command -v $(PYTHON))..."
	@PATH='$(BASE_PATH)' $(PYTHON) -m venv $(VENV) >/dev/null 2>&1 || { \
	  rm -rf $(VENV); \
	  venv=python$$(PATH='$(BASE_PATH)' $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')-venv; \
	  command -v apt-get >/dev/null 2>&1 \
	    || { echo "error: $(PYTHON) cannot make a virtual environment; install its venv module" >&2; exit 1; }; \
	  echo "Installing Debian's $$venv (about 5 MB) for the virtual environment..."; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes apt-get install -y -qq $$venv >/dev/null; } \
	    && PATH='$(BASE_PATH)' $(PYTHON) -m venv $(VENV); }

# The package alone, editable, into the venv: all `fives certify` needs (its dependencies
# in pyproject.toml), for `make certify`; the checkers, hypothesis and the third-party
# engine certified in the tests come with `make test` (the next stamp).
$(CERTIFY_STAMP): pyproject.toml $(VENV)/bin/python
	@echo "Installing the package into $(VENV) (pip, about 58 MB)..."
	python -m pip install -q -e .
	@# An editable install compiles nothing, and where PYTHONDONTWRITEBYTECODE is set no import
	@# writes a .pyc either: every adapter start would compile the engine again (about 30 ms).
	python -m compileall -q reference_engine tools > /dev/null
	@touch $(CERTIFY_STAMP)

# Its test extras, the third-party engine certified beside it (the thirdparty extra) and
# Dask, on whose local cluster tests/test_audit_dask.py audits shards (the dask extra).
$(STAMP): pyproject.toml $(CERTIFY_STAMP)
	@echo "Installing the package's test, thirdparty and dask extras into $(VENV) (pip, about 170 MB more: 226 MB in all)..."
	python -m pip install -q -e '.[test,thirdparty,dask]'
	@touch $(STAMP)

$(MUTATION_STAMP): pyproject.toml $(VENV)/bin/python
	@echo "Installing the package with its test and mutation extras into $(VENV) (pip)..."
	python -m pip install -q -e '.[test,mutation]'
	@touch $(MUTATION_STAMP)

$(OPENSPIEL_STAMP): $(STAMP)
	@echo "Installing the openspiel extra into $(VENV) (pip, about 300 MB)..."
	python -m pip install -q -e '.[test,openspiel]'
	@touch $(OPENSPIEL_STAMP)
