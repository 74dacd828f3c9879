#!/usr/bin/env python3
"""Runs the browser and black-box test files, two at a time, and fails if any of them fails.

    .venv/bin/python scripts/run-e2e.py                       # every Tests/e2e/test_*.py
    .venv/bin/python scripts/run-e2e.py Tests/e2e/test_mail.py Tests/e2e/test_oidc.py
    .venv/bin/python scripts/run-e2e.py --jobs 1              # one after the other

A test file spends most of its time waiting: on Chromium laying out a page, on the server
hashing a password, on a mail arriving. One file at a time leaves a core idle for most of the
run; two at a time keep both cores of the machine `make test` is measured on busy. Each file
starts its own servers on free ports, its own Chromium profile and its own temporary folders,
so files do not share anything but the artifacts folder (each writes its own names there).

Each file's output goes to artifacts/e2e/logs/NAME.log; a line is printed when a file ends
(with its time), and the whole output of every file that failed is printed at the end. The
longest files start first, so the two lanes end together (`LONGEST_FIRST`, from measured runs;
a file not listed there starts after them, in name order).
"""

import argparse
import glob
import os
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOGS = os.path.join(ROOT, "artifacts", "e2e", "logs")

# Measured on the 2-core machine, longest first: accessibility ~2 min, then security, site,
# passkeys, multiserver, firebase_js around a minute each.
LONGEST_FIRST = [
    "test_accessibility.py",
    "test_security.py",
    "test_site.py",
    "test_passkeys.py",
    "test_multiserver.py",
    "test_firebase_js.py",
    "test_mail.py",
    "test_oidc.py",
]


def ordered(paths):
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}
    return sorted(paths, key=lambda path: (rank.get(os.path.basename(path), len(rank)), os.path.basename(path)))


def main():
    parser = argparse.ArgumentParser(description="Runs Tests/e2e's test files in parallel lanes.")
    parser.add_argument("files", nargs="*", help="test files (default: every Tests/e2e/test_*.py)")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("GENKAN_E2E_JOBS", "2")),
                        help="files run at once (default 2, or GENKAN_E2E_JOBS)")
    arguments = parser.parse_args()
    files = arguments.files or glob.glob(os.path.join(ROOT, "Tests", "e2e", "test_*.py"))
    if not files:
        print("run-e2e: no test files", file=sys.stderr)
        return 2
    if arguments.jobs < 1:
        print("run-e2e: --jobs must be at least 1", file=sys.stderr)
        return 2
    os.makedirs(LOGS, exist_ok=True)
    queue = ordered(files)
    lock = threading.Lock()
    failed = []
    started = time.monotonic()

    def lane():
        while True:
            with lock:
                if not queue:
                    return
                path = queue.pop(0)
            name = os.path.splitext(os.path.basename(path))[0]
            log_path = os.path.join(LOGS, name + ".log")
            began = time.monotonic()
            with open(log_path, "wb") as log:
                status = subprocess.call([sys.executable, path], stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
            seconds = time.monotonic() - began
            with lock:
                verdict = "ok" if status == 0 else f"FAILED (exit {status})"
                print(f"{name}: {verdict} in {seconds:.0f} s", flush=True)
                if status != 0:
                    failed.append((name, log_path))

    lanes = [threading.Thread(target=lane) for _ in range(min(arguments.jobs, len(queue)))]
    for thread in lanes:
        thread.start()
    for thread in lanes:
        thread.join()
    for name, log_path in failed:
        print(f"\n===== {name} ({os.path.relpath(log_path, ROOT)}) =====")
        with open(log_path, encoding="utf-8", errors="replace") as log:
            sys.stdout.write(log.read())
    total = time.monotonic() - started
    print(f"\ne2e: {len(files) - len(failed)} of {len(files)} files passed in {total:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
