# Two commands set Motley up from a fresh clone: `make run` and `make test`.
# Both create (or update) the local virtual environment in .venv first.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test test-fast lint bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/motley play chess

lint: $(STAMP)
	$(BIN)/ruff check src bench
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

test-fast: lint
	$(BIN)/pytest -m "not slow"

bench: $(STAMP)
	$(BIN)/python bench/perft_bench.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
