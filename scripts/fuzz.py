#!/usr/bin/env python3
"""Builds Genkan's libFuzzer targets and runs each for a while (`make fuzz`).

Swift targets are the package in Fuzz/ (one executable per target), built in .build/fuzz with
every module instrumented for libFuzzer and AddressSanitizer; C targets are Fuzz/C/*.c, each
built with the CH2O sources it drives by the toolchain's clang. Each target runs for
FUZZ_SECONDS (or --seconds) on its working corpus, .build/fuzz/corpus/TARGET, which starts
from the committed seeds in Fuzz/Corpus/TARGET and keeps what earlier runs found. A crash or a
broken invariant stops that target and leaves the input in .build/fuzz/artifacts/TARGET/; the
log of each run is .build/fuzz/logs/TARGET.log. The table at the end gives executions, speed
and crashes per target; the exit status is 1 when anything crashed.

    scripts/fuzz.py                          # build, then every target for 60 s
    scripts/fuzz.py --seconds 600 email-strict po
    scripts/fuzz.py --build-only
    scripts/fuzz.py --jobs 2 --seconds 300   # two targets at a time
    .build/fuzz/release/fuzz-po FILE         # replay one input (a crash, a corpus file)
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FUZZ = ROOT / "Fuzz"
BUILD = ROOT / ".build" / "fuzz"

# name: (kind, longest input in bytes). Swift targets are Fuzz/Sources/fuzz-NAME, C targets
# Fuzz/C/NAME.c.
TARGETS = {
    "email-strict": ("swift", 1100),
    "email-html": ("swift", 1100),
    "name": ("swift", 4096),
    "password": ("swift", 16384),
    "form": ("swift", 4096),
    "cookies": ("swift", 4096),
    "accept-language": ("swift", 4096),
    "auth-error": ("swift", 4096),
    "xcstrings": ("swift", 16384),
    "po": ("swift", 8192),
    "xliff": ("swift", 8192),
    "strings": ("swift", 8192),
    "android": ("swift", 8192),
    "firebase-api": ("swift", 8192),
    "jose": ("swift", 16384),
    "webauthn": ("swift", 8192),
    "json": ("swift", 16384),
    "ch2o-head": ("c", 20000),
    "ch2o-chunked": ("c", 20000),
    "ch2o-connection": ("c", 70000),
}

# Instrument every Swift module (the frontend's -sanitize=fuzzer adds libFuzzer's coverage
# counters and comparison tracing without the driver's libFuzzer main, which would break the
# package's build tool), link AddressSanitizer's runtime everywhere, and make internal API
# visible to `@testable import`. Fuzz/Package.swift links libFuzzer into the targets alone.
SWIFT_FLAGS = [
    "-c", "release",
    "-Xswiftc", "-sanitize=address",
    "-Xswiftc", "-Xfrontend", "-Xswiftc", "-sanitize=fuzzer,address",
    "-Xswiftc", "-enable-testing",
    "-Xcc", "-fsanitize=fuzzer-no-link,address",
]

# CH2O's C files each C target is built with (the harness includes ch2o_private.h).
C_SOURCES = {
    "ch2o-head": [],
    "ch2o-chunked": ["Sources/CH2O/chunked.c"],
    "ch2o-connection": ["Sources/CH2O/connection.c", "Sources/CH2O/response.c", "Sources/CH2O/chunked.c",
                        "Sources/CH2O/clients.c"],
}


def swift_executable():
    found = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    return os.environ.get("SWIFT", found)


def clang_executable():
    return str(Path(swift_executable()).resolve().parent / "clang")


def sanitizer_environment(swift):
    env = dict(os.environ)
    # Swift keeps object pointers in the spare bits of enum payloads, where LeakSanitizer does
    # not see them, so it reports objects every global still holds; the build's own tools (the
    # EmbedResources plugin) run under ASan too.
    env["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=0" if swift else "detect_leaks=1"
    # The Swift runtime's backtracer would run after a crash, under ASan, and read memory ASan
    # forbids; libFuzzer prints the stack itself.
    env["SWIFT_BACKTRACE"] = "enable=no"
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    return env


def build(targets):
    swift = swift_executable()
    swift_targets = [t for t in targets if TARGETS[t][0] == "swift"]
    if swift_targets:
        command = [swift, "build", "--package-path", str(FUZZ), "--scratch-path", str(BUILD)] + SWIFT_FLAGS
        for target in swift_targets:
            command += ["--product", f"fuzz-{target}"] if len(swift_targets) == 1 else []
        print("fuzz: building the Swift targets (sanitizers on: slow the first time)", flush=True)
        subprocess.run(command, check=True, env=sanitizer_environment(True))
    clang = clang_executable()
    out = BUILD / "c"
    out.mkdir(parents=True, exist_ok=True)
    pkg_config = subprocess.run(["pkg-config", "--cflags", "--libs", "libh2o-evloop"], capture_output=True, text=True)
    h2o_flags = pkg_config.stdout.split() if pkg_config.returncode == 0 else ["-lh2o-evloop"]
    for target in targets:
        if TARGETS[target][0] != "c":
            continue
        sources = [str(FUZZ / "C" / f"{target}.c")] + [str(ROOT / s) for s in C_SOURCES[target]]
        command = [clang, "-fuse-ld=lld", "-g", "-O1", "-fno-omit-frame-pointer", "-fsanitize=fuzzer,address,undefined",
                   "-fno-sanitize-recover=undefined", "-std=c11", "-D_GNU_SOURCE", "-DH2O_USE_LIBUV=0",
                   "-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter",
                   "-I", str(ROOT / "Sources/CH2O"), "-I", str(ROOT / "Sources/CH2O/include"), "-I", str(FUZZ / "C"),
                   *sources, *h2o_flags, "-o", str(out / target)]
        print(f"fuzz: building {target}", flush=True)
        subprocess.run(command, check=True)


def executable(target):
    if TARGETS[target][0] == "swift":
        return BUILD / "release" / f"fuzz-{target}"
    return BUILD / "c" / target


def run(target, seconds):
    kind, max_len = TARGETS[target]
    corpus = BUILD / "corpus" / target
    artifacts = BUILD / "artifacts" / target
    logs = BUILD / "logs"
    for folder in (corpus, artifacts, logs):
        folder.mkdir(parents=True, exist_ok=True)
    seeds = FUZZ / "Corpus" / target
    before = set(artifacts.iterdir())
    command = [str(executable(target)), str(corpus)]
    if seeds.is_dir():
        command.append(str(seeds))
    command += [f"-max_total_time={seconds}", f"-max_len={max_len}", "-timeout=10", "-rss_limit_mb=4096",
                "-print_final_stats=1", f"-artifact_prefix={artifacts}/"]
    if kind == "swift":
        command.append("-detect_leaks=0")
    dictionary = FUZZ / "Dictionaries" / f"{target}.dict"
    if dictionary.exists():
        command.append(f"-dict={dictionary}")
    log_path = logs / f"{target}.log"
    print(f"fuzz: {target} for {seconds} s", flush=True)
    started = time.monotonic()
    with open(log_path, "w") as log:
        # Outside the repository: a target that writes files writes them under /dev/shm or /tmp.
        status = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, cwd="/tmp",
                                env=sanitizer_environment(kind == "swift")).returncode
    elapsed = time.monotonic() - started
    text = log_path.read_text(errors="replace")

    def stat(name):
        found = re.findall(rf"stat::{name}:\s+(\d+)", text)
        return int(found[-1]) if found else None

    executions = stat("number_of_executed_units")
    if executions is None:
        # A crash ends the run before the final stats: the last progress line has the count.
        progress = re.findall(r"^#(\d+)\s", text, re.M)
        executions = int(progress[-1]) if progress else 0
    new = sorted(set(artifacts.iterdir()) - before)
    crashed = status != 0 or bool(new)
    reason = ""
    if crashed:
        for pattern in (r"genkan-fuzz: invariant broken[^\n]*", r"ERROR: AddressSanitizer: [^\n]*",
                        r"runtime error: [^\n]*", r"Fatal error: [^\n]*", r"ERROR: libFuzzer: [^\n]*",
                        r"ERROR: LeakSanitizer: [^\n]*", r"genkan-fuzz: [^\n]*"):
            match = re.search(pattern, text)
            if match:
                reason = match.group(0)[:160]
                break
    return {
        "target": target, "seconds": elapsed, "executions": executions,
        "per_second": int(executions / elapsed) if elapsed > 0 else 0,
        "corpus": len(list(corpus.iterdir())), "crashes": len(new) if new else (1 if crashed else 0),
        "artifacts": [str(p.relative_to(ROOT)) for p in new], "reason": reason, "log": str(log_path.relative_to(ROOT)),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("targets", nargs="*", help="targets to run (default: all): " + ", ".join(TARGETS))
    parser.add_argument("--seconds", type=int, default=int(os.environ.get("FUZZ_SECONDS", "60")))
    parser.add_argument("--build-only", action="store_true")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("FUZZ_JOBS", "1")),
                        help="targets run at once (default 1; make fuzz: one per core)")
    arguments = parser.parse_args()
    targets = arguments.targets or os.environ.get("FUZZ_TARGETS", "").split() or list(TARGETS)
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        parser.error(f"unknown target {', '.join(unknown)}; the targets are {', '.join(TARGETS)}")
    if not arguments.no_build:
        build(targets)
    if arguments.build_only:
        return 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
        results = list(pool.map(lambda target: run(target, arguments.seconds), targets))

    print()
    print(f"{'target':<18} {'seconds':>8} {'executions':>12} {'exec/s':>8} {'corpus':>7} {'crashes':>8}")
    for r in results:
        print(f"{r['target']:<18} {r['seconds']:>8.0f} {r['executions']:>12,} {r['per_second']:>8,} {r['corpus']:>7} {r['crashes']:>8}")
    total = sum(r["executions"] for r in results)
    print(f"{'total':<18} {sum(r['seconds'] for r in results):>8.0f} {total:>12,}")
    crashed = [r for r in results if r["crashes"]]
    for r in crashed:
        print(f"\n{r['target']}: {r['reason'] or 'crashed'}\n  input: {', '.join(r['artifacts']) or '(none saved)'}\n  log: {r['log']}")
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
