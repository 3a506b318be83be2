#!/usr/bin/env bash
# Creates the certificates, keys and token for a local kube-apiserver, and its kubeconfig files.
#
# Usage: pki.sh PKI_DIR                       create what is missing in PKI_DIR (idempotent)
#        pki.sh PKI_DIR SERVER_URL OUT_PREFIX also write OUT_PREFIX (token user, CA as a file path)
#                                             and OUT_PREFIX-cert (client certificate as data)
#
# PKI_DIR files: ca.crt ca.key, apiserver.crt apiserver.key (127.0.0.1, localhost),
# sa.key sa.pub (service-account signing pair), admin.crt admin.key (CN=admin, O=system:masters),
# admin.token (the bearer token alone), tokens.csv (--token-auth-file).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

[[ $# == 1 || $# == 3 ]] || ka_die "usage: pki.sh PKI_DIR [SERVER_URL OUT_PREFIX]"
pki="$1"
mkdir -p "$pki"
chmod 700 "$pki"
umask 077

# Valid long enough for any test run, short enough to never matter outside one.
DAYS=3650

ssl() { openssl "$@" 2>/dev/null; }

new_key() { [[ -s "$1" ]] || ssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$1"; }

# sign NAME SUBJECT EXTENSIONS: NAME.crt signed by the CA for NAME.key.
sign() {
  local name="$1" subject="$2" ext="$3"
  [[ -s "$pki/$name.crt" ]] && return 0
  new_key "$pki/$name.key"
  printf '%s\n' "$ext" >"$pki/$name.ext"
  ssl req -new -key "$pki/$name.key" -subj "$subject" -out "$pki/$name.csr"
  ssl x509 -req -in "$pki/$name.csr" -CA "$pki/ca.crt" -CAkey "$pki/ca.key" -CAcreateserial \
    -days "$DAYS" -sha256 -extfile "$pki/$name.ext" -out "$pki/$name.crt"
  rm -f "$pki/$name.csr" "$pki/$name.ext"
}

if [[ ! -s "$pki/ca.crt" ]]; then
  rm -f "$pki"/*.crt
  new_key "$pki/ca.key"
  ssl req -x509 -new -key "$pki/ca.key" -subj "/CN=rxkube-local-ca" -days "$DAYS" -sha256 \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -out "$pki/ca.crt"
fi
sign apiserver "/CN=kube-apiserver" "$(printf '%s\n' \
  'basicConstraints=critical,CA:FALSE' \
  'keyUsage=critical,digitalSignature,keyEncipherment' \
  'extendedKeyUsage=serverAuth' \
  'subjectAltName=IP:127.0.0.1,DNS:localhost,IP:10.0.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc')"
sign admin "/O=system:masters/CN=admin" "$(printf '%s\n' \
  'basicConstraints=critical,CA:FALSE' \
  'keyUsage=critical,digitalSignature,keyEncipherment' \
  'extendedKeyUsage=clientAuth')"
if [[ ! -s "$pki/sa.pub" ]]; then
  new_key "$pki/sa.key"
  ssl pkey -in "$pki/sa.key" -pubout -out "$pki/sa.pub"
fi
if [[ ! -s "$pki/admin.token" ]]; then
  openssl rand -hex 32 >"$pki/admin.token"
fi
# token,user,uid,"group1,group2"
printf '%s,admin,admin,"system:masters"\n' "$(cat "$pki/admin.token")" >"$pki/tokens.csv"
# Certificates are public; keys and tokens stay readable by the owner only.
chmod 644 "$pki"/*.crt "$pki/sa.pub"
chmod 600 "$pki"/*.key "$pki/admin.token" "$pki/tokens.csv"

[[ $# == 3 ]] || exit 0
server="$2"
out="$3"
b64() { base64 -w0 <"$1"; }
write_kubeconfig() {
  local file="$1" user_block="$2"
  cat >"$file.tmp" <<KUBECONFIG
apiVersion: v1
kind: Config
clusters:
- name: rxkube-local
  cluster:
    server: $server
    certificate-authority: $pki/ca.crt
users:
- name: admin
  user:
$user_block
contexts:
- name: rxkube-local
  context:
    cluster: rxkube-local
    user: admin
    namespace: default
current-context: rxkube-local
preferences: {}
KUBECONFIG
  chmod 600 "$file.tmp"
  mv -f "$file.tmp" "$file"
}
write_kubeconfig "$out" "    token: $(cat "$pki/admin.token")"
write_kubeconfig "$out-cert" "$(printf '    client-certificate-data: %s\n    client-key-data: %s' \
  "$(b64 "$pki/admin.crt")" "$(b64 "$pki/admin.key")")"
