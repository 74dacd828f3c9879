#!/usr/bin/env bash
# Installs what a Genkan command needs and is missing: Debian packages (with sudo when not root)
# and, for tests and benchmarks, a Python virtual environment in .venv with the reference tools.
#
#   scripts/install-deps.sh build      C libraries the package links against
#   scripts/install-deps.sh test       build + what the tests run (browser, gettext, xmllint, and
#                                      .venv: exactly the Python packages of scripts/requirements.lock)
#   scripts/install-deps.sh bench      test + load generators and the reference server (wrk, nginx)
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${1:-build}
build_packages=(pkg-config libpcre2-dev libicu-dev libsodium-dev libsqlite3-dev libpq-dev libh2o-evloop-dev libcurl4-openssl-dev libssl-dev libcbor-dev libcrypt-dev libqrencode-dev)
test_packages=(chromium chromium-driver gettext libxml2-utils sqlite3 postgresql argon2 openssl fonts-noto-cjk fonts-noto-core zbar-tools librsvg2-bin)
bench_packages=(wrk nginx-light valgrind)

case "$profile" in
  build) wanted=("${build_packages[@]}") ;;
  test) wanted=("${build_packages[@]}" "${test_packages[@]}") ;;
  bench) wanted=("${build_packages[@]}" "${test_packages[@]}" "${bench_packages[@]}") ;;
  *) echo "usage: $0 build|test|bench" >&2; exit 2 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "$profile" != build ]; then
  # The environment is exactly scripts/requirements.lock: every package pinned with its hashes,
  # installed without resolving anything (--no-deps), so a release elsewhere changes nothing here.
  if [ ! -x .venv/bin/python ] || ! cmp -s scripts/requirements.lock .venv/requirements.lock; then
    echo "Preparing .venv with the Python reference tools (scripts/requirements.lock)"
    if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
      # Debian's own python3 ships venv and ensurepip separately.
      sudo=""
      [ "$(id -u)" -eq 0 ] || sudo="sudo"
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
    fi
    rm -rf .venv
    python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check --require-hashes --no-deps -r scripts/requirements.lock
    cp scripts/requirements.lock .venv/requirements.lock
  fi
  .venv/bin/python scripts/check-python-env.py
fi
