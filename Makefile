# Quarry: `make run` serves a local Quarry; `make test` runs every test against a throwaway PostgreSQL.
SHELL := /bin/bash
PYTHON ?= python3

.PHONY: deps run stop-db test test-swift test-engine fuzz fuzz-smoke bench-http bench-login bench-friends bench-feed bench-offers bench-search bench-newsfeed bench-soak bench-profile

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

## Builds, then runs every test: each fuzz target briefly (fuzz-smoke), then against a throwaway
## PostgreSQL cluster the Swift tests and the end-to-end tests (the debug server, a real SMTP server,
## headless Chromium).
test: deps
	swift build --build-tests
	$(MAKE) --no-print-directory fuzz-smoke
	scripts/with-test-postgres.sh swift test --skip-build
	scripts/with-test-postgres.sh $(PYTHON) -m pytest -q -p no:cacheprovider Tests/EndToEnd

## Builds, then runs the Swift tests whose names match FILTER (all without it) against a throwaway
## PostgreSQL cluster: make test-swift FILTER='ListenNotifyTests|OutboxTests'.
test-swift:
	swift build --build-tests
	scripts/with-test-postgres.sh swift test --skip-build $(if $(FILTER),--filter '$(FILTER)')

## Fuzzes one libFuzzer target for SECONDS (default 60): make fuzz TARGET=parser SECONDS=600. Targets:
## parser, validator, json, multipart, search, phc, ws (Tests/Fuzz/README.md). Needs `swift build` first
## (the multipart target links NIOCore's objects from it).
fuzz:
	@test -n "$(TARGET)" || { echo "make fuzz TARGET=parser|validator|json|multipart|search|phc|ws [SECONDS=60]"; exit 2; }
	Tests/Fuzz/run.sh $(TARGET) $(or $(SECONDS),60)

## Every fuzz target for FUZZ_SECONDS (default 20) from its seeds alone, so a regression that
## any seed or quick mutation reaches fails `make test`; a fresh corpus keeps the run bounded.
FUZZ_TARGETS := parser validator json multipart search phc ws
fuzz-smoke:
	@for target in $(FUZZ_TARGETS); do \
	  corpus=$$(mktemp -d) log=.build/fuzz/logs/smoke-$$target.log; mkdir -p .build/fuzz/logs; \
	  if FUZZ_CORPUS=$$corpus Tests/Fuzz/run.sh $$target $(or $(FUZZ_SECONDS),20) > $$log 2>&1; then \
	    echo "fuzz $$target: $$(grep -m1 '^Done' $$log)"; rm -rf $$corpus; \
	  else tail -n 60 $$log; echo "fuzz $$target failed: its input is in .build/fuzz/artifacts"; rm -rf $$corpus; exit 1; fi; \
	done; \
	echo "fuzz: $(words $(FUZZ_TARGETS)) passed, 0 failed"

## The engine alone, without the server's dependencies.
test-engine:
	QUARRY_ENGINE_ONLY=1 swift test

## The HTTP benchmark of Benchmarks/README.md: Quarry beside its peer (Graphiti + GraphQLSwift on Hummingbird 2 with
## PostgresNIO, Benchmarks/Peer), the bare Hummingbird handler and pgbench, interleaved in two rounds, with the ratios.
bench-http:
	@Benchmarks/http/run.sh measure-peer.sh

## The login benchmark: p99 of a cheap query while logins (argon2id) run flat out.
bench-login:
	@Benchmarks/http/run.sh measure-login.sh

## The friends-with-screenshots benchmark: 1,000 users x 50 friends x 20 screenshots under wrk.
bench-friends:
	@Benchmarks/http/run.sh measure-friends.sh

## The feed benchmark: GET /feed (50 items), its 304 revalidation and the GraphQL equivalent under wrk.
bench-feed:
	@Benchmarks/http/run.sh measure-feed.sh

## The offers benchmark: offers(near:, first: 20) over 100,000 offers under wrk, and the statement's plan.
bench-offers:
	@Benchmarks/http/run.sh measure-offers.sh

## The post search benchmark: searchPosts (first 20) over 100,000 posts by 10,000 users, by caption word, nickname, e-mail.
bench-search:
	@Benchmarks/http/run.sh measure-search.sh

## The newsfeed: 100,000 posts by 10,000 users; pages of 20 at the start, across tiers 1 and 2, and in tier 3; the plan of a page.
bench-newsfeed:
	@Benchmarks/http/run.sh measure-newsfeed.sh

## Where a request's CPU time goes: perf profiles of the server under wrk ({ ping }, { serverTime }).
bench-profile:
	@Benchmarks/http/run.sh measure-profile.sh

## The soak: 60 s at 128 connections of reads, messages and a login a second; RSS, errors, SIGTERM under load.
bench-soak:
	@Benchmarks/http/run.sh measure-soak.sh
