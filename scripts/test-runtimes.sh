#!/usr/bin/env bash
# Runs the unit and integration tests whose outcome can depend on the Node.js runtime under each
# Node.js major in RUNTIMES (default "22 24"; the machine's own Node runs every package's tests in
# `pnpm test`), and fails if any run fails. Which packages, and why:
#   run again: @rxkube/core (timers, streams, fetch/WebSocket/AbortSignal globals, TextDecoder),
#     @rxkube/node (undici, node:http/tls/fs/child_process, exec plugins), @rxkube/cli (process
#     I/O, the bundled bin, signals), @rxkube/testing (FakeApiServer on node:http), the
#     conformance package's tests against FakeApiServer, and the examples (examples/shared,
#     filtering-with-operators, node-controller: real processes on Node), except core's
#     simulations (`*.sim.test.ts`: virtual time over an in-memory cluster, no I/O, no timers).
#   not again: @rxkube/docs-check (type-checks the documentation's code blocks with TypeScript:
#     the same compiler and the same result on every Node), @rxkube/angular and @rxkube/react
#     (browser code under Angular's TestBed and in jsdom; what they run of Node is core's
#     transports and FakeApiServer, whose own tests run again above), the browser end-to-end
#     tests of examples/angular-dashboard and examples/react-dashboard (Chromium), the model they
#     share (examples/dashboard-shared) and the benchmark package (timings, not behaviour). Type tests and API reports run with typecheck
#     and api:check in `pnpm test`, which are not repeated here either.
#
#   bash scripts/test-runtimes.sh            # Node 22, then Node 24
#   RUNTIMES="20 22 24" bash scripts/test-runtimes.sh
#
# Each runtime comes from the npm registry's `node` package: `npx -p node@N -c …` puts that
# Node first on PATH for the whole process tree (pnpm, turbo's tasks, vitest and its workers),
# which this script checks before running the tests.
set -uo pipefail
cd "$(dirname "$0")/.."

pnpm_spec=$(node -p "require('./package.json').packageManager")
pnpm=(npx -y "$pnpm_spec")
filters=(
  --filter=@rxkube/core --filter=@rxkube/node --filter=@rxkube/cli --filter=@rxkube/testing
  --filter=@rxkube/conformance --filter=@rxkube/example-shared
  --filter=@rxkube/example-filtering-with-operators --filter=@rxkube/example-node-controller
)

# Inside one runtime: check which Node runs, then the tests.
if [[ "${1:-}" == "--inside" ]]; then
  want="$2"
  # Forget the outer npm exec (its -c command, `nodedir` and exec path point to the host Node).
  while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^npm_')
  have=$(node -p 'process.versions.node')
  under_pnpm=$("${pnpm[@]}" exec node -p 'process.versions.node') || exit 1
  echo "node on PATH: v$have ($(command -v node)); node under pnpm: v$under_pnpm"
  if [[ "${have%%.*}" != "$want" || "$under_pnpm" != "$have" ]]; then
    echo "expected Node $want for every process, got v$have (PATH) and v$under_pnpm (pnpm)" >&2
    exit 1
  fi
  exec "${pnpm[@]}" exec turbo run test "${filters[@]}" --continue --concurrency=2 \
    -- --exclude='**/*.sim.test.ts'
fi

runtimes=(${RUNTIMES:-22 24})
logs=$(mktemp -d "${TMPDIR:-/tmp}/rxkube-runtimes.XXXXXX")
passed=0
failed=0
summary=()

for major in "${runtimes[@]}"; do
  log="$logs/node-$major.log"
  echo
  echo "════════ Node $major: turbo run test (log: $log) ════════"
  started=$SECONDS
  npx -y -p "node@$major" -c "bash scripts/test-runtimes.sh --inside $major" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  version=$(grep -a -m1 -o 'node on PATH: v[0-9.]*' "$log" | sed 's/node on PATH: //')
  elapsed=$((SECONDS - started))
  # One line per package: vitest's closing "Tests  N passed (N)" line.
  counts=$(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | grep -aE '^[^ ]+:test: +Tests +[0-9]' |
    sed -E 's/:test: +Tests +/: /')
  if [[ $status -eq 0 ]]; then
    passed=$((passed + 1))
    summary+=("✓ Node ${version:-$major}: all tests passed (${elapsed}s)")
  else
    failed=$((failed + 1))
    summary+=("✗ Node ${version:-$major}: FAILED, exit $status (${elapsed}s; log: $log)")
  fi
  while IFS= read -r line; do
    [[ -n "$line" ]] && summary+=("    $line")
  done <<<"$counts"
done

echo
echo "════════ Runtimes ════════"
printf '%s\n' "${summary[@]}"
echo "runtimes: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
