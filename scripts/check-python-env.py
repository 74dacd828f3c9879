#!/usr/bin/env python3
"""Fails when the Python environment is not exactly scripts/requirements.lock: a package installed
that the lock does not pin, a pinned one missing, or one at another version. scripts/install-deps.sh
runs it after preparing .venv, so every `make test` and `make bench` starts from the locked set.

pip and setuptools are not judged: `python3 -m venv` puts them there from the interpreter's own
bundled copies (ensurepip), so the Python version pins them, and nothing under test imports them."""
import importlib.metadata
import re
import sys
from pathlib import Path

LOCK = Path(__file__).resolve().parent / "requirements.lock"
SEEDED_BY_VENV = {"pip", "setuptools"}


def canonical(name):
    """PEP 503's normalized name: `Flask`, `firebase_admin` and `precis-i18n` compare as pip does."""
    return re.sub(r"[-_.]+", "-", name).lower()


def locked():
    pins = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", line)
        if match:
            pins[canonical(match.group(1))] = match.group(2)
    return pins


def installed():
    return {canonical(d.metadata["Name"]): d.version for d in importlib.metadata.distributions()}


def main():
    pins, present = locked(), installed()
    problems = []
    for name, version in sorted(present.items()):
        if name in SEEDED_BY_VENV:
            continue
        if name not in pins:
            problems.append(f"{name} {version} is installed but not pinned in the lock")
        elif pins[name] != version:
            problems.append(f"{name} is {version}, the lock pins {pins[name]}")
    problems += [f"{name}=={version} is pinned but not installed" for name, version in sorted(pins.items())
                 if name not in present and name not in SEEDED_BY_VENV]
    if problems:
        print(f"{sys.prefix} is not {LOCK.name}:", *problems, sep="\n  ", file=sys.stderr)
        print("Remove .venv and run scripts/install-deps.sh test; to change the lock, scripts/lock-python.sh.",
              file=sys.stderr)
        return 1
    print(f"Python environment: {len(pins)} packages, exactly as {LOCK.relative_to(LOCK.parents[1])} pins them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
