#!/usr/bin/env python3
"""Nickname enforcement throughput: Genkan (`genkan-bench nickname`, release build) against the
reference implementation precis-i18n, on the same inputs, printed side by side with the ratio.

The inputs are the names corpus (Tests/GenkanValidationTests/Fixtures/names-corpus.json). Both
sides do the same work per input: the Nickname enforcement and the comparison key
(NicknameCasePreserved and NicknameCaseMapped in precis-i18n; Genkan's enforce also counts
graphemes and runs ICU's confusable check).

    swift build -c release --product genkan-bench
    .venv/bin/python scripts/bench/names.py [--seconds 2] [--rounds 3] [--goal 20]

The two implementations run in alternating rounds and each keeps its best round, so that a burst
of other work on the machine does not decide the ratio.
"""

import argparse
import json
import pathlib
import subprocess
import sys
import time

import precis_i18n

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Tests" / "GenkanValidationTests" / "Fixtures" / "names-corpus.json"
BINARY = ROOT / ".build" / "release" / "genkan-bench"


def reference(inputs, seconds):
    nickname = precis_i18n.get_profile("NicknameCasePreserved")
    key = precis_i18n.get_profile("NicknameCaseMapped")

    def once(value):
        try:
            nickname.enforce(value)
            key.enforce(value)
        except UnicodeEncodeError:
            pass

    for value in inputs:   # warm-up
        once(value)
    enforcements = 0
    start = time.perf_counter()
    while True:
        for value in inputs:
            once(value)
        enforcements += len(inputs)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return enforcements / elapsed


def genkan(seconds):
    if not BINARY.exists():
        sys.exit(f"{BINARY.relative_to(ROOT)} is missing: run `swift build -c release --product genkan-bench`")
    output = subprocess.run([str(BINARY), "nickname", "--corpus", str(CORPUS), "--seconds", str(seconds)],
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output)["nickname"]["opsPerSecond"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per implementation and round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; the best of each side counts")
    parser.add_argument("--goal", type=float, default=20.0, help="the ratio to reach")
    arguments = parser.parse_args()
    inputs = [case["input"] for case in json.loads(CORPUS.read_text(encoding="utf-8"))["cases"]]
    ours = theirs = 0.0
    for _ in range(max(1, arguments.rounds)):
        ours = max(ours, genkan(arguments.seconds))
        theirs = max(theirs, reference(inputs, arguments.seconds))
    ratio = ours / theirs
    version = precis_i18n.__version__ if hasattr(precis_i18n, "__version__") else "pinned"
    print(f"nickname enforcement, {len(inputs)} inputs (names corpus), best of {arguments.rounds} rounds")
    print(f"  {'Genkan NameProfile.nickname':<34}{ours:>14,.0f} /s")
    print(f"  {'precis-i18n ' + version:<34}{theirs:>14,.0f} /s")
    print(f"  {'ratio':<34}{ratio:>14.1f} x   (goal >= {arguments.goal:g} x: {'met' if ratio >= arguments.goal else 'NOT met'})")


if __name__ == "__main__":
    main()
