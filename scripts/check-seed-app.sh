#!/usr/bin/env bash
# Builds and tests Tests/SeedApp: view models written as the seed app wrote them (its
# ValidationViewModel and AuthErrorModel, now Genkan's), in a separate package that depends on
# this checkout by path. Its build lives in .build/seed-app, so a second run on the same sources is
# incremental.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
scratch="$root/.build/seed-app"
# SwiftPM's incremental build of a package that depends on another by path can keep objects
# compiled against the dependency's old layout (measured: a crash in swift_release after the
# catalog's types changed), so the scratch folder is kept only while Genkan's sources are the
# ones it was built from.
stamp=$(cd "$root" && cat Package.swift $(find Sources -type f | LC_ALL=C sort) | sha256sum | cut -c1-64)
if [[ "$(cat "$scratch/genkan-sources.sha256" 2>/dev/null)" != "$stamp" ]]; then
  rm -rf "$scratch"
fi
mkdir -p "$scratch"
"$swift" build --build-tests --package-path "$root/Tests/SeedApp" --scratch-path "$scratch"
"$swift" test --skip-build --package-path "$root/Tests/SeedApp" --scratch-path "$scratch"
echo "$stamp" > "$scratch/genkan-sources.sha256"
