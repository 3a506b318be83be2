#!/usr/bin/env bash
# The whole test suite, as the README's test command runs it (`pnpm test`):
#   1. system packages the suite needs (Chromium for the browser tests), when missing
#   2. lint, then typecheck, publint, the API reports (scripts/api-report.mjs) and every
#      package's tests on this Node
#   3. package checks (arethetypeswrong, npm pack contents)
#   4. the unit and integration tests again on Node 22 and 24
#   5. conformance against a real kube-apiserver (built from Debian's source on first use)
# Set RXKUBE_SKIP_RUNTIMES=1 or RXKUBE_SKIP_APISERVER=1 to leave out step 4 or 5 while iterating.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

# Everything the test runners print is also kept here, to count the tests at the end.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
counted() { "$@" 2>&1 | tee -a "$log"; }

if [[ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]]; then
  step "installing Chromium for the browser tests"
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    echo "Chromium is missing: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

step "lint"
pnpm lint

step "typecheck, publint, API reports and tests (Node $(node --version))"
counted pnpm turbo run typecheck publint api:check test --concurrency=2 --continue --output-logs=new-only

if [[ -f scripts/check-packages.mjs ]]; then
  step "package checks"
  pnpm check:packages
fi

if [[ "${RXKUBE_SKIP_RUNTIMES:-}" != 1 && -f scripts/test-runtimes.sh ]]; then
  step "tests on Node 22 and 24"
  counted bash scripts/test-runtimes.sh
fi

if [[ "${RXKUBE_SKIP_APISERVER:-}" != 1 ]]; then
  step "conformance against a real kube-apiserver"
  counted pnpm test:apiserver
fi

# One line for the whole suite: the sum of every vitest run's "Tests  N passed | M failed".
sed -e 's/\x1b\[[0-9;]*m//g' "$log" | awk '
  /^[^ ]* *Tests +[0-9]/ {
    for (i = 1; i <= NF; i++) {
      if ($(i + 1) ~ /^passed/) passed += $i
      if ($(i + 1) ~ /^failed/) failed += $i
    }
  }
  END { printf "\nrxkube test suite: %d passed, %d failed\n", passed, failed; exit failed > 0 }'
