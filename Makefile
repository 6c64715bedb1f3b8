# Two commands for a fresh clone: `make site` and `make test`.
# Every target creates the local virtual environment in .venv/ on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: site test verify bench clean i18n fuzz

# setup.py builds the compiled solver (C): a change to it rebuilds the install
# constraints.txt pins every package to the version the tests passed with
$(STAMP): pyproject.toml setup.py constraints.txt mancala_diagrams/solver/_bevohoka.c
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

# The npm packages, pinned in package.json / package-lock.json (npm's registry;
# node_modules/ is not committed): axe-core, the accessibility rules the browser
# tests run on every page, and pyodide, the in-page player's runtime, which the
# site build copies into the site.
NODE := node_modules/.installed-stamp

$(NODE): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE)

# One test process per core (pytest-xdist): the heavy tests first, each on its own, then
# the others file by file, each file in one process, which builds its fixtures once
# (tests/conftest.py, pytest_collection_modifyitems). The package is compiled to bytecode
# first: the tests start many Python processes (Sphinx builds, the command line), and an
# environment with PYTHONDONTWRITEBYTECODE set would compile it again in each of them.
test: $(STAMP) $(NODE)
	$(PY) -m compileall -q mancala_diagrams
	$(PY) -m pytest -q -n auto --dist loadgroup --no-loadscope-reorder

verify: $(STAMP)
	$(VENV)/bin/mancala-diagrams verify

clean:
	rm -rf _build

# The bilingual site: one Sphinx build per language, warnings are errors.
SPHINX := $(PY) -m sphinx -W --keep-going -q
SITE := _build/site

# The site's languages: English, the source, and one per caption catalog
# (mancala_diagrams/drawing/locales/<lang>/), as mancala_diagrams/languages.py lists
# them; each needs its page catalogs too (docs/locales/<lang>/).
LANGUAGES = $(shell $(PYTHON) -c "from mancala_diagrams.languages import package_languages as p; print(*p())")

site: $(STAMP) $(NODE)
	$(foreach lang,$(LANGUAGES),$(SPHINX) -b html -D language=$(lang) -d _build/doctrees/$(lang) docs $(SITE)/$(lang) &&) true
	cp docs/_root/index.html $(SITE)/index.html
	@$(PY) docs/update_catalogs.py --status
	@echo "Site built: open $(SITE)/index.html, or run: $(PY) -m http.server -d $(SITE) 8000 (the in-page player needs the site served)"

# Refresh the page and caption catalogs after editing the English pages or the
# captions' messages (no network needed).
i18n: $(STAMP)
	$(PY) docs/update_catalogs.py

# Speed and size, printed side by side in one run (engine, verifier, site build, each
# accelerator against its plain path, the in-page player in headless Chromium on the
# built site).
bench: $(STAMP) $(NODE)
	$(PY) bench/bench_engine.py
	$(PY) bench/bench_site.py
	$(PY) bench/bench_fast.py
	$(PY) bench/bench_solver.py --max-columns 6
	$(PY) bench/bench_hostile.py
	$(PY) bench/bench_explain.py
	$(PY) bench/bench_player.py

# Hostile files by the tens of thousands (tests/hostile.py), each watched for a
# crash, a hang (over 5 s) or memory running out; prints the counts by outcome.
# The cases are shared among one worker per core (FUZZ_JOBS: another number).
# FUZZ_SECONDS: start no case after that many seconds (the cases run are said).
FUZZ_CASES ?= 20000
fuzz: $(STAMP)
	$(PY) tests/fuzz_run.py --cases $(FUZZ_CASES) $(if $(FUZZ_JOBS),--jobs $(FUZZ_JOBS)) $(if $(FUZZ_SECONDS),--seconds $(FUZZ_SECONDS))
