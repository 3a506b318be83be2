#!/usr/bin/env bash
# Compacts the etcd started by start.sh, so continue tokens and resource versions from before the
# compacted revision expire (LIST with such a token answers 410 Expired).
#
# Usage: compact.sh            compact at etcd's current revision
#        compact.sh REVISION   compact at REVISION
# Env: RXKUBE_RUN_DIR, RXKUBE_CACHE. Stdout: COMPACTED_REVISION=<n>.
# Note: kube-apiserver stores the same number as resourceVersion, so a LIST's
# metadata.resourceVersion can be passed as REVISION.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

[[ $# -le 1 ]] || ka_die "usage: compact.sh [REVISION]"
ka_pid_alive "$KA_RUN_DIR/etcd.pid" || ka_die "etcd is not running (start.sh first)"
command -v etcdctl >/dev/null || ka_die "etcdctl is not installed: run install.sh first"
endpoint="http://$KA_HOST:$(cat "$KA_RUN_DIR/etcd.port")"
export ETCDCTL_API=3

rev="${1:-}"
if [[ -z "$rev" ]]; then
  rev="$(etcdctl --endpoints="$endpoint" endpoint status -w json |
    grep -o '"revision":[0-9]*' | head -n 1 | cut -d: -f2)"
fi
[[ "$rev" =~ ^[0-9]+$ ]] || ka_die "not a revision: '$rev'"
etcdctl --endpoints="$endpoint" compact "$rev" --physical >/dev/null
echo "COMPACTED_REVISION=$rev"
