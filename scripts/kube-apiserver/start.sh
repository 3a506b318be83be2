#!/usr/bin/env bash
# Starts etcd and kube-apiserver on 127.0.0.1 and waits until they are ready.
#
# Usage: start.sh              etcd + apiserver1
#        start.sh --second     etcd + apiserver1 + apiserver2 (a second apiserver on the same etcd)
#        start.sh NAME...      exactly these of etcd, apiserver1, apiserver2 (e.g. restart one)
# A component that is already running is left alone. A stopped apiserver comes back on the port it
# had; etcd, when it is not running, starts with an empty data directory.
#
# Env: RXKUBE_RUN_DIR, RXKUBE_CACHE, RXKUBE_ETCD_PORT, RXKUBE_APISERVER1_PORT,
# RXKUBE_APISERVER2_PORT (default: free ports), RXKUBE_READY_TIMEOUT (seconds, default 120),
# RXKUBE_APISERVER_ARGS / RXKUBE_ETCD_ARGS (extra flags, split on spaces).
# Stdout: KEY=value lines, the same as ${RXKUBE_RUN_DIR}/env.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
here="$(cd "$(dirname "$0")" && pwd)"

# Ready takes ~5 s on an idle 2-core machine; allow for a busy one.
READY_TIMEOUT="${RXKUBE_READY_TIMEOUT:-120}"

names=()
for arg in "$@"; do
  case "$arg" in
    --second) names+=(etcd apiserver1 apiserver2) ;;
    etcd | apiserver1 | apiserver2) names+=("$arg") ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) ka_die "unknown argument '$arg' (expected --second, etcd, apiserver1 or apiserver2)" ;;
  esac
done
((${#names[@]})) || names=(etcd apiserver1)

[[ -x "$KA_BIN" ]] || ka_die "kube-apiserver is not built: run build.sh first"
command -v etcd >/dev/null || ka_die "etcd is not installed: run install.sh first"

mkdir -p "$KA_RUN_DIR"
exec 8>"$KA_RUN_DIR/.lock"
flock 8

pki="$KA_RUN_DIR/pki"
bash "$here/pki.sh" "$pki"

# port NAME: the port NAME had before, else the configured one, else a free one.
port_of() {
  local name="$1" var="RXKUBE_${1^^}_PORT" p
  var="${var//-/_}"
  if [[ -s "$KA_RUN_DIR/$name.port" ]]; then
    p="$(cat "$KA_RUN_DIR/$name.port")"
  else
    p="${!var:-}"
    while [[ -z "$p" ]] || grep -qsx -- "$p" "$KA_RUN_DIR"/*.port; do
      # Free, and not one that another component here was given but has not bound yet.
      p="$(ka_free_port)"
    done
    printf '%s\n' "$p" >"$KA_RUN_DIR/$name.port"
  fi
  printf '%s\n' "$p"
}

# launch NAME LOG CMD...: runs CMD detached, its PID in NAME.pid, output in LOG.
launch() {
  local name="$1" log="$2"
  shift 2
  rm -f "$KA_RUN_DIR/$name.pid"
  # The child closes every inherited descriptor above 2 (our lock, a caller's pipes), so it
  # neither holds the lock nor keeps a caller's output open.
  # shellcheck disable=SC2016 # expanded by the child shell
  setsid bash -c '
    for fd in /proc/$$/fd/*; do fd="${fd##*/}"; ((fd > 2)) && eval "exec $fd>&-"; done
    echo $$ >"$0"
    exec "$@"' "$KA_RUN_DIR/$name.pid" "$@" </dev/null >>"$log" 2>&1 &
  ka_wait_for 5 test -s "$KA_RUN_DIR/$name.pid" || ka_die "$name did not start"
}

fail_with_log() {
  ka_log "last lines of $2:"
  tail -n 15 "$2" >&2 || true
  ka_die "$1"
}

start_etcd() {
  local port peer url
  if ka_pid_alive "$KA_RUN_DIR/etcd.pid"; then return 0; fi
  if ka_pid_alive "$KA_RUN_DIR/apiserver1.pid" || ka_pid_alive "$KA_RUN_DIR/apiserver2.pid"; then
    ka_die "an apiserver still runs on the old etcd: stop.sh first"
  fi
  # A fresh etcd: the old data and the old ports go.
  rm -rf "$KA_RUN_DIR/etcd" "$KA_RUN_DIR/etcd.port" "$KA_RUN_DIR/etcd-peer.port"
  port="$(port_of etcd)"
  peer="$(port_of etcd-peer)"
  url="http://$KA_HOST:$port"
  local log="$KA_RUN_DIR/etcd.log"
  : >"$log"
  # shellcheck disable=SC2086
  launch etcd "$log" etcd \
    --name rxkube \
    --data-dir "$KA_RUN_DIR/etcd" \
    --listen-client-urls "$url" --advertise-client-urls "$url" \
    --listen-peer-urls "http://$KA_HOST:$peer" --initial-advertise-peer-urls "http://$KA_HOST:$peer" \
    --initial-cluster "rxkube=http://$KA_HOST:$peer" \
    --initial-cluster-state new \
    --auto-compaction-retention 0 \
    --log-level warn \
    ${RXKUBE_ETCD_ARGS:-}
  etcd_ready() {
    ka_pid_alive "$KA_RUN_DIR/etcd.pid" || return "$KA_GIVE_UP"
    curl -fsS --max-time 2 "$url/health"
  }
  ka_wait_for "$READY_TIMEOUT" etcd_ready ||
    fail_with_log "etcd did not become healthy on $url" "$log"
}

start_apiserver() {
  local name="$1" port etcd_port log="$KA_RUN_DIR/$1.log"
  if ka_pid_alive "$KA_RUN_DIR/$name.pid"; then return 0; fi
  ka_pid_alive "$KA_RUN_DIR/etcd.pid" || ka_die "etcd is not running (start.sh etcd $name)"
  etcd_port="$(cat "$KA_RUN_DIR/etcd.port")"
  port="$(port_of "$name")"
  : >"$log"
  # shellcheck disable=SC2086
  launch "$name" "$log" "$KA_BIN" \
    --bind-address="$KA_HOST" --advertise-address="$KA_HOST" \
    --secure-port="$port" --insecure-port=0 \
    --tls-cert-file="$pki/apiserver.crt" --tls-private-key-file="$pki/apiserver.key" \
    --client-ca-file="$pki/ca.crt" \
    --token-auth-file="$pki/tokens.csv" \
    --authorization-mode=AlwaysAllow \
    --etcd-servers="http://$KA_HOST:$etcd_port" \
    --etcd-compaction-interval=0 \
    --watch-cache=true \
    --service-account-issuer=https://kubernetes.default.svc \
    --service-account-key-file="$pki/sa.pub" \
    --service-account-signing-key-file="$pki/sa.key" \
    --service-cluster-ip-range=10.0.0.0/24 \
    --disable-admission-plugins=ServiceAccount \
    --endpoint-reconciler-type=none \
    --profiling=false \
    --cert-dir="$KA_RUN_DIR/$name-certs" \
    --v=1 \
    ${RXKUBE_APISERVER_ARGS:-}
  local url="https://$KA_HOST:$port"
  ready() {
    ka_pid_alive "$KA_RUN_DIR/$name.pid" || return "$KA_GIVE_UP"
    [[ "$(curl -sS --max-time 2 --cacert "$pki/ca.crt" --cert "$pki/admin.crt" --key "$pki/admin.key" \
      "$url/readyz" 2>/dev/null)" == ok ]]
  }
  local t0=$SECONDS
  ka_wait_for "$READY_TIMEOUT" ready ||
    fail_with_log "$name did not become ready on $url" "$log"
  ka_log "$name ready on $url after $((SECONDS - t0)) s"
  local suffix="${name#apiserver}"
  bash "$here/pki.sh" "$pki" "$url" "$KA_RUN_DIR/kubeconfig${suffix#1}"
}

started_at=$SECONDS
for name in "${names[@]}"; do
  case "$name" in
    etcd) start_etcd ;;
    apiserver*) start_apiserver "$name" ;;
  esac
done

# --- the env file: paths and URLs only, never the token itself ------------------------------------
url_if_running() {
  if ka_pid_alive "$KA_RUN_DIR/$1.pid"; then printf 'https://%s:%s' "$KA_HOST" "$(cat "$KA_RUN_DIR/$1.port")"; fi
}
path_if() { if [[ -e "$1" ]]; then printf '%s' "$1"; fi; }
{
  echo "RXKUBE_RUN_DIR=$KA_RUN_DIR"
  echo "KUBECONFIG=$(path_if "$KA_RUN_DIR/kubeconfig")"
  echo "RXKUBE_KUBECONFIG=$(path_if "$KA_RUN_DIR/kubeconfig")"
  echo "RXKUBE_KUBECONFIG_CERT=$(path_if "$KA_RUN_DIR/kubeconfig-cert")"
  echo "RXKUBE_KUBECONFIG2=$(path_if "$KA_RUN_DIR/kubeconfig2")"
  echo "RXKUBE_KUBECONFIG2_CERT=$(path_if "$KA_RUN_DIR/kubeconfig2-cert")"
  echo "RXKUBE_SERVER=$(url_if_running apiserver1)"
  echo "RXKUBE_SERVER2=$(url_if_running apiserver2)"
  echo "RXKUBE_CA_FILE=$pki/ca.crt"
  echo "RXKUBE_TOKEN_FILE=$pki/admin.token"
  echo "RXKUBE_CLIENT_CERT_FILE=$pki/admin.crt"
  echo "RXKUBE_CLIENT_KEY_FILE=$pki/admin.key"
  if ka_pid_alive "$KA_RUN_DIR/etcd.pid"; then
    echo "RXKUBE_ETCD_ENDPOINT=http://$KA_HOST:$(cat "$KA_RUN_DIR/etcd.port")"
  else
    echo "RXKUBE_ETCD_ENDPOINT="
  fi
} >"$KA_RUN_DIR/env.tmp"
mv -f "$KA_RUN_DIR/env.tmp" "$KA_RUN_DIR/env"
ka_log "ready in $((SECONDS - started_at)) s"
cat "$KA_RUN_DIR/env"
