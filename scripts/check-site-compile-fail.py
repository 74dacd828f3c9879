#!/usr/bin/env python3
"""The site's own types refuse a signed-in handler on a group that looks no session up:
Tests/CompileFail/Site/SignedInOnPlainGroup.swift is type-checked against the debug build's
modules (built with testing enabled, so `@testable import GenkanServer` reaches the site's
internal types). As it is, it must type-check; with -DWRONG_GROUP it must fail with exactly one
error, the one that names the handler's context and the group's. Run by scripts/check-compile-fail.sh."""
import os
import re
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from swift_modules import BUILD, ROOT, module_arguments  # noqa: E402

SOURCE = ROOT / "Tests" / "CompileFail" / "Site" / "SignedInOnPlainGroup.swift"
EXPECTED = re.compile(
    r"error: cannot convert value of type '@Sendable \(HTTPRequest, SignedInContext\) -> Reply' to expected argument type "
    r"'@Sendable \(HTTPRequest, SiteContext\) -> Reply'")


def typecheck(*flags):
    swift = os.environ.get("SWIFT", "swift")
    swiftc = str(Path(swift).with_name("swiftc")) if os.sep in swift else "swiftc"
    return subprocess.run(
        [swiftc, "-typecheck", "-swift-version", "6", "-target", "x86_64-unknown-linux-gnu", *module_arguments(), *flags,
         str(SOURCE)], capture_output=True, text=True)


def main():
    if not (BUILD / "Modules" / "GenkanServer.swiftmodule").exists():
        print("check-site-compile-fail: build first (swift build --build-tests)", file=sys.stderr)
        return 2
    right = typecheck()
    if right.returncode != 0:
        print("FAIL: the signed-in handler on a signed-in group does not type-check:\n" + right.stderr)
        return 1
    wrong = typecheck("-DWRONG_GROUP")
    line = next(number for number, text in enumerate(SOURCE.read_text().splitlines(), 1) if "the mistake the types refuse" in text)
    errors = [text for text in wrong.stderr.splitlines() if text.startswith("/") and ": error: " in text]
    if wrong.returncode == 0 or len(errors) != 1 or f"{SOURCE.name}:{line}:" not in errors[0] or not EXPECTED.search(errors[0]):
        print("FAIL: with -DWRONG_GROUP the site did not refuse the handler with just the expected error:\n" + wrong.stderr)
        return 1
    print(f"compile-fail: the site refuses AccountOverview.show (SignedInContext) on a plain group ({SOURCE.name}:{line})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
