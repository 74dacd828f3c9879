#!/usr/bin/env python3
"""The public API of each library product, one declaration per line, checked against docs/api/.

A library's public surface should change only on purpose: this script extracts it from the debug
build's modules with swift-symbolgraph-extract (public symbols only; `package` and internal ones
are not part of a product) and compares it with the committed listing, docs/api/MODULE.txt.

    scripts/public-api.py --check    # make test: exits 1 and prints the difference when it changed
    scripts/public-api.py --write    # after a deliberate change: rewrite the listings

Run after `swift build --build-tests` (make test builds first). Symbols that the compiler adds to
every conforming type (Equatable's `!=`, Hashable's `hashValue` and such, marked "synthesized"
or inherited from the standard library's default implementations) are left out: they follow from
a conformance, which is listed."""
import argparse
import difflib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from swift_modules import BUILD, ROOT, module_arguments  # noqa: E402

LISTINGS = ROOT / "docs" / "api"


def library_targets():
    """The targets of the package's library products, from `swift package describe`."""
    description = json.loads(subprocess.run(
        ["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    return sorted({target for product in description["products"] if "library" in product["type"]
                   for target in product["targets"]})


def declaration(symbol):
    fragments = symbol.get("declarationFragments") or symbol["names"].get("subHeading") or []
    text = "".join(fragment["spelling"] for fragment in fragments)
    return re.sub(r"\s+", " ", text).strip()


def listing(module, work):
    """The module's public declarations, sorted: `Path.to.symbol  declaration`."""
    extracted = subprocess.run(
        ["swift-symbolgraph-extract", "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
         *module_arguments(), "-minimum-access-level", "public", "-output-dir", str(work)],
        capture_output=True, text=True)
    if extracted.returncode != 0:
        raise SystemExit(f"public-api: swift-symbolgraph-extract failed for {module}:\n{extracted.stderr}")
    lines = set()
    for graph in sorted(work.glob(f"{module}*.symbols.json")):
        data = json.loads(graph.read_text())
        extended = "" if graph.name == f"{module}.symbols.json" else graph.name[len(module) + 1:-len(".symbols.json")] + " "
        for symbol in data["symbols"]:
            if symbol.get("accessLevel") != "public":
                continue
            if "synthesized" in symbol["identifier"]["precise"] or symbol.get("location") is None:
                continue  # added by the compiler, or a default implementation from elsewhere
            path = ".".join(symbol["pathComponents"])
            lines.add(f"{extended}{path}  {declaration(symbol)}")
    return sorted(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="compare with docs/api/ and fail on a difference")
    mode.add_argument("--write", action="store_true", help="rewrite docs/api/")
    options = parser.parse_args()
    if not (BUILD / "Modules").is_dir():
        print("public-api: build first (swift build --build-tests)", file=sys.stderr)
        return 2
    changed = []
    targets = library_targets()
    with tempfile.TemporaryDirectory(prefix="genkan-api-") as temporary:
        for module in targets:
            work = Path(temporary) / module
            work.mkdir()
            text = "".join(line + "\n" for line in listing(module, work))
            path = LISTINGS / f"{module}.txt"
            old = path.read_text() if path.exists() else ""
            if text == old:
                continue
            changed.append(module)
            if options.write:
                LISTINGS.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
            else:
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(True), text.splitlines(True), f"docs/api/{module}.txt", f"{module} as built"))
    stale = sorted(p.stem for p in LISTINGS.glob("*.txt") if p.stem not in targets)
    if options.write:
        for name in stale:
            (LISTINGS / f"{name}.txt").unlink()
        print(f"public-api: {len(targets)} libraries, rewrote {', '.join(changed + stale) or 'nothing'}")
        return 0
    if stale:
        print(f"public-api: listings for no library product: {', '.join(stale)}", file=sys.stderr)
    if changed or stale:
        print(f"public-api: the public API of {', '.join(changed + stale)} changed; if on purpose, run "
              "scripts/public-api.py --write and commit docs/api/", file=sys.stderr)
        return 1
    print(f"public-api: {len(targets)} libraries match docs/api/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
