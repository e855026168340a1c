# tdconsole: the two commands are `make run` and `make test` (see README).
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Settings read this file for any variable the environment does not set (see README "Environment").
ENV_FILE := var/tdconsole.env
export DJANGO_DEBUG ?= 1

.PHONY: run serve test setup venv messages bench corpus loadtest lint clean mutate seeds

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(STAMP): requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

venv: $(STAMP)

messages: venv
	@command -v msgfmt >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null); } || true
	$(BIN)/python manage.py compilemessages --ignore=.venv -v 0

# A secret key generated once and kept, so manage.py works in any shell (and `make serve` keeps
# its sessions across restarts). Never overwritten: delete the file to get a new key.
$(ENV_FILE): | $(BIN)/python
	mkdir -p $(dir $@)
	umask 077 && printf '# Written once by make setup; variables set in the environment win.\nDJANGO_SECRET_KEY=%s\n' \
	  "$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')" > $@

setup: venv messages $(ENV_FILE)
	$(BIN)/python manage.py migrate --noinput -v 0
	DJANGO_DEBUG=0 $(BIN)/python manage.py collectstatic --noinput -v 0
	$(BIN)/python manage.py rulings_sync -v 0
	$(BIN)/python manage.py load_demo

run: setup
	@echo "Serving tdconsole on http://127.0.0.1:8000/  (Ctrl-C to stop)"
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# Production on this machine: PostgreSQL, Redis, a Celery worker, gunicorn with debug off
# (see README "Production"; the script says which variables change what).
serve: venv messages $(ENV_FILE)
	bash .ci/serve

# The whole suite, spread over one pytest-xdist worker per core (JOBS=1 runs it in one process).
JOBS ?= $(shell nproc)
test: venv messages
	@bash .ci/browser-deps
	$(BIN)/python -m pytest -n $(JOBS) $(PYTEST_ARGS)

# Benchmarks print their figures; they never fail on time. The floor simulation uses its own
# throwaway SQLite file so the demo database stays as it is.
BENCH_DB := sqlite:///$(CURDIR)/var/bench.sqlite3
bench: setup
	$(BIN)/python manage.py bench_rules
	$(BIN)/python manage.py bench_seating
	$(BIN)/python manage.py bench_payouts
	$(BIN)/python manage.py bench_printing
	mkdir -p var && rm -f var/bench.sqlite3
	DATABASE_URL=$(BENCH_DB) $(BIN)/python manage.py migrate --noinput -v 0
	DATABASE_URL=$(BENCH_DB) $(BIN)/python manage.py simulate_event --entries 1000 --seed 1 --json
	DATABASE_URL=$(BENCH_DB) $(BIN)/python manage.py simulate_event --entries 10000 --seed 1 --json
	DATABASE_URL=$(BENCH_DB) $(BIN)/python manage.py simulate_event --entries 10000 --seed 1 --rebuys --addons --bounty pko --json

corpus: venv
	$(BIN)/python manage.py corpus_check ../shared/corpus/phh

loadtest: setup
	bash .ci/loadtest

lint: venv
	$(BIN)/ruff check .

# Mutation testing of the pure cores (docs/mutation-testing.md); a command, not part of .ci/run.
# mutmut keeps its results in mutants/ and re-runs only what changed; the pure tests look for
# ../shared from mutants/, hence the link. MUTANTS narrows the run: MUTANTS='tdconsole.payouts.calc*'.
mutate: venv
	@[ -e shared ] || ln -s ../shared shared
	set -f; PATH=$(CURDIR)/$(BIN):$$PATH $(BIN)/python tests/mutation_run.py run --max-children $$(nproc) $(MUTANTS); status=$$?; \
	  $(BIN)/python tests/mutation_score.py; exit $$status

# Every property test (hypothesis marks them) under SEEDS different seeds, one pytest run per seed: none may
# depend on luck (docs/property-tests.md). SEEDS=5 for a quick look.
SEEDS ?= 50
seeds: venv
	@mkdir -p var
	@for seed in $$(seq 1 $(SEEDS)); do \
	  $(BIN)/python -m pytest -q -p no:cacheprovider -m hypothesis --hypothesis-seed=$$seed \
	    $$(grep -rl '@given' tests --include='test_*.py' | sort) > var/seeds-$$seed.log 2>&1 \
	    || { echo "seed $$seed: FAILED (var/seeds-$$seed.log)"; tail -30 var/seeds-$$seed.log; exit 1; }; \
	  echo "seed $$seed: $$(tail -1 var/seeds-$$seed.log)"; \
	done

clean:
	rm -rf $(VENV) db.sqlite3 var test-artifacts
