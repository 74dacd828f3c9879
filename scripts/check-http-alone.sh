#!/usr/bin/env bash
# GenkanHTTP on its own: copies the module, the modules it depends on (CH2O, GenkanThreads), its
# test support and its tests into a package that holds nothing of the site, builds it, runs the
# tests, and compiles and starts the example of Sources/GenkanHTTP/README.md as it stands there.
# The package lives in .build/http-alone (the copies keep the files' times: a second run is incremental).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
work="$root/.build/http-alone"
mkdir -p "$work/Sources/Example" "$work/Tests"
for module in CH2O GenkanThreads GenkanHTTP GenkanHTTPTesting; do
  rm -rf "$work/Sources/$module" && cp -a "$root/Sources/$module" "$work/Sources/$module"
done
rm -rf "$work/Tests/GenkanHTTPTests" && cp -a "$root/Tests/GenkanHTTPTests" "$work/Tests/GenkanHTTPTests"
# The README's first Swift block, line for line.
awk '/^```swift$/ && !done { inside = 1; next } /^```$/ && inside { inside = 0; done = 1 } inside' \
  "$root/Sources/GenkanHTTP/README.md" > "$work/Sources/Example/main.swift.new"
cmp -s "$work/Sources/Example/main.swift.new" "$work/Sources/Example/main.swift" 2>/dev/null \
  && rm "$work/Sources/Example/main.swift.new" || mv "$work/Sources/Example/main.swift.new" "$work/Sources/Example/main.swift"
grep -q "import GenkanHTTP" "$work/Sources/Example/main.swift" || { echo "FAIL: no Swift example in Sources/GenkanHTTP/README.md"; exit 1; }
# The same targets and settings as Package.swift gives them.
cat > "$work/Package.swift.new" <<'MANIFEST'
// swift-tools-version:6.2
import PackageDescription
let settings: [SwiftSetting] = [.swiftLanguageMode(.v6), .treatAllWarnings(as: .error)]
let package = Package(
    name: "GenkanHTTPAlone",
    targets: [
        .target(
            name: "CH2O",
            cSettings: [.define("H2O_USE_LIBUV", to: "0"), .define("CH2O_TEST_HOOKS", .when(configuration: .debug))],
            linkerSettings: [.linkedLibrary("h2o-evloop")]),
        .target(name: "GenkanThreads", swiftSettings: settings),
        .target(name: "GenkanHTTP", dependencies: ["CH2O", "GenkanThreads"], exclude: ["README.md"], swiftSettings: settings),
        .target(name: "GenkanHTTPTesting", dependencies: ["GenkanHTTP", "GenkanThreads"], swiftSettings: settings),
        .executableTarget(name: "Example", dependencies: ["GenkanHTTP"], swiftSettings: settings),
        .testTarget(name: "GenkanHTTPTests", dependencies: ["GenkanHTTP", "GenkanHTTPTesting", "GenkanThreads"], swiftSettings: settings),
    ])
MANIFEST
cmp -s "$work/Package.swift.new" "$work/Package.swift" 2>/dev/null && rm "$work/Package.swift.new" || mv "$work/Package.swift.new" "$work/Package.swift"
"$swift" build --build-tests --package-path "$work"
"$swift" test --skip-build --package-path "$work"
# The example serves on 8080 until Return: with no input it starts and stops at once. Another
# server on 8080 (a developer's) makes the start fail; the build above already proved it compiles.
if output=$("$work/.build/debug/Example" < /dev/null 2>&1); then
  echo "README example: started and stopped ($output)"
elif echo "$output" | grep -qi "in use"; then
  echo "README example: compiled; port 8080 is in use, so it was not started"
else
  echo "FAIL: the README example did not start: $output"; exit 1
fi
