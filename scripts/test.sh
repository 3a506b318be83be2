#!/usr/bin/env bash
# The whole test suite, as the README's test command runs it (`pnpm test`):
#   1. system packages the suite needs (Chromium for the browser tests), when missing, and the
#      pinned kubectl the CLI's side-by-side tests compare with (scripts/kubectl/fetch.sh)
#   2. lint, and the API reference (TypeDoc: every public export documented)
#   3. typecheck, publint, the API reports (scripts/api-report.mjs) and every package's tests on
#      this Node, in one turbo run that builds each package once
#   4. package checks (arethetypeswrong, npm pack contents)
#   5. the runtime-dependent tests again on Node 22 and 24 (scripts/test-runtimes.sh), and
#   6. conformance against a real kube-apiserver (built from Debian's source on first use), at
#      the same time: 6 mostly waits on the kube-apiserver, 5 keeps the two cores busy meanwhile.
#      Each prints its output as one block when it ends (6 first, live), never interleaved.
# Any failing stage fails the run (non-zero exit) and is named at the end; the last line counts
# every test that ran. Set RXKUBE_SKIP_RUNTIMES=1 or RXKUBE_SKIP_APISERVER=1 to leave out step 5
# or 6 while iterating.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

# Everything the test runners print is also kept here, to count the tests at the end.
work="$(mktemp -d)"
log="$work/counted.log"
: >"$log"
runtimes_pid=
# A stage still running in the background (its own process group) ends with the run.
trap '[[ -n "$runtimes_pid" ]] && kill -- -"$runtimes_pid" 2>/dev/null; rm -rf "$work"' EXIT
counted() { "$@" 2>&1 | tee -a "$log"; }

# A stage that fails ends the run here, named.
failed_stages=()
fail() {
  printf '\n✗ stage failed: %s\n' "$*" >&2
  exit 1
}

if [[ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]]; then
  step "installing Chromium for the browser tests"
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    echo "Chromium is missing: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# The CLI's side-by-side tests run today's kubectl next to rxkube (fetched once into the cache).
step "kubectl 1.32.3 for the side-by-side tests"
bash scripts/kubectl/fetch.sh >/dev/null || fail "kubectl 1.32.3 (scripts/kubectl/fetch.sh)"

step "lint"
pnpm lint || fail "lint"

step "API reference (TypeDoc)"
# Validation only (--emit none): the same checks as `pnpm run docs`, without writing docs/api.
pnpm run docs --emit none || fail "API reference (pnpm run docs)"

step "typecheck, publint, API reports and tests (Node $(node --version))"
counted pnpm turbo run typecheck publint api:check test --concurrency=2 --continue --output-logs=new-only ||
  fail "typecheck, publint, API reports and tests (Node $(node --version))"

if [[ -f scripts/check-packages.mjs ]]; then
  step "package checks"
  pnpm check:packages || fail "package checks"
fi

runtimes=$([[ "${RXKUBE_SKIP_RUNTIMES:-}" != 1 && -f scripts/test-runtimes.sh ]] && echo 1 || true)
apiserver=$([[ "${RXKUBE_SKIP_APISERVER:-}" != 1 ]] && echo 1 || true)

# Every package built (and cached) before the two stages below start turbo each.
if [[ -n "$runtimes" || -n "$apiserver" ]]; then
  pnpm turbo run build --output-logs=errors-only >"$work/build.log" 2>&1 ||
    { cat "$work/build.log"; fail "build"; }
fi

if [[ -n "$runtimes" ]]; then
  step "tests on Node 22 and 24: started, output below when they end"
  setsid bash scripts/test-runtimes.sh >"$work/runtimes.log" 2>&1 &
  runtimes_pid=$!
fi

if [[ -n "$apiserver" ]]; then
  step "conformance against a real kube-apiserver"
  counted pnpm --filter @rxkube/conformance test:apiserver ||
    failed_stages+=("conformance against a real kube-apiserver")
fi

if [[ -n "$runtimes" ]]; then
  step "tests on Node 22 and 24"
  runtimes_status=0
  wait "$runtimes_pid" || runtimes_status=$?
  cat "$work/runtimes.log"
  cat "$work/runtimes.log" >>"$log"
  runtimes_pid=
  [[ $runtimes_status -eq 0 ]] || failed_stages+=("tests on Node 22 and 24")
fi

# One line for the whole suite: the sum of every vitest run's "Tests  N passed | M failed".
sed -e 's/\x1b\[[0-9;]*m//g' "$log" | awk '
  /^[^ ]* *Tests +[0-9]/ {
    for (i = 1; i <= NF; i++) {
      if ($(i + 1) ~ /^passed/) passed += $i
      if ($(i + 1) ~ /^failed/) failed += $i
    }
  }
  END { printf "\nrxkube test suite: %d passed, %d failed\n", passed, failed; exit failed > 0 }' ||
  failed_stages+=("the test count (a test failed)")

if [[ ${#failed_stages[@]} -gt 0 ]]; then
  printf '✗ stage failed: %s\n' "${failed_stages[@]}" >&2
  exit 1
fi
