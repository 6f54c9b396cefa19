# Two commands for a newcomer:  `make demo`  and  `make test`.
# Both create .venv on first use: CPU torch first (an unpinned torch would pull a multi-GB
# CUDA build), then Iris and its dependencies.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OFFLINE := HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_HUB_DISABLE_PROGRESS_BARS=1 LITELLM_LOCAL_MODEL_COST_MAP=True

.PHONY: install demo test lint bench clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $@

demo: install
	$(OFFLINE) $(BIN)/iris demo

# The test command: lint and types first (a finding fails it), then the whole suite.
test: lint
	$(OFFLINE) $(BIN)/pytest -q

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy iris

bench: install
	$(OFFLINE) $(BIN)/python benchmarks/bench_direct.py
	$(OFFLINE) $(BIN)/python benchmarks/bench_intent.py
	$(OFFLINE) $(BIN)/python benchmarks/bench_store.py

clean:
	rm -rf $(VENV)
