# Two commands do all set-up on a fresh machine (Python 3.11+, pip, make, Node 20+ with npm):
#   make run    installs ttr in .venv, builds the browser client when missing or stale (npm ci, vite
#               build into ttr/server/static/), starts the game server (ttr serve), prints its URL and
#               opens a browser when there is one (PORT=8000 by default); `.venv/bin/ttr play` plays in
#               the terminal instead
#   make test   installs the test extras (with analytics, for ttr analyze, and the research ones: rl,
#               train, ray), the client, and Debian's chromium and GoogleTest when missing (apt-get),
#               then runs the whole suite (import layers, mypy, vitest, the native core's C++ unit
#               tests, pytest with the browser tests, the core's ASan + UBSan tier; a test that cannot
#               import its extra fails here)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

WEB := web
CLIENT := ttr/server/static/index.html
CLIENT_SOURCES := $(shell find $(WEB)/src -type f) $(wildcard $(WEB)/*.html $(WEB)/*.json $(WEB)/*.ts) \
	$(wildcard ttr/maps/data/*.json)

.PHONY: run test bench install client clean native-test native-asan

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

NATIVE_SOURCES := CMakeLists.txt $(shell find native -type f \( -name '*.cpp' -o -name '*.hpp' -o -name 'CMakeLists.txt' \))

# pip builds the native core (C++, scikit-build-core) where a C++ compiler is present
$(VENV)/.installed: $(BIN)/python pyproject.toml $(NATIVE_SOURCES)
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(BIN)/python -m pip install -q -e '.[test,analytics,rl,train,ray,recipes]'
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
	TTR_PORT_HINT="make run PORT=N" $(BIN)/ttr serve --open --port $(PORT)

test: $(VENV)/.installed-test $(CLIENT)
	$(BIN)/lint-imports
	$(BIN)/mypy
	cd $(WEB) && npm run typecheck && npm test
	scripts/ensure-chromium.sh
	$(MAKE) native-test
	TTR_REQUIRE_EXTRAS=1 $(BIN)/python -m pytest -n 2
	$(MAKE) native-asan

# The native core's C++ unit tests (native/tests/, GoogleTest), without Python.
CPP_TESTS := build/cpp-tests
native-test:
	scripts/ensure-gtest.sh
	cmake -S . -B $(CPP_TESTS) -DTTR_TESTS=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build $(CPP_TESTS) -j 2
	ctest --test-dir $(CPP_TESTS)/native --output-on-failure

# The sanitizer tier: the core and its module built with AddressSanitizer + UndefinedBehaviorSanitizer
# (any finding aborts), its C++ unit tests, then the differential harness and the bad-input tests
# against that module (TTR_NATIVE_DIR; the interpreter is not instrumented, so ASan's runtime is
# preloaded, with libstdc++ for its exception interceptor, and CPython's deliberate leaks are not
# reported).
ASAN := build/asan
ASAN_TESTS := tests/test_native.py tests/test_native_legacy.py tests/test_native_binding.py tests/test_native_vecenv.py tests/test_native_bots.py
native-asan: $(VENV)/.installed-test
	scripts/ensure-gtest.sh
	cmake -S . -B $(ASAN) -DTTR_PYTHON=ON -DTTR_SANITIZE=ON -DTTR_TESTS=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DPython_EXECUTABLE=$(abspath $(BIN)/python) >/dev/null
	cmake --build $(ASAN) -j 2
	ctest --test-dir $(ASAN)/native --output-on-failure
	LD_PRELOAD="$$($${CXX:-g++} -print-file-name=libasan.so) $$($${CXX:-g++} -print-file-name=libstdc++.so)" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
		UBSAN_OPTIONS=print_stacktrace=1 TTR_NATIVE_DIR=$(ASAN)/native TTR_REQUIRE_EXTRAS=1 \
		$(BIN)/python -m pytest -n 2 -p no:cacheprovider --capture=sys $(ASAN_TESTS)

bench: $(VENV)/.installed
	$(BIN)/ttr bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis .mypy_cache $(WEB)/node_modules ttr/server/static test-artifacts
