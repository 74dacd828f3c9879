#!/usr/bin/env bash
# Builds and tests Tests/SeedApp: view models written as the seed app wrote them (its
# ValidationViewModel and AuthErrorModel, now Genkan's), in a separate package that depends on
# this checkout by path. Its build lives in .build/seed-app, so a second run is incremental.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
"$swift" build --build-tests --package-path "$root/Tests/SeedApp" --scratch-path "$root/.build/seed-app"
"$swift" test --skip-build --package-path "$root/Tests/SeedApp" --scratch-path "$root/.build/seed-app"
