#!/usr/bin/env python3
"""E-mail validation throughput, side by side in one run:

* EmailRule.strict (genkan-bench, release build) against python email-validator with the same
  options (strict=True, check_deliverability=False) on the same addresses; goal: at least 50x;
* the WHATWG e-mail pattern through PCRE2 JIT (what EmailRule.html runs), Foundation's
  NSRegularExpression and Swift Regex.

Two address sets: "ordinary" (2,000 generated ASCII sign-up addresses, about 5% invalid) and
"corpus" (the 438 inputs of the test corpus: Unicode, IDN, invalid, boundary cases).

Usage: scripts/bench/validation.py [--seconds S]   (needs `swift build -c release` first)
"""
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from email_validator import EmailNotValidError, validate_email

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / ".build/release/genkan-bench"
CORPUS = ROOT / "Tests/GenkanValidationTests/Fixtures/email-corpus.json"


def ordinary_addresses(count=2000):
    generator = random.Random(2026)
    first = ["taro", "hanako", "maria", "john", "li", "ahmed", "olga", "kenji", "sofia", "noah", "emma", "yuki"]
    last = ["yamada", "sato", "smith", "garcia", "wang", "ivanova", "mueller", "tanaka", "rossi", "kim"]
    domains = ["example.com", "mail.example.org", "example.co.jp", "gmail.com", "outlook.com", "icloud.com",
               "university.example.edu", "company-name.example.net", "sub.mail.example.co.uk"]
    broken = ["{}@", "{}", "{}@@{}", "{}@{}.", ".{}@{}", "{} @{}", "{}@-{}", "{}@localhost", "{}..x@{}"]
    addresses = []
    for _ in range(count):
        local = generator.choice(first)
        shape = generator.random()
        if shape < 0.35:
            local += "." + generator.choice(last)
        elif shape < 0.5:
            local += generator.choice(["_", "-", ""]) + generator.choice(last) + str(generator.randrange(100))
        elif shape < 0.6:
            local += "+" + generator.choice(["news", "shop", "work", "2024"])
        if generator.random() < 0.2:
            local = local.capitalize()
        domain = generator.choice(domains)
        if generator.random() < 0.05:
            addresses.append(generator.choice(broken).format(local, domain))
        else:
            addresses.append(local + "@" + domain)
    return addresses


def python_strict(addresses, seconds):
    accepted = 0
    for address in addresses:
        try:
            validate_email(address, strict=True, check_deliverability=False)
            accepted += 1
        except EmailNotValidError:
            pass
    operations = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for address in addresses:
            try:
                validate_email(address, strict=True, check_deliverability=False)
            except EmailNotValidError:
                pass
        operations += len(addresses)
    return operations / (time.perf_counter() - start), accepted


def genkan(addresses, seconds):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(addresses, handle)
        path = handle.name
    try:
        output = subprocess.run([str(BENCH), "email", "--addresses", path, "--seconds", str(seconds)],
                                check=True, capture_output=True, text=True).stdout
    finally:
        Path(path).unlink()
    return json.loads(output)


def main():
    seconds = 1.0
    if "--seconds" in sys.argv:
        seconds = float(sys.argv[sys.argv.index("--seconds") + 1])
    if not BENCH.exists():
        print(f"{BENCH.relative_to(ROOT)} is missing; run `swift build -c release` first", file=sys.stderr)
        return 1
    sets = {
        "ordinary": ordinary_addresses(),
        "corpus": [entry["input"] for entry in json.loads(CORPUS.read_text())["entries"]],
    }
    status = 0
    for name, addresses in sets.items():
        python_ops, python_accepted = python_strict(addresses, seconds)
        result = genkan(addresses, seconds)
        strict = result["strict"]
        print(f"e-mail validation, {name} set: {len(addresses)} addresses")
        print(f"  {'':34} {'ops/s':>12} {'ratio':>9}  accepted")
        print(f"  {'python email-validator (strict)':34} {python_ops:>12,.0f} {1:>8.1f}x  {python_accepted}")
        ratio = strict["opsPerSecond"] / python_ops
        print(f"  {'Genkan EmailRule.strict':34} {strict['opsPerSecond']:>12,} {ratio:>8.1f}x  {strict['accepted']}"
              f"   (goal >= 50x: {'met' if ratio >= 50 else 'NOT met'})")
        print(f"  {'Genkan EmailRule.html':34} {result['html']['opsPerSecond']:>12,} {result['html']['opsPerSecond'] / python_ops:>8.1f}x  {result['html']['accepted']}")
        if strict["accepted"] != python_accepted:
            print(f"  ! verdicts differ: Genkan accepted {strict['accepted']}, email-validator {python_accepted}")
            status = 1
        pcre2 = result["pcre2"]["opsPerSecond"]
        jit = "JIT" if result["pcre2JIT"] else "interpreter"
        print(f"  WHATWG pattern, whole match:      {'ops/s':>12} {'PCRE2 is':>13}  matched")
        for label, key in [(f"PCRE2 ({jit})", "pcre2"), ("NSRegularExpression (ICU)", "nsregularexpression"), ("Swift Regex", "swiftregex")]:
            ops = result[key]["opsPerSecond"]
            faster = "" if key == "pcre2" else f"{pcre2 / ops:>7.1f}x faster"
            print(f"  {'  ' + label:34} {ops:>12,} {faster:>13}  {result[key]['accepted']}")
        print()
    return status


if __name__ == "__main__":
    sys.exit(main())
