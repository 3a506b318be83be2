#!/usr/bin/env bash
# The running cluster's settings, as written by start.sh to ${RXKUBE_RUN_DIR}/env.
#
# Sourced (`source env.sh`): exports every KEY=value of the env file into the shell.
# Run (`bash env.sh`): prints the env file's KEY=value lines; exits 1 when nothing is running.
# Run with --path: prints only the env file's path.
# Env: RXKUBE_RUN_DIR, RXKUBE_CACHE.
# Keys: RXKUBE_RUN_DIR, KUBECONFIG and RXKUBE_KUBECONFIG (token user, CA as file path),
# RXKUBE_KUBECONFIG_CERT (client certificate as data), RXKUBE_KUBECONFIG2, RXKUBE_KUBECONFIG2_CERT
# (same for the second apiserver), RXKUBE_SERVER, RXKUBE_SERVER2 (https URLs; empty when that
# server is not running), RXKUBE_CA_FILE, RXKUBE_TOKEN_FILE, RXKUBE_CLIENT_CERT_FILE,
# RXKUBE_CLIENT_KEY_FILE, RXKUBE_ETCD_ENDPOINT. The file holds paths and URLs, never the token.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [[ "${BASH_SOURCE[0]}" != "$0" ]]; then
  if [[ -f "$KA_RUN_DIR/env" ]]; then
    while IFS='=' read -r key value; do
      [[ "$key" =~ ^[A-Z_][A-Z0-9_]*$ ]] && export "$key=$value"
    done <"$KA_RUN_DIR/env"
  else
    ka_log "no $KA_RUN_DIR/env: run start.sh first"
  fi
  return 0
fi

set -euo pipefail
if [[ "${1:-}" == --path ]]; then
  echo "$KA_RUN_DIR/env"
  exit 0
fi
[[ -f "$KA_RUN_DIR/env" ]] || ka_die "no $KA_RUN_DIR/env: run start.sh first"
cat "$KA_RUN_DIR/env"
