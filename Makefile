# ocwtool: the README's two commands are `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
WORKSPACE ?= demo-workspace
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test lint typecheck pytest wordnet labelstudio verifiers chromium bench clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Core install: enough for the demo.
$(VENV)/.core: pyproject.toml | $(VENV)/bin/python
	$(PIP) install --quiet -e .
	touch $@

# The demo's install: the core plus the [llm] extra (inspect-ai), which its scripted LLM-runner
# stage needs (without it the demo skips that stage and says so).
$(VENV)/.demo: pyproject.toml | $(VENV)/bin/python
	$(PIP) install --quiet -e '.[llm]'
	touch $(VENV)/.core $@

# Everything: extras included. torch is pinned and installed first (a CPU build on these machines).
$(VENV)/.all: pyproject.toml | $(VENV)/bin/python
	$(PIP) install --quiet torch==2.13.0
	$(PIP) install --quiet -e '.[embed,bertscore,wn,sound,llm,labelstudio,rl,dev]'
	touch $(VENV)/.core $(VENV)/.demo $@

wordnet:
	@if [ ! -f /usr/share/wordnet/index.sense ] || [ ! -f /usr/share/wordnet/data.noun ]; then \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y wordnet-base wordnet-sense-index; \
	fi

# The Label Studio server for the tests, in a venv of its own (its pins clash with ours; ~1 GB),
# outside the repo so `make clean` keeps it. The tests find it at the same path.
LS_VERSION := 1.23.2
LS_VENV ?= $(or $(OCWTOOL_LS_VENV),$(HOME)/.cache/ocwtool/label-studio-venv)
labelstudio:
	@if [ ! -f "$(LS_VENV)/.ocwtool-ls-$(LS_VERSION)" ]; then \
		rm -rf "$(LS_VENV)" && $(PYTHON) -m venv "$(LS_VENV)" && \
		"$(LS_VENV)/bin/pip" install --quiet "label-studio==$(LS_VERSION)" && \
		touch "$(LS_VENV)/.ocwtool-ls-$(LS_VERSION)"; \
	fi

# verifiers (the exported environment's library) for the tests, in a venv of its own (its pins clash
# with inspect-ai's), outside the repo like Label Studio's; the tests find it at the same path.
# setuptools >= 70.1 builds the exported package's wheel without the `wheel` package.
VF_VERSION := 0.1.14
VF_VENV ?= $(or $(OCWTOOL_VF_VENV),$(HOME)/.cache/ocwtool/verifiers-venv)
verifiers:
	@if [ ! -f "$(VF_VENV)/.ocwtool-vf-$(VF_VERSION)" ]; then \
		rm -rf "$(VF_VENV)" && $(PYTHON) -m venv "$(VF_VENV)" && \
		"$(VF_VENV)/bin/pip" install --quiet "verifiers==$(VF_VERSION)" "setuptools>=70.1" && \
		touch "$(VF_VENV)/.ocwtool-vf-$(VF_VERSION)"; \
	fi

# Headless Chromium (Debian package) for the labelling-screen and report-page tests.
chromium:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; }

OCWTOOL := $(VENV)/bin/ocwtool -w $(WORKSPACE)

# The main job: every stage offline on the bundled snapshot (see `ocwtool demo --help`).
demo: $(VENV)/.demo wordnet
	$(OCWTOOL) demo
	$(OCWTOOL) info
	@echo "Report (written by the demo's last stage): $(abspath $(WORKSPACE))/reports/report.html"
	@echo "Run ocwtool yourself: . $(VENV)/bin/activate, then ocwtool -w $(WORKSPACE) info (or $(VENV)/bin/ocwtool -w $(WORKSPACE) info)"

# lint-imports: the layer contracts of pyproject.toml ([tool.importlinter]; docs/architecture.md).
lint: $(VENV)/.all
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/ruff format --check src tests benchmarks
	$(VENV)/bin/lint-imports --no-cache

typecheck: $(VENV)/.all
	$(VENV)/bin/mypy

pytest: $(VENV)/.all wordnet labelstudio verifiers chromium
	$(VENV)/bin/pytest

test: lint typecheck pytest

bench: $(VENV)/.all wordnet
	for f in benchmarks/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) $(WORKSPACE) .pytest_cache .mypy_cache .ruff_cache .import_linter_cache
