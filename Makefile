# The two commands of the README, each working on a fresh machine:
#   make certify   certify the reference engine and print the certificate
#   make test      run the project's checks and test suite
PYTHON ?= python3
STAMP := .setup.stamp

.PHONY: certify test setup

certify: $(STAMP)
	fives certify

test: $(STAMP)
	ruff check .
	mypy
	$(PYTHON) -m pytest -q -n auto

setup: $(STAMP)

# Installs the package with its test extras, Debian's graphviz for the `dot` binary and
# Debian's chromium, in which the rule books are tested headless.
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
	$(PYTHON) -m pip install -q -e '.[test]'
	@touch $(STAMP)
