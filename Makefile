# Shinpan: the two everyday commands are `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run serve test install lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# Compiled translations (.mo) are generated from locale/*/LC_MESSAGES/django.po, never committed.
install: $(VENV)/.installed
	$(BIN)/python scripts/compile_messages.py

# Embedded default: SQLite, Celery tasks in-process, DEBUG on, seed catalogues loaded. `.env` keeps DEBUG=1 for
# the manage.py commands run by hand afterwards (the environment still wins over it).
run: install
	test -f .env || printf '# written by make run: the embedded default\nDEBUG=1\n' > .env
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py loadseeds
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runserver $(HOST):$(PORT)

# The production web command (README "Production"): uvicorn with WEB_CONCURRENCY worker processes (default
# cores + 1), HTTP and WebSocket, behind a proxy; the settings come from the environment (DEBUG=0, SECRET_KEY...).
serve: install
	$(BIN)/python scripts/serve.py --host $(HOST) --port $(PORT)

# The whole test suite; pytest's exit 5 ("no tests collected") is a failure here, with a message.
test: install
	DEBUG=$${DEBUG:-1} $(BIN)/python -m pytest $(PYTEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests" >&2; fi; exit $$rc

lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy

# Benchmarks print their figures; each script's --help tells its options. Every script runs, even after one exits
# non-zero (a missed target or an error); the run then fails naming them.
bench: install
	@failed=""; \
	for script in bench/import_cards.py bench/decks_validate.py bench/engine.py bench/search.py bench/matches.py bench/web_load.py; do \
		echo "== $$script"; $(BIN)/python $$script || failed="$$failed $$script"; done; \
	if [ -n "$$failed" ]; then echo "make bench: a target missed or the bench failed:$$failed" >&2; exit 1; fi

clean:
	rm -rf $(VENV) db.sqlite3 media staticfiles .pytest_cache
