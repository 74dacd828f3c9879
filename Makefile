# Every target installs what it needs first (scripts/install-deps.sh), so each works on a fresh
# Debian machine.
# The toolchain on the PATH, else where the Swift tarball is usually unpacked.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SWIFT_FLAGS ?=

.PHONY: deps deps-test build release test references serve bench fuzz clean

deps:
	scripts/install-deps.sh build

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS)

## The test command of the README and of CI. One throwaway PostgreSQL cluster serves the whole
## `swift test` run (the storage conformance suite runs on it as well as on SQLite); it is stopped
## afterwards whatever the tests did, with anything the tests left running.
test: deps-test references
	SWIFT=$(SWIFT) scripts/check-imports.py
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	scripts/postgres-cluster.sh run $(SWIFT) test --skip-build $(SWIFT_FLAGS)
	.venv/bin/python scripts/public-api.py --check
	scripts/check-dependent-package.sh
	SWIFT=$(SWIFT) scripts/check-http-alone.sh
	SWIFT=$(SWIFT) scripts/check-compile-fail.sh
	SWIFT=$(SWIFT) scripts/check-seed-app.sh
	.venv/bin/python scripts/run-e2e.py

deps-test:
	scripts/install-deps.sh test

## The committed reference fixtures must hold the verdicts their scripts get from the reference tools
## today: every scripts/corpus/*.py supports --check and exits non-zero when a verdict differs (a
## tool's other version alone is a note). scripts/tests checks those checks and the environment's.
references: deps-test
	@for script in scripts/corpus/*.py; do .venv/bin/python "$$script" --check || exit 1; done
	.venv/bin/python -m unittest discover -s scripts/tests

serve: release
	.build/release/genkan serve

bench:
	scripts/install-deps.sh bench
	$(SWIFT) build -c release $(SWIFT_FLAGS)
	.venv/bin/python scripts/bench/run.py

# libFuzzer targets with ASan (scripts/fuzz.py): FUZZ_SECONDS per target (default 60), one
# target per core at a time; FUZZ_TARGETS="po xliff" to choose. Not part of `make test`.
fuzz: deps
	SWIFT=$(SWIFT) scripts/fuzz.py --jobs $$(nproc)

clean:
	rm -rf .build .venv
