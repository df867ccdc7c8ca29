# The two commands of the README: `make run` and `make test`. Both install what they need first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check -q
SERVICES := common eid identity applications documents contracts messages notifications audit payroll compliance
PY_STAMP := $(VENV)/.installed
WEB_STAMP := web/node_modules/.installed
WEB_SOURCES := $(shell find web/src web/public web/scripts web/index.html web/vite.config.ts services/contracts/contracts/templates -type f 2>/dev/null)

.PHONY: run test test-quick quick-suites install system-packages web lint test-python test-deploy test-stack deploy-suites stack-suites test-web bench deploy-config api-types check-api-types backup restore clean

# Prometheus is optional for `make run`: where it cannot be installed the portal starts without it and says so.
run: install web
	@PORTAL_SYSTEM_PACKAGES=prometheus bash deploy/local/install-system-packages.sh \
		|| echo "Prometheus could not be installed: the portal starts without metrics"
	$(PY) deploy/local/stack.py

# Two jobs at a time: the checks that need no stack (lint, the offline deployment tests, Vitest) run one after another
# beside the suites on the stack. A third slot had Vitest slow the stack's suites by 2 minutes (issue 32). The run is
# CPU-bound: the checks beside run at the niceness of the stack suites' parallel workers (testkit/stack_suites.py),
# so both yield to the stack's services and to the exclusive tests, and share the rest. At 10 the whole run took
# 14:43 and the stack suites gained little (runs 34, 37). Vitest comes last, in two workers: it is what runs
# on after the stack suites, and one worker (its default on 2 cores) left a core idle; the deployment tests, one
# process, left one idle for 3 minutes in that place (run 35). Each job's output is shown when it ends.
BESIDE_NICENESS := 5
test: install system-packages web
	$(MAKE) --no-print-directory -j2 --output-sync=target stack-suites lint deploy-suites test-web \
		BESIDE="nice -n $(BESIDE_NICENESS)" VITEST_FLAGS=--maxWorkers=2

install: $(PY_STAMP) $(WEB_STAMP)

# Debian's Chromium (end-to-end tests), nginx (the web image's server config) and Prometheus (the alert rules'
# tests, the local stack's metrics), installed when missing.
system-packages:
	@bash deploy/local/install-system-packages.sh

$(PY_STAMP): requirements-dev.txt constraints.txt $(foreach s,$(SERVICES),services/$(s)/pyproject.toml)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -c constraints.txt -r requirements-dev.txt $(foreach s,$(SERVICES),-e services/$(s))
	touch $@

# Not `npm ci`: the lock file leaves out platform builds the registry here does not carry, which `npm ci`
# counts as out of sync. `npm install --no-save` installs exactly the locked versions all the same.
$(WEB_STAMP): web/package.json web/package-lock.json
	cd web && npm install --no-save --no-audit --no-fund --loglevel=error
	touch $@

web: web/dist/landing.en.html

# The build's last step writes the landing page's renders (web/scripts/prerender.mjs): a build that stopped
# before them is built again.
web/dist/landing.en.html: $(WEB_STAMP) $(WEB_SOURCES)
	cd web && npm run build

# Empty but in `make test`, which runs these beside the stack's suites at a lower priority.
BESIDE :=
VITEST_FLAGS :=

lint: install
	$(BESIDE) $(VENV)/bin/ruff check services gateway deploy web/e2e conftest.py testkit
	$(BESIDE) $(VENV)/bin/mypy services/common/portal_common services/eid/portal_eid $(foreach s,identity applications documents contracts messages notifications audit payroll compliance,services/$(s)/$(s)) gateway deploy/local deploy/monitoring testkit
	cd web && $(BESIDE) npm run lint

test-web: install
	cd web && $(BESIDE) npm test -- $(VITEST_FLAGS)

# Every suite on the stack: parallel workers against one stack, started once per run, and beside them the tests
# marked `exclusive`, one at a time on a stack of their own (testkit/stack_suites.py; PORTAL_TEST_WORKERS sets the
# workers). Each service keeps its tables on its own SQLModel registry, so all their models load side by side.
STACK_SUITES := services/common services/eid services/identity services/applications services/documents services/contracts \
	services/messages services/notifications services/audit services/payroll services/compliance gateway/tests web/e2e
# Each pytest run ends with its slowest tests, so a slow new one is seen the day it lands (issue 32).
SLOWEST := --durations=25

test-python: test-deploy test-stack

# Offline checks of the images, compose file and manifests; they start no portal stack (deploy/tests).
test-deploy: install system-packages
	@$(MAKE) --no-print-directory deploy-suites

test-stack: install system-packages web
	@$(MAKE) --no-print-directory stack-suites

# The two pytest runs without prerequisites, for `make test`, which installs first: so the stack's suites, the
# longest job, start at once instead of waiting for a job slot behind a prerequisite.
deploy-suites:
	$(BESIDE) $(PY) -m pytest $(SLOWEST) deploy/tests

stack-suites:
	$(PY) -m testkit.stack_suites $(STACK_SUITES)

# The inner loop (issue 32): lint, the type checks, every test that needs no stack (the pure rules) and Vitest, in a
# few minutes. `make test` before pushing: it adds the stack's suites and the deployment tests. Vitest, the longest,
# starts first; lint and the pure tests follow each other beside it.
test-quick: install
	$(MAKE) --no-print-directory -j2 --output-sync=target test-web lint quick-suites

quick-suites:
	$(PY) -m pytest $(SLOWEST) -m "not stack" $(STACK_SUITES)

bench: install web
	cd gateway/bench && ../../$(PY) bench_user.py && ../../$(PY) bench_documents.py && ../../$(PY) bench_login_flood.py \
		&& ../../$(PY) bench_admin_lists.py && ../../$(PY) bench_projection.py && ../../$(PY) bench_load.py && ../../$(PY) bench_first_load.py && ../../$(PY) bench_lighthouse.py \
		&& ../../$(PY) bench_payroll.py && ../../$(PY) bench_compliance.py && ../../$(PY) bench_esign.py && ../../$(PY) bench_eid_login.py \
		&& ../../$(PY) bench_idle.py

# A consistent backup of the running `make run` stack into backups/<UTC time>/, and putting one back into the stopped
# stack; FORCE=1 empties a data directory that holds data first (deploy/local/backup.py; README.md).
backup: install
	$(PY) deploy/local/backup.py backup

restore: install
	@test -n "$(FROM)" || { echo "usage: make restore FROM=backups/<folder>"; exit 2; }
	$(PY) deploy/local/backup.py restore "$(FROM)" $(if $(FORCE),--force)

# Rewrites the gateway's routes for docker-compose and Kubernetes after a change to gateway/routes.py.
deploy-config: install
	$(PY) -m gateway.generate

# Rewrites the SPA's API types (web/src/types/openapi/) from the services' OpenAPI documents after a change to a
# service's schemas; `make test` fails while the committed ones differ (gateway/tests/test_api_types.py, which
# generates them once per run; `make check-api-types` is the same check alone).
api-types: install
	$(PY) -m gateway.openapi

check-api-types: install
	$(PY) -m gateway.openapi --check

clean:
	rm -rf .test-data web/dist
