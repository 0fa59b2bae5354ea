# ocwtool: the README's two commands are `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
WORKSPACE ?= demo-workspace
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test lint typecheck pytest wordnet bench clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Core install: enough for the demo.
$(VENV)/.core: pyproject.toml | $(VENV)/bin/python
	$(PIP) install --quiet -e .
	touch $@

# Everything: extras included. torch is pinned and installed first (a CPU build on these machines).
$(VENV)/.all: pyproject.toml | $(VENV)/bin/python
	$(PIP) install --quiet torch==2.13.0
	$(PIP) install --quiet -e '.[embed,bertscore,wn,llm,dev]'
	touch $(VENV)/.core $@

wordnet:
	@if [ ! -f /usr/share/wordnet/index.sense ] || [ ! -f /usr/share/wordnet/data.noun ]; then \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y wordnet-base wordnet-sense-index; \
	fi

OCWTOOL := $(VENV)/bin/ocwtool -w $(WORKSPACE)

# The main job: every stage offline on the bundled snapshot (see `ocwtool demo --help`).
demo: $(VENV)/.core wordnet
	$(OCWTOOL) demo
	$(OCWTOOL) info

lint: $(VENV)/.all
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks

typecheck: $(VENV)/.all
	$(VENV)/bin/mypy

pytest: $(VENV)/.all wordnet
	$(VENV)/bin/pytest

test: lint typecheck pytest

bench: $(VENV)/.all wordnet
	for f in benchmarks/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) $(WORKSPACE) .pytest_cache .mypy_cache .ruff_cache
