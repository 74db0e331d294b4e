# Quarry: `make run` serves a local Quarry; `make test` runs every test against a throwaway PostgreSQL.
SHELL := /bin/bash
PYTHON ?= python3

.PHONY: deps run stop-db test test-swift test-engine bench-http bench-login bench-friends

## Installs the system packages (apt, as root) and the Python test tools: graphql-core (the engine's
## oracle), pytest, Selenium, aiosmtpd, websockets and gql (the end-to-end tests' browser driver, SMTP server,
## graphql-transport-ws client and a real GraphQL client that reads the schema by introspection), and
## graphene-django-graphiql-static (GraphiQL's browser files, which the GraphiQL test serves itself: no CDN is
## reachable in CI).
deps:
	@scripts/install-deps.sh --test
	@$(PYTHON) -c 'import graphql, sys; sys.exit(graphql.__version__ != "3.2.8")' 2>/dev/null || \
	  $(PYTHON) -m pip install --quiet --disable-pip-version-check graphql-core==3.2.8
	@$(PYTHON) -c 'import pytest, selenium, aiosmtpd, websockets, gql, requests_toolbelt, httpx' 2>/dev/null || \
	  $(PYTHON) -m pip install --quiet --disable-pip-version-check pytest selenium==4.27.1 aiosmtpd==1.4.6 websockets==15.0.1 \
	    'gql[requests,httpx]==4.0.0' graphql-core==3.2.8
	@$(PYTHON) -c 'import graphene_django_graphiql_static' 2>/dev/null || \
	  $(PYTHON) -m pip install --quiet --disable-pip-version-check --no-deps graphene-django-graphiql-static==0.8

## Serves Quarry on http://127.0.0.1:$${QUARRY_HTTP_PORT:-8080} (local PostgreSQL unless QUARRY_DATABASE_URL is set).
run:
	@scripts/install-deps.sh
	@scripts/run-local.sh

## Stops the local PostgreSQL cluster that `make run` started.
stop-db:
	@scripts/local-postgres.sh stop

## Builds, then runs every test against a throwaway PostgreSQL cluster: the Swift tests, then the
## end-to-end tests (the debug server, a real SMTP server, headless Chromium).
test: deps
	swift build --build-tests
	scripts/with-test-postgres.sh swift test --skip-build
	scripts/with-test-postgres.sh $(PYTHON) -m pytest -q -p no:cacheprovider Tests/EndToEnd

## Builds, then runs the Swift tests whose names match FILTER (all without it) against a throwaway
## PostgreSQL cluster: make test-swift FILTER='ListenNotifyTests|OutboxTests'.
test-swift:
	swift build --build-tests
	scripts/with-test-postgres.sh swift test --skip-build $(if $(FILTER),--filter '$(FILTER)')

## The engine alone, without the server's dependencies.
test-engine:
	QUARRY_ENGINE_ONLY=1 swift test

## The HTTP benchmark of Benchmarks/README.md (release build, wrk and pgbench on loopback).
bench-http:
	@Benchmarks/http/run.sh

## The login benchmark: p99 of a cheap query while logins (argon2id) run flat out.
bench-login:
	@Benchmarks/http/run.sh measure-login.sh

## The friends-with-screenshots benchmark: 1,000 users x 50 friends x 20 screenshots under wrk.
bench-friends:
	@Benchmarks/http/run.sh measure-friends.sh
