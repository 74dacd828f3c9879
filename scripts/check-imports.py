#!/usr/bin/env python3
"""Fails when a Swift target imports a module that Package.swift does not declare as its dependency.

SwiftPM builds such an import as long as some other dependency pulls the module in, so the mistake
stays hidden until that other dependency is dropped, or until a package that depends on Genkan
builds the one target alone. The modules of the toolchain (Foundation, Glibc, Synchronization,
Testing, …) need no declaration.

    scripts/check-imports.py            (make test runs it; SWIFT names the swift binary)
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "Glibc", "Musl", "Darwin", "Synchronization", "Observation",
    "RegexBuilder", "Testing", "XCTest", "PackagePlugin", "_Concurrency", "_StringProcessing",
}
# `import Foo`, with attributes (`@testable`, `@preconcurrency`), an access level (`private`) or a
# kind (`import struct Foo.Bar`) before or inside it: the module is the first name of the path.
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def swift_imports(path):
    """(line number, module) for each import declaration, skipping multi-line string literals
    (tests embed Python programs that say `import json`)."""
    inside_string = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not inside_string:
            match = IMPORT.match(line)
            if match:
                yield number, match.group(1)
        if line.count('"""') % 2 == 1:
            inside_string = not inside_string


def main():
    swift = os.environ.get("SWIFT", "swift")
    package = json.loads(subprocess.run([swift, "package", "dump-package"], cwd=ROOT, check=True,
                                         capture_output=True, text=True).stdout)
    problems = []
    checked = 0
    for target in package["targets"]:
        if target["type"] in ("system", "binary"):
            continue
        folder = ROOT / (target.get("path") or
                         ("Tests" if target["type"] == "test" else "Plugins" if target["type"] == "plugin" else "Sources"))
        if not target.get("path"):
            folder = folder / target["name"]
        declared = {target["name"]}
        for dependency in target["dependencies"]:
            for form in ("byName", "target", "product"):
                if form in dependency:
                    declared.add(dependency[form][0])
        excluded = [folder / e for e in target.get("exclude", [])]
        for source in sorted(folder.rglob("*.swift")):
            if any(source.is_relative_to(e) for e in excluded):
                continue
            checked += 1
            for number, module in swift_imports(source):
                if module not in declared and module not in TOOLCHAIN:
                    problems.append(f"{source.relative_to(ROOT)}:{number}: imports {module}, "
                                    f"which Package.swift does not declare for {target['name']}")
    if problems:
        print(*problems, sep="\n", file=sys.stderr)
        print(f"{len(problems)} undeclared imports: add each module to its target's dependencies", file=sys.stderr)
        return 1
    print(f"imports: {checked} Swift files import only what their targets declare")
    return 0


if __name__ == "__main__":
    sys.exit(main())
