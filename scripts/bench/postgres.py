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
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import CORES, GENKAN, ROOT, STATUS_COUNTING, free_port, wait_until_up, wrk  # noqa: E402

CLUSTER = ROOT / "scripts" / "postgres-cluster.sh"
ACCOUNTS = 128
PASSWORD = "correct horse battery staple"
API = "/identitytoolkit.googleapis.com/v1/"
SECONDS = int(os.environ.get("BENCH_SECONDS", "5"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))

SIGN_IN_SCRIPT = """
-- Successful sign-ins, rotating over the bench's accounts, each from another client address.
counter = 0
request = function()
  counter = counter + 1
  local body = '{"email":"bench' .. (counter % ACCOUNTS) .. '@example.com","password":"' .. PASSWORD .. '","returnSecureToken":true}'
  local headers = {}
  headers["Content-Type"] = "application/json"
  headers["X-Forwarded-For"] = "10." .. (counter % 250) .. "." .. (math.floor(counter / 250) % 250) .. "." .. ROUND
  return wrk.format("POST", PATH, headers, body)
end
""" + STATUS_COUNTING

LOOKUP_SCRIPT = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"idToken":"' .. TOKEN .. '"}'
""" + STATUS_COUNTING


def post(base, path, fields, client):
    request = urllib.request.Request(base + path, data=json.dumps(fields).encode(),
                                     headers={"Content-Type": "application/json", "X-Forwarded-For": client})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def statuses(run):
    return dict((int(status), int(count)) for status, count in re.findall(r"(\d{3})=(\d+)", run["statuses"]))


class Site:
    """One `genkan serve` with the bench's accounts and an ID token of one of them."""

    def __init__(self, name, database, work):
        self.name = name
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [str(GENKAN), "serve", "--port", str(self.port), "--db", database, "--public", str(ROOT / "public"),
             "--loops", str(CORES), "--trust-proxy", "--outbox", str(work / f"{name}-outbox"), "--firebase-project", "demo-genkan"],
            stdout=subprocess.DEVNULL, stderr=open(work / f"{name}.err", "w"))
        wait_until_up(self.base + "/signin")
        for index in range(ACCOUNTS):
            post(self.base, API + "accounts:signUp", {"email": f"bench{index}@example.com", "password": PASSWORD},
                 f"10.200.{index // 250}.{index % 250}")
        self.token = post(self.base, API + "accounts:signInWithPassword", {"email": "bench0@example.com", "password": PASSWORD},
                          "10.201.0.1")["idToken"]
        self.runs = {"signin": [], "sign-ins": [], "lookup": []}

    def measure(self, work, round_number):
        self.runs["signin"].append(wrk(self.base + "/signin", duration=SECONDS, headers=["Accept-Language: ja"]))
        sign_in = work / f"{self.name}-signin.lua"
        sign_in.write_text(f'ACCOUNTS = {ACCOUNTS}\nPASSWORD = "{PASSWORD}"\nPATH = "{API}accounts:signInWithPassword"\n'
                           f"ROUND = {round_number + 1}\n" + SIGN_IN_SCRIPT)
        # As many in flight as the hashing threads and their queue hold (a full queue answers 503).
        self.runs["sign-ins"].append(wrk(self.base + API + "accounts:signInWithPassword", connections=CORES * 4,
                                         duration=SECONDS, script=str(sign_in)))
        lookup = work / f"{self.name}-lookup.lua"
        lookup.write_text(f'TOKEN = "{self.token}"\n' + LOOKUP_SCRIPT)
        self.runs["lookup"].append(wrk(self.base + API + "accounts:lookup", duration=SECONDS, script=str(lookup)))

    def median(self, kind, field="rate"):
        return statistics.median(run[field] for run in self.runs[kind])

    def sign_in_rate(self):
        """Sign-ins answered 200 per second, median over the rounds."""
        return statistics.median(statuses(run).get(200, 0) / SECONDS for run in self.runs["sign-ins"])

    def failures(self):
        """Non-200 answers of the runs that must all be 200."""
        return [statuses(run) for kind in ("sign-ins", "lookup") for run in self.runs[kind] if set(statuses(run)) - {200}]

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def main():
    if not shutil.which("wrk"):
        print("PostgreSQL benchmark skipped: wrk is not installed (scripts/install-deps.sh bench)")
        return 1
    if not GENKAN.exists():
        print("PostgreSQL benchmark: build first (swift build -c release)")
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
