#!/usr/bin/env python3
"""PostgreSQL against SQLite for `make bench` (after a release build): two `genkan serve
--firebase-project` in the same run, one on an SQLite file and one on a throwaway PostgreSQL
cluster on this machine (scripts/postgres-cluster.sh: loopback TCP, fsync off as in the tests, so
what is measured is Genkan's side of the round trips, not the disk), measured in alternating
rounds, the median of each:

1. GET /signin in Japanese, wrk at 64 connections: a blank form touches no database, so the
   PostgreSQL-backed server must serve it as fast (goal: at least 0.9x the SQLite-backed one).
2. `accounts:signInWithPassword` (each one Argon2id verification, a refresh token written, an ID
   token signed): 128 accounts, a new X-Forwarded-For per request (--trust-proxy) so the rate
   limits stay out of the way; every answer must be 200.
3. `accounts:lookup` with an ID token (the account read on the pool), wrk at 64 connections.

The sign-in and lookup figures on PostgreSQL are printed beside SQLite's, with their ratio.
BENCH_SECONDS shortens each wrk run (default 5) for a quick look; BENCH_ROUNDS the rounds
(default 3).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from firebase import ACCOUNTS, API, BenchSite, lookup_script, sign_in_script, statuses  # noqa: E402
from server import CORES, ROOT, ready_to_bench, wrk  # noqa: E402

CLUSTER = ROOT / "scripts" / "postgres-cluster.sh"
SECONDS = int(os.environ.get("BENCH_SECONDS", "5"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))


class Site(BenchSite):
    """One `genkan serve` with the bench's accounts and an ID token of one of them, and its runs."""

    def __init__(self, name, database, work):
        super().__init__(name, database, work)
        self.runs = {"signin": [], "sign-ins": [], "lookup": []}

    def measure(self, work, round_number):
        self.runs["signin"].append(wrk(self.base + "/signin", duration=SECONDS, headers=["Accept-Language: ja"]))
        sign_in = sign_in_script(work / f"{self.name}-signin.lua", round_number + 1)
        # As many in flight as the hashing threads and their queue hold (a full queue answers 503).
        self.runs["sign-ins"].append(wrk(self.base + API + "accounts:signInWithPassword", connections=CORES * 4,
                                         duration=SECONDS, script=sign_in))
        lookup = lookup_script(work / f"{self.name}-lookup.lua", self.token)
        self.runs["lookup"].append(wrk(self.base + API + "accounts:lookup", duration=SECONDS, script=lookup))

    def median(self, kind, field="rate"):
        return statistics.median(run[field] for run in self.runs[kind])

    def sign_in_rate(self):
        """Sign-ins answered 200 per second, median over the rounds."""
        return statistics.median(statuses(run).get(200, 0) / SECONDS for run in self.runs["sign-ins"])

    def failures(self):
        """Non-200 answers of the runs that must all be 200."""
        return [statuses(run) for kind in ("sign-ins", "lookup") for run in self.runs[kind] if set(statuses(run)) - {200}]


def main():
    if not ready_to_bench("PostgreSQL benchmark"):
        return 1
    work = Path(tempfile.mkdtemp(prefix="genkan-bench-postgres-"))
    cluster = Path(tempfile.mkdtemp(prefix="genkan-bench-pg-"))
    cluster.rmdir()  # the script creates it
    sites = []
    try:
        url = subprocess.run([str(CLUSTER), "start", str(cluster)], check=True, capture_output=True,
                             text=True).stdout.strip().splitlines()[-1]
        sqlite = Site("sqlite", str(work / "bench.sqlite"), work)
        sites.append(sqlite)
        postgres = Site("postgresql", url, work)
        sites.append(postgres)
        for site in sites:  # warm-up: the pages rendered, the connections' statements prepared
            wrk(site.base + "/signin", duration=1, headers=["Accept-Language: ja"])
        for round_number in range(ROUNDS):
            for site in (sqlite, postgres) if round_number % 2 == 0 else (postgres, sqlite):
                site.measure(work, round_number)

        print(f"genkan serve on SQLite and on PostgreSQL {url.split('@')[-1]} (loopback), {CORES} cores, "
              f"{ROUNDS} alternating rounds of {SECONDS} s, median")
        page_ratio = postgres.median("signin") / sqlite.median("signin")
        print("GET /signin in Japanese, wrk -t1 -c64")
        for site in sites:
            print(f"  {site.name:10} {site.median('signin'):10.0f} req/s   p50 {site.median('signin', 'p50'):6.2f} ms   "
                  f"p99 {site.median('signin', 'p99'):6.2f} ms")
        print(f"  ratio      {page_ratio:.2f}x SQLite (goal >= 0.9x: {'met' if page_ratio >= 0.9 else 'NOT met'})")
        print(f"accounts:signInWithPassword, wrk -t1 -c{CORES * 4}, {ACCOUNTS} accounts")
        for site in sites:
            print(f"  {site.name:10} {site.sign_in_rate():10.1f}/s     p50 {site.median('sign-ins', 'p50'):6.2f} ms   "
                  f"p99 {site.median('sign-ins', 'p99'):6.2f} ms")
        print(f"  ratio      {postgres.sign_in_rate() / max(sqlite.sign_in_rate(), 0.001):.2f}x SQLite")
        print("accounts:lookup with an ID token, wrk -t1 -c64")
        for site in sites:
            print(f"  {site.name:10} {site.median('lookup'):10.0f} req/s   p50 {site.median('lookup', 'p50'):6.2f} ms   "
                  f"p99 {site.median('lookup', 'p99'):6.2f} ms")
        print(f"  ratio      {postgres.median('lookup') / sqlite.median('lookup'):.2f}x SQLite")
        with open("/proc/loadavg") as load:
            print(f"  load       {load.read().split()[0]} (1-minute load average: other work on the machine skews the figures)")
        bad = {site.name: site.failures() for site in sites if site.failures()}
        if bad:
            print(f"non-200 answers: {bad}")
        return 0 if not bad else 1
    finally:
        for site in sites:
            site.stop()
        subprocess.run([str(CLUSTER), "stop", str(cluster)], check=False)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
