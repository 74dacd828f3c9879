#!/usr/bin/env python3
"""Runs every benchmark script in scripts/bench/ (except this one and helpers)
in sorted order; `make bench` calls it after a release build. Exits non-zero when any script
fails."""
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Not a benchmark: firebase_export.py writes an export file (users_import.py runs it).
HELPERS = {"firebase_export.py"}


def main():
    failed = []
    for script in sorted(HERE.glob("*.py")):
        if script.name == Path(__file__).name or script.name in HELPERS:
            continue
        print(f"== {script.name}", flush=True)
        if subprocess.run([sys.executable, str(script)]).returncode != 0:
            failed.append(script.name)
        print(flush=True)
    if failed:
        print("failed: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
