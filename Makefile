# Quarry: `make run` serves a local Quarry; `make test` runs every test against a throwaway PostgreSQL.
SHELL := /bin/bash
PYTHON ?= python3

.PHONY: deps test test-engine

deps:
	@scripts/install-deps.sh
	@$(PYTHON) -c 'import graphql, sys; sys.exit(graphql.__version__ != "3.2.8")' 2>/dev/null || \
	  $(PYTHON) -m pip install --quiet --disable-pip-version-check graphql-core==3.2.8

test: deps
	swift build --build-tests
	scripts/with-test-postgres.sh swift test --skip-build

test-engine:
	QUARRY_ENGINE_ONLY=1 swift test
