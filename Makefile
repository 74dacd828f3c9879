# Every target installs what it needs first (scripts/install-deps.sh), so each works on a fresh
# Debian machine.
SWIFT ?= swift
SWIFT_FLAGS ?=

.PHONY: deps build release test serve bench clean

deps:
	scripts/install-deps.sh build

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS)

## The test command of the README and of CI.
test:
	scripts/install-deps.sh test
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)

serve: release
	.build/release/genkan serve

bench:
	scripts/install-deps.sh bench
	$(SWIFT) build -c release $(SWIFT_FLAGS)
	.venv/bin/python scripts/bench/run.py

clean:
	rm -rf .build .venv
