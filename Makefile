# Two commands set Motley up from a fresh clone: `make run` and `make test`.
# Both create (or update) the local virtual environment in .venv first.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test test-fast lint bench clean browser-deps

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,research]'
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/motley serve --host 127.0.0.1 --port 8000 --db out/motley.db

lint: $(STAMP)
	$(BIN)/ruff check src bench
	$(BIN)/mypy

# Tests run on every core (pytest-xdist); the suite stays under 15 minutes on two.
test: lint browser-deps
	$(BIN)/pytest -n auto

# The browser tests drive the system Chromium; install it (Debian packages) when it is missing.
browser-deps:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif ! command -v apt-get >/dev/null 2>&1; then \
		echo "apt-get is not available: cannot install chromium, so the browser tests will be skipped"; \
	else \
		echo "Installing chromium and chromium-driver for the browser tests"; \
		sudo=; [ "$$(id -u)" = 0 ] || sudo="sudo -n"; \
		{ $$sudo apt-get update -qq && \
		  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq chromium chromium-driver; } \
		|| echo "Could not install chromium, so the browser tests will be skipped"; \
	fi

test-fast: lint
	$(BIN)/pytest -n auto -m "not slow"

# Perft against python-chess, the web load test, then the computer players in every game
# (20 games per pairing at 0.1 s per move; drop --seconds for the 1 s run, several hours),
# and the strength ladder of levels 2-5 in every game (20 games per pairing: many hours).
bench: $(STAMP)
	$(BIN)/python bench/perft_bench.py
	$(BIN)/python bench/playout_bench.py
	$(BIN)/python bench/zombie_bench.py
	$(BIN)/python bench/web_load.py
	$(BIN)/python bench/agents_bench.py --seconds 0.1
	$(BIN)/python bench/adapters_bench.py
	$(BIN)/python bench/ladder_bench.py --workers 2

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
