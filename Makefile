# BalutClub — GNU make. `make run` serves locally, `make test` runs everything CI runs.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := $(VENV)/.stamps
VENDOR := static/vendor
HOST ?= 127.0.0.1
# pytest-xdist: one worker per core, each with its own test database, live server and chromium.
# `loadgroup` hands out single tests (tests marked xdist_group stay on one worker).
# `make test PYTEST_WORKERS=0` runs the suite in one process.
PYTEST_WORKERS ?= auto
PORT ?= 8000

.PHONY: help install install-runtime catalogs run serve browsers lint format test bench lock clean

help:
	@echo "make run      set up everything, load demo data, serve on http://$(HOST):$(PORT)/"
	@echo "make serve    production: migrate, collect static files, serve with gunicorn on $(HOST):$(PORT)"
	@echo "make test     set up everything, then ruff, and mypy alongside the whole pytest suite"
	@echo "make bench    run the benchmarks"
	@echo "make lint     ruff check, ruff format --check, mypy"
	@echo "make format   ruff format and ruff check --fix"
	@echo "make catalogs  compile locale/ (after editing a .po file); fails on untranslated entries"
	@echo "make lock     re-resolve requirements.lock (runtime) and requirements-dev.lock (runtime + dev)"
	@echo "make clean    remove the venv, node_modules, vendored and generated files"

# Development and CI: the runtime and the test, lint and type-check tools (requirements-dev.lock).
install: $(STAMPS)/python-dev install-runtime

# Production (`make serve`): the runtime packages alone (requirements.lock), no test tool.
install-runtime: $(STAMPS)/python $(VENDOR)/.stamp catalogs

# The .mo files are build output (not committed): compiled from the .po files in pure Python
# (polib), so no GNU gettext is needed; fails on an untranslated or fuzzy entry.
catalogs: $(STAMPS)/python
	$(PY) -m balutclub.catalogs

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip

# Re-install only when the pins change; the editable install tracks source edits by itself.
$(STAMPS)/python: requirements.lock pyproject.toml | $(PY)
	$(PY) -m pip install -r requirements.lock
	$(PY) -m pip install --no-deps -e .
	@mkdir -p $(STAMPS)
	@touch $@

# The dev lock holds the runtime lock's pins and the [dev] extras' on top.
$(STAMPS)/python-dev: requirements-dev.lock $(STAMPS)/python
	$(PY) -m pip install -r requirements-dev.lock
	@touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# Only the files the templates load, plus the source maps the minified files point at
# (the manifest storage of collectstatic refuses dangling sourceMappingURL references).
$(VENDOR)/.stamp: node_modules/.package-lock.json
	rm -rf $(VENDOR)
	mkdir -p $(VENDOR)/bootstrap $(VENDOR)/htmx $(VENDOR)/chartjs
	cp node_modules/bootstrap/dist/css/bootstrap.min.css \
	   node_modules/bootstrap/dist/css/bootstrap.min.css.map \
	   node_modules/bootstrap/dist/js/bootstrap.bundle.min.js \
	   node_modules/bootstrap/dist/js/bootstrap.bundle.min.js.map \
	   node_modules/bootstrap/LICENSE \
	   $(VENDOR)/bootstrap/
	cp node_modules/htmx.org/dist/htmx.min.js node_modules/htmx.org/LICENSE $(VENDOR)/htmx/
	cp node_modules/chart.js/dist/chart.umd.min.js node_modules/chart.js/dist/chart.umd.min.js.map \
	   node_modules/chart.js/LICENSE.md $(VENDOR)/chartjs/
	@touch $@

run: install
	DEBUG=1 $(PY) manage.py migrate --no-input
	DEBUG=1 $(PY) manage.py load_demo
	@echo
	@echo "BalutClub is starting on http://$(HOST):$(PORT)/ (SQLite: db.sqlite3)."
	@echo "Sign in with the account printed by load_demo above, or create one with:"
	@echo "    DEBUG=1 $(PY) manage.py createsuperuser"
	@echo
	DEBUG=1 exec $(PY) manage.py runserver $(HOST):$(PORT)

# Production settings (SECRET_KEY and ALLOWED_HOSTS from the environment, DATABASE_URL naming the
# database: SQLite db.sqlite3 by default); workers and timeouts in balutclub/gunicorn_conf.py.
serve: install-runtime
	$(PY) manage.py migrate --no-input
	@# A server with no club yet: the one-time token of its first-run page (nothing otherwise).
	$(PY) manage.py first_run_token --if-no-club
	$(PY) manage.py collectstatic --no-input --verbosity 0
	exec $(VENV)/bin/gunicorn balutclub.wsgi --config balutclub/gunicorn_conf.py --bind $(HOST):$(PORT)

# The browser tests drive Debian's chromium; Playwright's own browser download is not used.
browsers:
	@if [ ! -x /usr/lib/chromium/chromium ] && [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	  else \
	    echo "chromium is missing: run 'sudo apt-get install chromium' (Debian) and retry." >&2; exit 1; \
	  fi; \
	fi

# The app's own scripts (static/js) by ESLint, from node_modules (package-lock.json pins it).
ESLINT = node_modules/.bin/eslint static/js

lint: $(STAMPS)/python-dev node_modules/.package-lock.json
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(ESLINT)
	DEBUG=1 $(PY) -m mypy .

format: $(STAMPS)/python-dev
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

# ruff first (a second); mypy (some 15 s cold, as in a fresh clone) checks while pytest runs,
# and its verdict is printed after pytest's: either failing fails `make test`.
test: install browsers
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(ESLINT)
	@mkdir -p build
	@DEBUG=1 $(PY) -m mypy . > build/mypy.log 2>&1 & mypy=$$!; \
	echo "mypy runs alongside pytest (build/mypy.log)"; \
	status=0; $(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadgroup || status=$$?; \
	mypy_status=0; wait $$mypy || mypy_status=$$?; \
	echo "DEBUG=1 $(PY) -m mypy ."; cat build/mypy.log; \
	if [ $$mypy_status -ne 0 ]; then echo "make test: mypy failed" >&2; exit $$mypy_status; fi; \
	exit $$status

bench: install
	$(PY) -m benchmarks

# A scratch venv, so nothing installed by hand in .venv leaks into the locks: the runtime
# packages frozen first (requirements.lock, what `make serve` installs), then the [dev] extras
# added and everything frozen again (requirements-dev.lock).
LOCK_VENV := build/lock-venv
lock:
	rm -rf $(LOCK_VENV)
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --upgrade pip
	$(LOCK_VENV)/bin/python -m pip install -e .
	{ echo "# Exact versions of the Python packages the app runs on in production (runtime only: no"; \
	  echo "# test or lint tool). make serve installs it; requirements-dev.lock adds the [dev] extras."; \
	  echo "# Regenerate after changing pyproject.toml pins: make lock"; \
	  $(LOCK_VENV)/bin/python -m pip freeze --exclude-editable; } > requirements.lock
	$(LOCK_VENV)/bin/python -m pip install -e '.[dev]'
	{ echo "# Exact versions of every Python package in the dev environment: runtime and the [dev] extras"; \
	  echo "# (tests, linters, type checks). make test, make run and .ci/run install it. Regenerate: make lock"; \
	  $(LOCK_VENV)/bin/python -m pip freeze --exclude-editable; } > requirements-dev.lock
	rm -rf $(LOCK_VENV)

clean:
	rm -rf $(VENV) node_modules $(VENDOR) staticfiles .mypy_cache .ruff_cache .pytest_cache \
	       .hypothesis build *.egg-info bench-results
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
