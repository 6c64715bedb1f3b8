# Two commands for a fresh clone: `make site` and `make test`.
# Every target creates the local virtual environment in .venv/ on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: site test verify bench clean i18n

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

# The bilingual site: one Sphinx build per language, warnings are errors.
SPHINX := $(PY) -m sphinx -W --keep-going -q
SITE := _build/site

site: $(STAMP)
	$(SPHINX) -b html -D language=en -d _build/doctrees/en docs $(SITE)/en
	$(SPHINX) -b html -D language=fr -d _build/doctrees/fr docs $(SITE)/fr
	cp docs/_root/index.html $(SITE)/index.html
	@echo "Site built: open $(SITE)/index.html, or run: $(PY) -m http.server -d $(SITE) 8000"

# Refresh the French catalogs after editing the English pages (no network needed).
i18n: $(STAMP)
	$(PY) docs/update_catalogs.py

# Speed and size, printed side by side in one run (engine, verifier, site build).
bench: $(STAMP)
	$(PY) bench/bench_engine.py
	$(PY) bench/bench_site.py
	$(PY) bench/bench_solver.py --max-columns 6
