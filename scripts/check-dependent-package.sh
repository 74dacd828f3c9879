#!/usr/bin/env bash
# Builds a throwaway package that depends on this checkout by path, as an app would, and checks
# that GenkanLocalization finds its catalog with nothing configured — also after the binary is
# moved away from its build folder (the catalog is compiled in, not looked up on disk).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/App"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "App",
    dependencies: [.package(name: "Genkan", path: "$root")],
    targets: [.executableTarget(name: "App", dependencies: [
        .product(name: "GenkanLocalization", package: "Genkan"),
        .product(name: "GenkanValidation", package: "Genkan"),
    ])])
MANIFEST
cat > "$work/Sources/App/main.swift" <<'SWIFT'
import GenkanLocalization
import GenkanValidation
let model = AuthErrorModel()
let form = ValidationViewModel().validateSignUp(name: "", email: "taro", password: "pw", confirmation: "pw")
print(model.message(for: AuthErrorCode.userDisabled, locale: "ja"))
for issue in form.issues { print(model.message(for: issue, locale: "de")) }
SWIFT
(cd "$work" && swift build -q 2>&1 | grep -v '^$' || true)
cp "$work/.build/debug/App" "$work/App-moved"
rm -rf "$work/.build"
output=$(cd / && "$work/App-moved")
echo "$output"
# Hiragana in the first line shows the Japanese message was found, not the key.
echo "$output" | head -1 | python3 -c 'import sys; sys.exit(0 if any("\u3041" <= c <= "\u3096" for c in sys.stdin.read()) else 1)' \
  || { echo "FAIL: no Japanese message from the dependent package"; exit 1; }
if echo "$output" | grep -Eq '^(auth/|email\.|password\.|name\.|form\.)'; then
  echo "FAIL: a catalog key was printed instead of its message"; exit 1
fi
echo "dependent package: catalog found with nothing configured"
