#!/usr/bin/env bash
# Refreshes scripts/requirements.lock: resolves scripts/requirements.txt again with the newest
# releases of everything it pulls in, each pinned with its hashes; then rebuilds .venv from the new
# lock and rewrites the reference fixtures that scripts/corpus/*.py derive from those packages, so
# that the lock and the fixtures change in one commit. Review `git diff` before committing it.
#
#   scripts/lock-python.sh              newest releases within scripts/requirements.txt
#   scripts/lock-python.sh --keep       keep every pin that still satisfies requirements.txt
#                                       (after adding a package: only what it needs is new)
set -euo pipefail
cd "$(dirname "$0")/.."

upgrade=--upgrade
case "${1:-}" in
  "") ;;
  --keep) upgrade="" ;;
  *) echo "usage: $0 [--keep]" >&2; exit 2 ;;
esac

# The resolver runs in a throwaway environment of its own, pinned, so refreshing is repeatable too.
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
python3 -m venv "$tools"
"$tools/bin/pip" install -q --disable-pip-version-check pip-tools==7.7.0
CUSTOM_COMPILE_COMMAND="scripts/lock-python.sh" "$tools/bin/pip-compile" -q $upgrade --generate-hashes \
  --allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links --output-file scripts/requirements.lock scripts/requirements.txt

scripts/install-deps.sh test
for script in scripts/corpus/*.py scripts/blocklist/*.py; do .venv/bin/python "$script"; done
git status --short -- scripts/requirements.lock Tests
