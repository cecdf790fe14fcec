# Two commands do all set-up on a fresh machine (Python 3.11+, pip, make):
#   make run    installs ttr in .venv, then: at a terminal, you play Europe against 3 bots (ttr play);
#               with stdin not a terminal, a 4-player Europe game between bots is printed (ttr demo)
#   make test   installs the test extras (and analytics, for ttr analyze, and the research ones: rl, train, ray), then
#               runs the whole suite (import layers, mypy, pytest; a test that cannot import its extra fails here)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(BIN)/python -m pip install -q -e '.[test,analytics,rl,train,ray]'
	touch $@

install: $(VENV)/.installed

run: $(VENV)/.installed
	@if [ -t 0 ]; then \
		$(BIN)/ttr play --map europe --players 4 --bots planner; \
	else \
		$(BIN)/ttr demo --map europe --players 4 --seed 1; \
	fi

test: $(VENV)/.installed-test
	$(BIN)/lint-imports
	$(BIN)/mypy
	TTR_REQUIRE_EXTRAS=1 $(BIN)/python -m pytest -n 2

bench: $(VENV)/.installed
	$(BIN)/ttr bench

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis .mypy_cache
