#!/usr/bin/env python3
"""Firebase-compatible API benchmark for `make bench` (after a release build), from one run of
`genkan serve --firebase-project` (Ed25519-signed tokens, as in production):

1. `accounts:signInWithPassword` throughput (successful sign-ins, each one Argon2id verification, a
   refresh token written and an ID token signed) against the Argon2id bound: cores / the time of
   one verification with the site's parameters, measured by `genkan-bench argon2` in the same run,
   just before and just after the sign-ins, at the niceness of the server's hashing threads (+10),
   with one thread per core verifying at once, so that the bound is what the machine can hash while
   other work shares it, as the server's threads do (goal: at least 0.9x the bound). The
   single-thread time of one verification is printed beside. 128 accounts and a new X-Forwarded-For per request
   (--trust-proxy) keep the rate limits out of the way; every answer must be 200.
2. `accounts:lookup` with an ID token (signature check on the loop, the account read on the pool)
   against `GET /signin` in Japanese, with wrk at 64 connections, rounds in alternating order,
   rates summed (goal: at least 0.6x).
"""
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import (CORES, GENKAN, ROOT, STATUS_COUNTING, alternating_rounds, free_port, mean_rate,  # noqa: E402
                    ready_to_bench, stop, wait_until_up, wrk)

BENCH = ROOT / ".build" / "release" / "genkan-bench"
ACCOUNTS = 128
PASSWORD = "correct horse battery staple"
ROUNDS = 4
API = "/identitytoolkit.googleapis.com/v1/"

SIGN_IN_SCRIPT = """
-- Successful sign-ins, rotating over the bench's accounts, each from another client address
-- (ending in ROUND, so that no two runs share one).
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


def sign_in_script(path, round_number):
    """Writes the sign-in wrk script to `path` (client addresses ending in `round_number`); returns its path."""
    path.write_text(f'ACCOUNTS = {ACCOUNTS}\nPASSWORD = "{PASSWORD}"\nPATH = "{API}accounts:signInWithPassword"\n'
                    f"ROUND = {round_number}\n" + SIGN_IN_SCRIPT)
    return str(path)


def lookup_script(path, token):
    """Writes the lookup wrk script for `token` to `path`; returns its path."""
    path.write_text(f'TOKEN = "{token}"\n' + LOOKUP_SCRIPT)
    return str(path)


class BenchSite:
    """`genkan serve --firebase-project` on a free port over `database`, with the bench's accounts
    and an ID token of the first (`token`); its errors go to `work/<name>.err`."""

    def __init__(self, name, database, work):
        self.name = name
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [str(GENKAN), "serve", "--port", str(self.port), "--db", database, "--public", str(ROOT / "public"),
             "--loops", str(CORES), "--trust-proxy", "--outbox", str(work / f"{name}-outbox"), "--firebase-project", "demo-genkan"],
            stdout=subprocess.DEVNULL, stderr=open(work / f"{name}.err", "w"))
        try:
            wait_until_up(self.base + "/signin")
            for index in range(ACCOUNTS):
                post(self.base, API + "accounts:signUp", {"email": f"bench{index}@example.com", "password": PASSWORD},
                     f"10.200.{index // 250}.{index % 250}")
            self.token = post(self.base, API + "accounts:signInWithPassword",
                              {"email": "bench0@example.com", "password": PASSWORD}, "10.201.0.1")["idToken"]
        except BaseException:
            self.stop()  # a server that never became a site is not left running
            raise

    def stop(self):
        stop(self.process)


def main():
    if not ready_to_bench("Firebase API benchmark", builds=(GENKAN, BENCH)):
        return 1
    work = Path(tempfile.mkdtemp(prefix="genkan-bench-firebase-"))
    site = None
    try:
        site = BenchSite("genkan", str(work / "bench.sqlite"), work)
        base, token = site.base, site.token

        # 1. Sign-ins against the Argon2id bound, the hash timed in the same run.
        def hashing(threads):
            output = subprocess.run(["nice", "-n", "10", str(BENCH), "argon2", "--hashes", "15", "--threads", str(threads)],
                                    capture_output=True, text=True, check=True).stdout
            return json.loads(output)

        single = hashing(1)["median_ms"]
        before = hashing(CORES)
        script = sign_in_script(work / "signin.lua", 9)
        # As many in flight as the hashing threads and their queue hold (a full queue answers 503).
        connections = CORES * 4
        run = wrk(base + API + "accounts:signInWithPassword", connections=connections, duration=6, script=script)
        after = hashing(CORES)
        hash_ms = (before["median_ms"] + after["median_ms"]) / 2
        bound = CORES * 1000 / hash_ms
        counts = statuses(run)
        ok = counts.get(200, 0)
        rate = ok / 6
        ratio = rate / bound
        print(f"accounts:signInWithPassword, wrk -c{connections} -d6s, {ACCOUNTS} accounts; Argon2id (m=19 MiB, t=2, p=1) "
              f"verification {hash_ms:.1f} ms with {CORES} threads at once (before {before['median_ms']:.1f}, "
              f"after {after['median_ms']:.1f}; {single:.1f} ms on one thread alone), {CORES} cores")
        print(f"  sign-ins {rate:8.1f}/s ({ok} answered 200; others: "
              f"{ {status: count for status, count in counts.items() if status != 200} or 'none'})")
        print(f"  bound    {bound:8.1f}/s (cores / one hash; {CORES * 1000 / single:.1f}/s from the single-thread time)")
        with open("/proc/loadavg") as load:
            print(f"  load     {load.read().split()[0]} (1-minute load average: other work on the machine slows the hashing threads)")
        print(f"  ratio    {ratio:.2f}x the Argon2id bound (goal >= 0.9x: {'met' if ratio >= 0.9 else 'NOT met'})")

        # 2. accounts:lookup with an ID token against GET /signin, alternating.
        lookup = lookup_script(work / "lookup.lua", token)
        lookup_url, page_url = base + API + "accounts:lookup", base + "/signin"
        wrk(lookup_url, duration=2, script=lookup)
        wrk(page_url, duration=2, headers=["Accept-Language: ja"])
        runs = alternating_rounds([
            ("lookup", lambda: wrk(lookup_url, script=lookup)),
            ("page", lambda: wrk(page_url, headers=["Accept-Language: ja"]))], ROUNDS)
        lookups, pages = runs["lookup"], runs["page"]
        bad = [statuses(run) for run in lookups if set(statuses(run)) != {200}]
        l_rate, p_rate = mean_rate(lookups), mean_rate(pages)
        print(f"accounts:lookup with an ID token vs GET /signin in Japanese, wrk -t1 -c64 -d5s, {ROUNDS} rounds in "
              "alternating order, rates summed")
        print(f"  lookup  {l_rate:10.0f} req/s   p50 {statistics.median(r['p50'] for r in lookups):6.2f} ms   "
              f"p99 {statistics.median(r['p99'] for r in lookups):6.2f} ms" + (f"   (non-200: {bad})" if bad else ""))
        print(f"  signin  {p_rate:10.0f} req/s   p50 {statistics.median(r['p50'] for r in pages):6.2f} ms   "
              f"p99 {statistics.median(r['p99'] for r in pages):6.2f} ms")
        print(f"  ratio   {l_rate / p_rate:.2f}x GET /signin (goal >= 0.6x: {'met' if l_rate / p_rate >= 0.6 else 'NOT met'})")
        return 0 if not bad and ok > 0 else 1
    finally:
        if site:
            site.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
