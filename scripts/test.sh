#!/usr/bin/env bash
# The whole test suite, as the README's test command runs it (`pnpm test`):
#   1. system packages the suite needs (Chromium for the browser tests), when missing
#   2. lint, then typecheck, publint and every package's tests on this Node
#   3. package checks (arethetypeswrong, npm pack contents)
#   4. the unit and integration tests again on Node 22 and 24
#   5. conformance against a real kube-apiserver (built from Debian's source on first use)
# Set RXKUBE_SKIP_RUNTIMES=1 or RXKUBE_SKIP_APISERVER=1 to leave out step 4 or 5 while iterating.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

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

step "typecheck, publint and tests (Node $(node --version))"
pnpm turbo run typecheck publint test --concurrency=2 --output-logs=errors-only

if [[ -f scripts/check-packages.mjs ]]; then
  step "package checks"
  pnpm check:packages
fi

if [[ "${RXKUBE_SKIP_RUNTIMES:-}" != 1 && -f scripts/test-runtimes.sh ]]; then
  step "tests on Node 22 and 24"
  bash scripts/test-runtimes.sh
fi

if [[ "${RXKUBE_SKIP_APISERVER:-}" != 1 ]]; then
  step "conformance against a real kube-apiserver"
  pnpm test:apiserver
fi
