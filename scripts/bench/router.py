#!/usr/bin/env python3
"""Router benchmark for `make bench` (after a release build): the site's route look-up and a whole
in-process GET /signin (router, middleware, renderer), from `genkan-bench router`; then the heap
allocations of a static look-up, counted by valgrind (memcheck's heap summary) as the difference
between two runs that differ only in the number of look-ups (goal: 0 per look-up)."""
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / ".build" / "release" / "genkan-bench"


def run(lookups, pages):
    output = subprocess.run([str(BENCH), "router", "--lookups", str(lookups), "--pages", str(pages)],
                            capture_output=True, text=True, check=True).stdout
    return json.loads(output)


def allocations(binary, lookups):
    result = subprocess.run(["valgrind", "--tool=memcheck", "--leak-check=no", str(binary), "router",
                             "--lookups", str(lookups), "--pages", "0"], capture_output=True, text=True, check=True)
    match = re.search(r"total heap usage: ([\d,]+) allocs", result.stderr)
    return int(match.group(1).replace(",", ""))


def main():
    if not BENCH.exists():
        print("router benchmark: build first (swift build -c release)")
        return 1
    result = run(2_000_000, 50_000)
    print(f"Route look-up of a static path: {result['lookup_ns']:.1f} ns")
    print(f"GET /signin in Japanese in-process (router, middleware, blank form): {result['signin_us']:.2f} us "
          f"({result['signin_bytes']} bytes)")
    if not shutil.which("valgrind"):
        print("allocation count skipped: valgrind is not installed (scripts/install-deps.sh bench)")
        return 0
    few, many = 1_000, 51_000
    with tempfile.TemporaryDirectory() as work:
        # Valgrind 3.19 cannot read the DWARF 5 Swift 6.3 writes; the symbol table is enough.
        binary = Path(work) / "genkan-bench"
        shutil.copy(BENCH, binary)
        subprocess.run(["strip", "--strip-debug", str(binary)], check=True)
        extra = allocations(binary, many) - allocations(binary, few)
    per_lookup = extra / ((many - few) * 2)
    print(f"Heap allocations per static look-up (valgrind, {many - few} x 2 more look-ups): {per_lookup:.3f} "
          f"(goal 0: {'met' if extra == 0 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
