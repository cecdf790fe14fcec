# Two commands do all set-up on a fresh machine (Python 3.11+, pip, make, Node 20+ with npm):
#   make run    installs ttr in .venv, builds the browser client when missing or stale (npm ci, vite
#               build into ttr/server/static/), starts the game server (ttr serve), prints its URL and
#               opens a browser when there is one (PORT=8000 by default); `.venv/bin/ttr play` plays in
#               the terminal instead
#   make test   installs the test extras (with analytics, for ttr analyze, and the research ones: rl,
#               train, ray), the client, and Debian's chromium when missing (apt-get), then runs the whole
#               suite (import layers, mypy, vitest, pytest with the browser tests; a test that cannot
#               import its extra fails here)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

WEB := web
CLIENT := ttr/server/static/index.html
CLIENT_SOURCES := $(shell find $(WEB)/src -type f) $(wildcard $(WEB)/*.html $(WEB)/*.json $(WEB)/*.ts) \
	$(wildcard ttr/maps/data/*.json)

.PHONY: run test bench install client clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

NATIVE_SOURCES := CMakeLists.txt $(shell find native -type f \( -name '*.cpp' -o -name '*.hpp' -o -name 'CMakeLists.txt' \))

# pip builds the native core (C++, scikit-build-core) where a C++ compiler is present
$(VENV)/.installed: $(BIN)/python pyproject.toml $(NATIVE_SOURCES)
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(BIN)/python -m pip install -q -e '.[test,analytics,rl,train,ray]'
	touch $@

install: $(VENV)/.installed

$(WEB)/node_modules/.package-lock.json: $(WEB)/package-lock.json
	@command -v npm >/dev/null || { echo "The browser client is built with Node 20+ and npm: install them (https://nodejs.org)."; exit 1; }
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

$(CLIENT): $(WEB)/node_modules/.package-lock.json $(CLIENT_SOURCES)
	cd $(WEB) && npm run build

client: $(CLIENT)

run: $(VENV)/.installed $(CLIENT)
	$(BIN)/ttr serve --open --port $(PORT)

test: $(VENV)/.installed-test $(CLIENT)
	$(BIN)/lint-imports
	$(BIN)/mypy
	cd $(WEB) && npm run typecheck && npm test
	scripts/ensure-chromium.sh
	TTR_REQUIRE_EXTRAS=1 $(BIN)/python -m pytest -n 2

bench: $(VENV)/.installed
	$(BIN)/ttr bench

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .hypothesis .mypy_cache $(WEB)/node_modules ttr/server/static test-artifacts
