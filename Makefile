# gemtable: `make play` opens the menu, `make test` runs the whole suite.
# Both create .venv on first use and install from pyproject.toml, pinned by
# constraints.txt, so a fresh clone needs only Python 3.11+ and make.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check --quiet
DEPS := pyproject.toml setup.py constraints.txt

.PHONY: play test lint typecheck bench arena clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "gemtable needs Python 3.11 or newer ($(PYTHON) is older)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-play: $(BIN)/python $(DEPS)
	$(PIP) install -c constraints.txt -e .
	@touch $@

# The cluster extra (Ray) too: the tests run the arena's Ray backend on a local
# cluster; pettingzoo and openspiel: the tests run PettingZoo's API test and
# OpenSpiel's random simulation test on every game.
$(VENV)/.installed-test: $(BIN)/python $(DEPS)
	$(PIP) install -c constraints.txt -e '.[test,cluster,pettingzoo,openspiel]'
	@touch $@ $(VENV)/.installed-play

play: $(VENV)/.installed-play
	$(BIN)/gemtable

# Lint and types first: a type error fails the build before any test runs.
# Four workers on two cores: many tests wait (Textual pilots, SSH, bots' pools);
# --durations lists the slowest (docs/performance.md).
test: lint typecheck
	$(BIN)/python -m pytest -q -n 4 --durations=25

# lint-imports checks the import contracts in pyproject.toml; its cache goes
# with the other build output.
lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-logo --cache-dir build/import-linter

# mypy sees the folders under their package names through links (see pyproject.toml),
# then the research scripts in tools/.
typecheck: $(VENV)/.installed-test
	@mkdir -p build/typecheck/gemtable
	@for folder in engine ai tui; do ln -sfn ../../../$$folder build/typecheck/gemtable/$$folder; done
	$(BIN)/mypy
	$(BIN)/mypy tools

bench: $(VENV)/.installed-play
	$(BIN)/gemtable bench jowhari

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
