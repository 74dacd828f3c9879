#!/usr/bin/env python3
"""User-space instructions per request of `genkan serve`, counted by callgrind: a figure that is
the same from one run to the next (to about 0.1 %), where timed runs on shared cores drift by a
tenth or more. Not part of `make bench`: it takes a minute or two per binary.

    .venv/bin/python scripts/bench/instructions.py [--sign-in] [BINARY ...]   # default: the release build

For each binary: a copy without debug info (valgrind 3.19 cannot read Swift 6's DWARF 5) is
started under `valgrind --tool=callgrind` with one loop, warmed with 300 requests, its counters
zeroed (`callgrind_control -z`), then sent 1,000 requests on one keep-alive connection and dumped.
Two requests are counted: `GET /signin` in Japanese for a new visitor, and `accounts:lookup` with
an ID token (both threads: the loop and the pool); with `--sign-in` also `accounts:signInWithPassword`
with the right password (the sign-in path: Argon2id, the sign-in's writes, its event; 3 to warm and
20 counted, as each hash takes seconds under valgrind). The kernel's work is not in the count, and
valgrind's CPU has no SHA extensions, so the CSRF token's HMAC counts for more than it costs.
`callgrind_annotate --inclusive=yes` on the dump kept in the work directory shows where they go.
"""
import glob
import http.client
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import GENKAN, ROOT, free_port  # noqa: E402

API = "/identitytoolkit.googleapis.com/v1/"
# Requests to warm and to count, per kind.
COUNTS = {"page": (300, 1000), "lookup": (300, 1000), "signin": (3, 20)}
ACCOUNT = {"email": "count@example.com", "password": "correct horse battery staple"}


def requests(port, kind, count, token=""):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    for _ in range(count):
        if kind == "page":
            connection.request("GET", "/signin", headers={"Accept-Language": "ja"})
        elif kind == "signin":
            connection.request("POST", API + "accounts:signInWithPassword", headers={"Content-Type": "application/json"},
                               body=json.dumps({**ACCOUNT, "returnSecureToken": True}))
        else:
            connection.request("POST", API + "accounts:lookup", body=json.dumps({"idToken": token}),
                               headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{kind}: status {response.status}")


def count(binary, kind, work):
    stripped = work / f"genkan-{kind}"
    subprocess.run(["objcopy", "--strip-debug", str(binary), str(stripped)], check=True)
    port = free_port()
    out = work / f"callgrind-{kind}.out"
    process = subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no", str(stripped), "serve",
         "--port", str(port), "--db", str(work / f"{kind}.sqlite"), "--public", str(ROOT / "public"),
         "--outbox", str(work / f"{kind}-outbox"), "--loops", "1", "--firebase-project", "demo-genkan"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # A start under valgrind takes a minute or more, several on cores others are using.
        deadline = time.time() + 600
        while True:
            try:
                requests(port, "page", 1)
                break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("genkan did not come up under valgrind")
                time.sleep(0.5)
        token = ""
        if kind in ("lookup", "signin"):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            connection.request("POST", API + "accounts:signUp", headers={"Content-Type": "application/json"},
                               body=json.dumps(ACCOUNT))
            token = json.loads(connection.getresponse().read())["idToken"]
        warm, counted = COUNTS[kind]
        requests(port, kind, warm, token)
        subprocess.run(["callgrind_control", "-z", str(process.pid)], check=True, capture_output=True)
        requests(port, kind, counted, token)
        subprocess.run(["callgrind_control", "-d", str(process.pid)], check=True, capture_output=True)
    finally:
        process.terminate()
        process.wait(timeout=300)
    dumps = sorted(glob.glob(f"{out}.*"))
    for line in Path(dumps[-1]).read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1]) // counted
    raise RuntimeError("no totals in the callgrind dump")


def main():
    if any(argument in ("-h", "--help") for argument in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    for tool in ("valgrind", "callgrind_control", "objcopy"):
        if not shutil.which(tool):
            print(f"instructions: {tool} is missing (apt-get install valgrind binutils)")
            return 1
    arguments = [argument for argument in sys.argv[1:] if argument != "--sign-in"]
    kinds = ["page", "lookup"] + (["signin"] if "--sign-in" in sys.argv[1:] else [])
    binaries = [Path(argument) for argument in arguments] or [GENKAN]
    work = Path(tempfile.mkdtemp(prefix="genkan-instructions-"))
    counts = ", ".join(f"{kind} {COUNTS[kind][1]} after {COUNTS[kind][0]}" for kind in kinds)
    print(f"User-space instructions per request (callgrind, {counts}); dumps in {work}")
    for index, binary in enumerate(binaries):
        directory = work / f"{index}-{binary.name}"
        directory.mkdir()
        figures = {kind: count(binary, kind, directory) for kind in kinds}
        line = f"  {str(binary):50}  GET /signin {figures['page']:8,}   accounts:lookup {figures['lookup']:8,}"
        if "signin" in figures:
            line += f"   accounts:signInWithPassword {figures['signin']:12,}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
