# gemtable: `make play` opens the menu, `make test` runs the whole suite.
# Both create .venv on first use and install from pyproject.toml, pinned by
# constraints.txt, so a fresh clone needs only Python 3.11+ and make.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
DEPS := pyproject.toml setup.py constraints.txt

.PHONY: play test lint bench arena clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "gemtable needs Python 3.11 or newer ($(PYTHON) is older)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-play: $(BIN)/python $(DEPS)
	$(PIP) install -c constraints.txt -e .
	@touch $@

# The cluster extra (Ray) too: the tests run the arena's Ray backend on a local cluster.
$(VENV)/.installed-test: $(BIN)/python $(DEPS)
	$(PIP) install -c constraints.txt -e '.[test,cluster]'
	@touch $@ $(VENV)/.installed-play

play: $(VENV)/.installed-play
	$(BIN)/gemtable

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -q

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

bench: $(VENV)/.installed-play
	$(BIN)/gemtable bench jowhari

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
