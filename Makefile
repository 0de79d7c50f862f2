# Developer and CI entry points for placesd. `make help` lists the targets.

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
BUILD_DIR ?= .build
ARGS ?=

SWIFT_BUILD := $(SWIFT) build --scratch-path $(BUILD_DIR)
RELEASE_FLAGS := -c release --static-swift-stdlib
RELEASE_DIR := $(BUILD_DIR)/release
FORMAT_PATHS := Sources Tests Package.swift

BUILD_PACKAGES := pkg-config libsqlite3-dev libsystemd-dev
TEST_PACKAGES := python3 util-linux sqlite3 socat shellcheck
BENCH_PACKAGES := redis-server redis-tools hyperfine gcc python3

.DEFAULT_GOAL := build

# Targets run one after another (check installs packages before it builds); swift build is parallel itself.
.NOTPARALLEL:

.PHONY: help deps deps-build deps-test deps-bench build run check lint format test shellcheck bench clean install

help:
	@echo 'make deps        install missing Debian packages for building and testing (also deps-build,'
	@echo '                 deps-test, deps-bench)'
	@echo 'make build       release binaries (static Swift runtime) in $(RELEASE_DIR)/'
	@echo 'make run         build, then run placesd in the foreground (extra flags: ARGS=...)'
	@echo 'make check       deps, lint, test and shellcheck: what CI runs (.ci/run)'
	@echo 'make lint        swift format lint --strict'
	@echo 'make test        debug build with tests, then swift test (unit and integration)'
	@echo 'make shellcheck  shellcheck every shell script in the repository'
	@echo 'make format      rewrite Swift sources with swift format'
	@echo 'make bench       release build, then bench/run.sh (placesd against the ceiling and Redis)'
	@echo 'make install     copy the binaries to $$(DESTDIR)$$(PREFIX)/bin'
	@echo 'make clean       remove build output'

# One apt-get update at most per target: each target names all its packages at once.
deps:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(TEST_PACKAGES)

deps-build:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

deps-test:
	@scripts/install-deps.sh $(TEST_PACKAGES)

deps-bench:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(BENCH_PACKAGES)

build:
	$(SWIFT_BUILD) $(RELEASE_FLAGS)

run: deps-build build
	exec $(RELEASE_DIR)/placesd $(ARGS)

check: deps lint test shellcheck
	@echo 'make check: passed (swift format lint, build with tests, swift test, shellcheck)'

lint:
	$(SWIFT) format lint --strict --recursive $(FORMAT_PATHS)

# The integration tests run the debug placesd and placesctl built here, next to the test bundle.
test:
	$(SWIFT_BUILD) --build-tests
	$(SWIFT) test --scratch-path $(BUILD_DIR) --skip-build

shellcheck:
	@scripts/shell-scripts.sh | xargs --no-run-if-empty --delimiter='\n' shellcheck --

format:
	$(SWIFT) format --in-place --recursive $(FORMAT_PATHS)

bench: deps-bench build
	bench/run.sh --bin-dir $(RELEASE_DIR) --out $(BUILD_DIR)/bench

clean:
	rm -rf $(BUILD_DIR)

install: build
	install -d '$(DESTDIR)$(PREFIX)/bin'
	install -m 0755 $(RELEASE_DIR)/placesd $(RELEASE_DIR)/placesctl '$(DESTDIR)$(PREFIX)/bin/'
