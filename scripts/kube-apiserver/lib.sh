# Shared settings and helpers for the kube-apiserver scripts. Sourced, never run.
# shellcheck shell=bash disable=SC2034

# Where the source, the Go caches and the built binary live (outside the repository).
KA_CACHE="${RXKUBE_CACHE:-${HOME:-/root}/.cache/rxkube}/kube-apiserver"
# Where a running cluster keeps its PKI, etcd data, logs, PID files and the env file.
KA_RUN_DIR="${RXKUBE_RUN_DIR:-$KA_CACHE/run}"
# Absolute, since these paths end up in kubeconfig files and process command lines.
KA_CACHE="$(realpath -m -- "$KA_CACHE")"
KA_RUN_DIR="$(realpath -m -- "$KA_RUN_DIR")"
# The built binary and the Debian source version it was built from.
KA_BIN="$KA_CACHE/bin/kube-apiserver"
KA_BIN_STAMP="$KA_CACHE/bin/kube-apiserver.source-version"
# Debian's Go toolchain used for the build.
KA_GOROOT="${RXKUBE_GOROOT:-/usr/lib/go-1.19}"
# Loopback only: nothing here ever listens on another address.
KA_HOST=127.0.0.1

ka_log() { printf '%s: %s\n' "$(basename "$0")" "$*" >&2; }
ka_die() { printf '%s: error: %s\n' "$(basename "$0")" "$*" >&2; exit 1; }

# ka_free_port: prints a TCP port on 127.0.0.1 that nothing listens on right now.
ka_free_port() {
  local port
  for _ in $(seq 1 200); do
    # Below the kernel's ephemeral range (32768+), so an outgoing connection cannot take it first.
    port=$((20000 + RANDOM % 12000))
    if ! (exec 3<>"/dev/tcp/$KA_HOST/$port") 2>/dev/null; then
      printf '%s\n' "$port"
      return 0
    fi
  done
  ka_die "no free port found on $KA_HOST"
}

# ka_running PID: true when PID is a running process (an exited one not yet reaped is not).
ka_running() {
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  [[ "${stat:0:1}" != Z ]]
}

# ka_pid_alive FILE: true when FILE names a process that is still running.
ka_pid_alive() {
  local pid
  [[ -s "$1" ]] || return 1
  pid="$(cat "$1")"
  [[ "$pid" =~ ^[0-9]+$ ]] && ka_running "$pid"
}

# Exit status with which a polled command says that waiting longer is pointless.
KA_GIVE_UP=99

# ka_wait_for TIMEOUT_SECONDS COMMAND...: polls COMMAND every 0.2 s until it succeeds; fails on
# timeout or as soon as COMMAND exits with KA_GIVE_UP.
ka_wait_for() {
  local timeout="$1" deadline rc
  shift
  deadline=$((SECONDS + timeout))
  while true; do
    rc=0
    "$@" >/dev/null 2>&1 || rc=$?
    ((rc == 0)) && return 0
    ((rc == KA_GIVE_UP)) && return 1
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}
