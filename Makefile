# The README's two commands: `make repro` (the main job) and `make test` (the fast tests).
# CI (.ci/run) runs `make quality test test-slow check-repro`; CONTRIBUTING.md says how a change is gated.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Test workers (pytest-xdist): one per core by default; WORKERS=0 runs in one process.
WORKERS ?= auto
# Tests of one module stay on one worker, so a module-scoped fixture (a rendered corpus) is built once.
# Modules are handed out in collection order (not xdist's default, most tests first), which
# tests/conftest.py starts with the modules marked `long`: the run lasts as long as its last worker,
# and a one-test module of a minute handed out last kept one worker busy alone for most of that minute.
# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set: otherwise each worker compiles and
# assert-rewrites every test module at collection (about 5 s of CPU each) and every CLI subprocess
# compiles the package again; __pycache__ is in .gitignore and .dvcignore, so nothing tracked moves.
PYTEST := PATH="$(CURDIR)/$(BIN):$$PATH" DVC_NO_ANALYTICS=1 PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(WORKERS) --dist loadscope --no-loadscope-reorder --durations=15

LOCK_VENV := .venv-lock

.PHONY: repro test test-slow test-all quality install lock check-repro clean-venv

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Exact versions with hashes from requirements.lock, then the package itself without resolving
# anything else. The optional EasyOCR backend stays outside the lock: pip install -e '.[easyocr]'.
$(STAMP): requirements.lock pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

# Re-resolve pyproject.toml's dependencies (+ the test extra) to the newest allowed versions and
# write them, with hashes, to requirements.lock. Run after changing dependencies; commit the lock.
lock:
	test -x $(LOCK_VENV)/bin/pip-compile || { $(PY) -m venv $(LOCK_VENV) && $(LOCK_VENV)/bin/pip install --quiet 'pip-tools>=7.4,<8'; }
	$(LOCK_VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --extra test --strip-extras \
		--no-emit-index-url --no-emit-find-links -o requirements.lock pyproject.toml

install: $(STAMP)

# check-params first: a params key that dvc.yaml interpolates (`$${corpus.inputs}`) must be there before
# DVC can even read dvc.yaml, so the params stage would never get to name it; and the params stage reruns
# when params.yaml changes, not when an edit of dvc.yaml declares a key params.yaml lacks (DVC refuses
# dvc.yaml as a dependency).
repro: $(STAMP)
	bin/scifigbench check-params
	PATH="$(CURDIR)/$(BIN):$$PATH" DVC_NO_ANALYTICS=1 $(BIN)/dvc repro

# CI: a fresh clone's `make repro` must reproduce the committed dvc.lock and metrics byte for byte.
check-repro: repro
	git diff --exit-code dvc.lock metrics/

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
