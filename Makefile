# The README's two commands: `make run` and `make test`. Both set up everything from a bare machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
HOST   ?= 127.0.0.1
PORT   ?= 5000

.PHONY: run serve-prod test setup browser index clean
.PHONY: faults postgresql-server fuzz-api rerank-weights

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

# Debian's Chromium for the page tests in a real browser (as root, as on CI; otherwise install it yourself).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) ; \
	  else echo "chromium is missing: install Debian's chromium package for the browser tests" >&2; fi; }

index: $(STAMP)
	$(BIN)/judge index --if-stale

run: index
	$(BIN)/judge db upgrade
	$(BIN)/judge serve --host $(HOST) --port $(PORT)

# The production server (judge serve --prod: Granian, one worker per core); docs/deploy.md.
serve-prod: index
	$(BIN)/judge db upgrade
	$(BIN)/judge serve --prod --host $(HOST) --port $(PORT)

test: $(STAMP) browser
	$(BIN)/python -m pytest -q

# PostgreSQL's server binaries (initdb, pg_ctl) for `make faults`, which starts a throwaway cluster of its own.
postgresql-server:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) ; \
	  else echo "initdb is missing: install Debian's postgresql package for make faults" >&2; exit 1; fi; }

# The long fault tests (minutes): SIGKILL during saves, PostgreSQL stopped and frozen, a damaged index after a
# restart, each against a real `judge serve`; they print their figures ("faults: …").
faults: $(STAMP) postgresql-server
	JUDGE_LONG_FAULTS=1 $(BIN)/python -m pytest -q -s -p no:cacheprovider tests/faults -k long_ -rA

# The big generated-request run against /api (thousands of requests; minutes): schemathesis from /api/openapi.json
# and hypothesis scenarios of both rulesets, through `judge bench api`, exit 1 on a 5xx or a 4xx without a JSON
# error. Rate limits off so every request reaches its endpoint (make test runs a few hundred).
FUZZ_EXAMPLES  ?= 1000
FUZZ_SCENARIOS ?= 5000
fuzz-api: index
	JUDGE_RATE_LIMITS=false $(BIN)/judge bench api --examples $(FUZZ_EXAMPLES) --scenarios $(FUZZ_SCENARIOS)

clean:
	rm -rf $(VENV) instance .pytest_cache

# Retrain the search's second stage (docs/search-rerank.md), both first stages, into judge/search/: JUDGE_INSTANCE
# must hold the English CR imported with every vector (`judge corpus status`). Prints each path's 5-fold
# cross-validated figures; then run `judge eval --all --both` and compare with docs/benchmarks.md before committing.
rerank-weights: $(STAMP)
	JUDGE_SEARCH_SEMANTIC=false $(BIN)/judge eval --all --train-rerank judge/search/rerank_weights.json
	$(BIN)/judge eval --all --semantic --train-rerank judge/search/rerank_weights_fused.json
