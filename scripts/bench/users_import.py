#!/usr/bin/env python3
"""`genkan users import` for `make bench` (after a release build): a `firebase auth:export`-shaped
JSON file of 100,000 users (firebase_export.py: Firebase scrypt hashes, a Google identity on every
tenth user, a phone number on every hundredth) imported into a new SQLite file, timed (goal: at
least 20,000 users a second, the issue's), then imported again, which must import nothing; then the
same into a throwaway PostgreSQL cluster (scripts/postgres-cluster.sh: loopback, fsync off as in the
tests). Each run prints its wall time, users a second, and the process's CPU time (user + system,
both threads), which other work on the machine does not inflate as it does the wall time.

    .venv/bin/python scripts/bench/users_import.py [--users 100000] [--no-postgres] [--no-sqlite]
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import firebase_export  # noqa: E402
from server import GENKAN, ROOT, ready_to_bench  # noqa: E402

CLUSTER = ROOT / "scripts" / "postgres-cluster.sh"
GOAL = 20_000
PARAMETERS = firebase_export.HASH_PARAMETERS
HASH_FLAGS = ["--hash-algo", PARAMETERS["hash_algo"], "--hash-key", PARAMETERS["hash_key"],
              "--salt-separator", PARAMETERS["salt_separator"], "--rounds", str(PARAMETERS["rounds"]),
              "--mem-cost", str(PARAMETERS["mem_cost"])]


def imported(output):
    """The summary's `imported: N` count."""
    for line in output.splitlines():
        if line.strip().startswith("imported:"):
            return int(line.split(":")[1].replace(",", ""))
    raise RuntimeError("no 'imported:' line in:\n" + output)


def timed_import(export, database, users, label):
    """Runs one import; prints and returns (imported, users/s)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    result = subprocess.run([str(GENKAN), "users", "import", str(export), "--db", database] + HASH_FLAGS,
                            capture_output=True, text=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise RuntimeError(f"{label}: exit {result.returncode}\n{result.stdout}{result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    count = imported(result.stdout)
    rate = users / wall
    print(f"  {label:34} {wall:6.2f} s  {rate:9,.0f} users/s  CPU {cpu:5.2f} s  imported {count:,}")
    return count, rate


def bench(export, users, database, name):
    print(f"{name}:")
    first, rate = timed_import(export, database, users, "first run")
    second, _ = timed_import(export, database, users, "second run (every uid present)")
    ok = first == users and second == 0
    if not ok:
        print(f"  FAILED: expected {users:,} then 0 imported")
    return ok, rate


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=100_000)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--no-sqlite", action="store_true")
    arguments = parser.parse_args()
    if not ready_to_bench("users import benchmark", tools=()):
        return 1
    work = Path(tempfile.mkdtemp(prefix="genkan-bench-import-"))
    cluster = None
    try:
        export = work / "users.json"
        subprocess.run([sys.executable, firebase_export.__file__, str(export), "--users", str(arguments.users)],
                       check=True, capture_output=True)
        print(f"genkan users import, {arguments.users:,} users ({export.stat().st_size / 1e6:.0f} MB JSON), "
              f"{os.cpu_count()} cores")
        ok = True
        if not arguments.no_sqlite:
            ok, rate = bench(export, arguments.users, str(work / "import.sqlite"), "SQLite (a new file)")
            print(f"  goal >= {GOAL:,} users/s on SQLite: {'met' if rate >= GOAL else 'NOT met'}")
        if not arguments.no_postgres:
            cluster = Path(tempfile.mkdtemp(prefix="genkan-bench-pg-"))
            cluster.rmdir()  # the script creates it (for the postgres user, which cannot enter `work`)
            url = subprocess.run([str(CLUSTER), "start", str(cluster)], check=True, capture_output=True,
                                 text=True).stdout.strip().splitlines()[-1]
            postgres_ok, _ = bench(export, arguments.users, url, "PostgreSQL (loopback, fsync off)")
            ok = ok and postgres_ok
        with open("/proc/loadavg") as load:
            print(f"  load {load.read().split()[0]} (1-minute load average: other work on the machine inflates wall times)")
        return 0 if ok else 1
    finally:
        if cluster is not None:
            subprocess.run([str(CLUSTER), "stop", str(cluster)], check=False, capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
