# The README's two commands: `make repro` (the main job) and `make test` (the tests).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: repro test install clean-venv

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

repro: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" DVC_NO_ANALYTICS=1 $(BIN)/dvc repro

test: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" DVC_NO_ANALYTICS=1 $(BIN)/python -m pytest

clean-venv:
	rm -rf $(VENV)
