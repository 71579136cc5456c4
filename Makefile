# The README's two commands: `make repro` (the main job) and `make test` (the tests).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

LOCK_VENV := .venv-lock

.PHONY: repro test install lock check-repro clean-venv

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

repro: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" DVC_NO_ANALYTICS=1 $(BIN)/dvc repro

# CI: a fresh clone's `make repro` must reproduce the committed dvc.lock and metrics byte for byte.
check-repro: repro
	git diff --exit-code dvc.lock metrics/

test: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" DVC_NO_ANALYTICS=1 $(BIN)/python -m pytest

clean-venv:
	rm -rf $(VENV)
