#!/usr/bin/env python3
"""The site's own types refuse what they are meant to refuse, each file in Tests/CompileFail/Site
type-checked against the debug build's modules (built with testing enabled, so `@testable import
GenkanServer` reaches the site's internal types): a signed-in handler on a group that looks no
session up (SignedInOnPlainGroup.swift), and a door that writes past the accounts core
(DoorWritesTheStore.swift). As it is, each must type-check; with its define each must fail with
exactly one error, the one that says why, on the marked line. Run by scripts/check-compile-fail.sh."""
import os
import re
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from swift_modules import BUILD, ROOT, module_arguments  # noqa: E402

SITE = ROOT / "Tests" / "CompileFail" / "Site"
# Each file, the define that puts its mistake in, what the one error must say, and what it shows.
CASES = [
    (SITE / "SignedInOnPlainGroup.swift", "WRONG_GROUP",
     re.compile(r"error: cannot convert value of type '@Sendable \(HTTPRequest, SignedInContext\) -> Reply' to expected argument type "
                r"'@Sendable \(HTTPRequest, SiteContext\) -> Reply'"),
     "the site refuses AccountOverview.show (SignedInContext) on a plain group"),
    (SITE / "DoorWritesTheStore.swift", "THROUGH_THE_CORE",
     re.compile(r"error: 'store' is inaccessible due to 'internal' protection level"),
     "a job cannot reach the core's store"),
    (SITE / "DoorWritesTheStore.swift", "THROUGH_A_STORE",
     re.compile(r"error: 'deleteSession' is inaccessible due to 'internal' protection level"),
     "a store a door opens has no write for it"),
    (SITE / "DoorWritesTheStore.swift", "THROUGH_A_CONNECTION",
     re.compile(r"error: 'open' is inaccessible due to 'internal' protection level"),
     "nor does a location hand a door a connection"),
]


# The package SwiftPM names after the checkout's folder: the file sees `package` declarations as
# GenkanServer does, so a write left at package access would get through, as it would for a door.
PACKAGE = re.sub(r"[^a-z0-9_]", "_", ROOT.name.lower())


def typecheck(source, *flags):
    swift = os.environ.get("SWIFT", "swift")
    swiftc = str(Path(swift).with_name("swiftc")) if os.sep in swift else "swiftc"
    return subprocess.run(
        [swiftc, "-typecheck", "-swift-version", "6", "-target", "x86_64-unknown-linux-gnu", "-package-name", PACKAGE,
         *module_arguments(), *flags,
         str(source)], capture_output=True, text=True)


def check(source, define, expected, shown):
    right = typecheck(source)
    if right.returncode != 0:
        print(f"FAIL: {source.name} does not type-check as it is:\n" + right.stderr)
        return False
    wrong = typecheck(source, f"-D{define}")
    marker = f"#if {define}"
    lines = source.read_text().splitlines()
    start = next(number for number, text in enumerate(lines, 1) if text.strip() == marker)
    line = next(number for number, text in enumerate(lines, 1) if number > start and "the mistake the types refuse" in text)
    errors = [text for text in wrong.stderr.splitlines() if text.startswith("/") and ": error: " in text]
    if wrong.returncode == 0 or len(errors) != 1 or f"{source.name}:{line}:" not in errors[0] or not expected.search(errors[0]):
        print(f"FAIL: with -D{define}, {source.name} did not fail with just the expected error:\n" + wrong.stderr)
        return False
    print(f"compile-fail: {shown} ({source.name}:{line})")
    return True


def main():
    if not (BUILD / "Modules" / "GenkanServer.swiftmodule").exists():
        print("check-site-compile-fail: build first (swift build --build-tests)", file=sys.stderr)
        return 2
    results = [check(*case) for case in CASES]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
