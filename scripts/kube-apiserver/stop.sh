#!/usr/bin/env bash
# Stops what start.sh started, by PID file only.
#
# Usage: stop.sh               apiservers, then etcd; forgets the ports (a later start picks anew)
#        stop.sh NAME...       only these of apiserver1, apiserver2, etcd (start.sh NAME restarts
#                              one on the port it had)
#        stop.sh --clean       stops everything, then removes the run directory (etcd data, PKI,
#                              logs)
#        stop.sh --kill ...    SIGKILL at once (a crash) instead of SIGTERM first
# Env: RXKUBE_RUN_DIR, RXKUBE_CACHE, RXKUBE_STOP_TIMEOUT (seconds from SIGTERM to SIGKILL,
# default 5: kube-apiserver 1.20 does not finish shutting down while a watch is open).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

STOP_TIMEOUT="${RXKUBE_STOP_TIMEOUT:-5}"

clean=0
signal=TERM
names=()
for arg in "$@"; do
  case "$arg" in
    --clean) clean=1 ;;
    --kill) signal=KILL ;;
    etcd | apiserver1 | apiserver2) names+=("$arg") ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) ka_die "unknown argument '$arg' (expected --clean, --kill, etcd, apiserver1 or apiserver2)" ;;
  esac
done
all=0
if ((${#names[@]} == 0 || clean)); then
  all=1
  names=(apiserver2 apiserver1 etcd)
fi

[[ -d "$KA_RUN_DIR" ]] || exit 0
exec 8>"$KA_RUN_DIR/.lock"
flock 8

# ours PID: the process's command line names our run directory, so a reused PID is never hit.
ours() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -qF -- "$KA_RUN_DIR"; }

stop_one() {
  local name="$1" file="$KA_RUN_DIR/$1.pid" pid
  if ka_pid_alive "$file" && ours "$(cat "$file")"; then
    pid="$(cat "$file")"
    kill "-$signal" "$pid" 2>/dev/null || true
    if ! ka_wait_for "$STOP_TIMEOUT" eval "! ka_running $pid"; then
      ka_log "$name (pid $pid) still running ${STOP_TIMEOUT} s after SIGTERM; sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      ka_wait_for 5 eval "! ka_running $pid" || ka_die "$name (pid $pid) did not exit"
    fi
    ka_log "stopped $name"
  fi
  rm -f "$file"
}

for name in "${names[@]}"; do stop_one "$name"; done

if ((all)); then
  # The next start picks new ports, so what names the old ones goes.
  rm -f "$KA_RUN_DIR"/*.port "$KA_RUN_DIR/env" "$KA_RUN_DIR"/kubeconfig*
elif [[ -f "$KA_RUN_DIR/env" ]]; then
  # Keep the env file true: a stopped server has no URL.
  for name in "${names[@]}"; do
    case "$name" in
      apiserver1) sed -i 's|^RXKUBE_SERVER=.*|RXKUBE_SERVER=|' "$KA_RUN_DIR/env" ;;
      apiserver2) sed -i 's|^RXKUBE_SERVER2=.*|RXKUBE_SERVER2=|' "$KA_RUN_DIR/env" ;;
      etcd) sed -i 's|^RXKUBE_ETCD_ENDPOINT=.*|RXKUBE_ETCD_ENDPOINT=|' "$KA_RUN_DIR/env" ;;
    esac
  done
fi
if ((clean)); then
  exec 8>&-
  rm -rf "$KA_RUN_DIR"
fi
