# Two commands for a fresh clone: `make site` and `make test`.
# Every target creates the local virtual environment in .venv/ on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: site test verify bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

test: $(STAMP)
	$(PY) -m pytest -q

verify: $(STAMP)
	$(VENV)/bin/mancala-diagrams verify

clean:
	rm -rf _build
