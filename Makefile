# The README's two commands: `make repro` (the main job) and `make test` (the fast tests).
# CI (.ci/run) runs `make quality test test-slow`; CONTRIBUTING.md says how a change is gated.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Test workers (pytest-xdist): one per core by default; WORKERS=0 runs in one process.
WORKERS ?= auto
# Tests of one module stay on one worker, so a module-scoped fixture (a rendered corpus) is built once.
PYTEST := PATH="$(CURDIR)/$(BIN):$$PATH" DVC_NO_ANALYTICS=1 $(BIN)/python -m pytest -n $(WORKERS) --dist loadscope

.PHONY: repro test test-slow test-all quality install clean-venv

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

repro: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" DVC_NO_ANALYTICS=1 $(BIN)/dvc repro

# The fast default (under 4 minutes on two cores): everything not marked slow.
test: $(STAMP)
	$(PYTEST) -m "not slow"

# The long end-to-end tests (dvc repro / push / pull, kill -9 and resume, secrets across CLI runs).
test-slow: $(STAMP)
	$(PYTEST) -m slow

test-all: $(STAMP)
	$(PYTEST)

# Import contracts, and ruff / ruff format / mypy findings against quality-baseline.json.
quality: $(STAMP)
	$(BIN)/python scripts/quality_gate.py

clean-venv:
	rm -rf $(VENV)
