#!/usr/bin/env bash
# Installs the Debian packages needed to build and run kube-apiserver and etcd on 127.0.0.1.
# Idempotent and quiet; needs root (or sudo) and Debian bookworm's apt archive.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

PACKAGES=(
  golang-1.19-go                      # the compiler the vendored 1.20 tree builds with
  golang-github-modern-go-reflect2-dev # reflect2 1.0.2 replaces the vendored 1.0.1 (crashes on Go >= 1.18)
  etcd-server                          # etcd 3.4
  etcd-client                          # etcdctl, for compaction
  dpkg-dev                             # apt-get source unpacks with dpkg-source
  openssl curl ca-certificates rsync
)

SUDO=()
if [[ "$(id -u)" != 0 ]]; then
  command -v sudo >/dev/null || ka_die "run as root (or install sudo)"
  SUDO=(sudo)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

# apt-get source needs a deb-src entry for bookworm (apt reads only *.list and *.sources there).
has_deb_src() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" ]] || continue
    if grep -qE '^(Types:.*deb-src|deb-src )' "$f" && grep -qE '^[^#]*bookworm' "$f"; then return 0; fi
  done
  return 1
}
need_update=0
if ! has_deb_src; then
  ka_log "adding a deb-src entry for bookworm"
  printf '%s\n' \
    'Types: deb-src' \
    'URIs: http://deb.debian.org/debian' \
    'Suites: bookworm' \
    'Components: main' \
    'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' |
    "${SUDO[@]}" tee /etc/apt/sources.list.d/rxkube-bookworm-src.sources >/dev/null
  need_update=1
fi
# A source index is needed by build.sh even when every binary package is present.
if ((need_update)) || ((${#missing[@]})) || ! compgen -G '/var/lib/apt/lists/*_Sources*' >/dev/null; then
  ka_log "apt-get update"
  "${SUDO[@]}" apt-get update -qq >/dev/null
fi
if ((${#missing[@]})); then
  ka_log "installing ${missing[*]}"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi
# Debian's etcd-server package may start a system etcd on 2379; these scripts run their own.
if command -v systemctl >/dev/null && systemctl is-active --quiet etcd 2>/dev/null; then
  "${SUDO[@]}" systemctl stop etcd >/dev/null 2>&1 || true
fi
[[ -x "$KA_GOROOT/bin/go" ]] || ka_die "Go toolchain not found at $KA_GOROOT"
command -v etcd >/dev/null || ka_die "etcd not installed"
ka_log "ok"
