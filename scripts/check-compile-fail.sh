#!/usr/bin/env bash
# A handler that needs a signed-in account cannot be registered on a group that looks no session
# up: that is a compile error, not a 500. Checked twice:
#   1. Tests/CompileFail, a package on GenkanHTTP's public API: it builds as it is, and with
#      -DWRONG_GROUP it fails with exactly the error that says the handler's context is not the
#      group's (its build lives in .build/compile-fail, so a second run is incremental);
#   2. the site's own types: a file registering `AccountOverview.show` (it takes SignedInContext)
#      on a plain group is type-checked against the debug build's modules, and must fail the same way.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
package="$root/Tests/CompileFail"
scratch="$root/.build/compile-fail"

"$swift" build --package-path "$package" --scratch-path "$scratch" -q \
  || { echo "FAIL: Tests/CompileFail does not build without the mistake"; exit 1; }
if output=$("$swift" build --package-path "$package" --scratch-path "$scratch" -Xswiftc -DWRONG_GROUP 2>&1); then
  echo "FAIL: a signed-in handler on a group without a session compiled"; exit 1
fi
line=$(grep -n "the mistake the types refuse" "$package/Sources/GroupContexts/main.swift" | cut -d: -f1)
expected="main.swift:$line:.*error: cannot convert value of type '@Sendable \(HTTPRequest, SignedIn\) -> Reply' to expected argument type '@Sendable \(HTTPRequest, Visitor\) -> Reply'"
errors=$(echo "$output" | grep -E "^/.*: error: " | sort -u || true)
if ! echo "$errors" | grep -Eq "$expected" || [ "$(echo "$errors" | grep -c "error:")" != 1 ]; then
  echo "FAIL: Tests/CompileFail with -DWRONG_GROUP did not fail with just the expected error:"; echo "$output"; exit 1
fi
echo "compile-fail: GenkanHTTP refuses a SignedIn handler on a Visitor group"

# The site: its debug modules were built with testing enabled (make test builds them first).
"$root/.venv/bin/python" "$root/scripts/check-site-compile-fail.py"
