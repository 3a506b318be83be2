#!/usr/bin/env bash
# Fetches the kubectl that rxkube's printing goldens compare with: Debian trixie's kubectl
# 1.32.3 (the package behind trixie's `kubernetes-client`), pinned by version and SHA-256.
# The system's apt configuration is never read or changed: the download goes through a sources
# list, package lists and cache of its own under the cache directory, so no root is needed.
# Prints KUBECTL=<path> on stdout; progress goes to stderr. Instant once fetched.
#
#   bash scripts/kubectl/fetch.sh            # KUBECTL=~/.cache/rxkube/kubectl/1.32.3+ds-2/kubectl
set -euo pipefail

VERSION=1.32.3+ds-2
SHA256=9825aaf4c14913027aae04af8688e580459f781c829bd5de00cc4dc2cc5a867f
SUITE=trixie
MIRROR="${RXKUBE_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
ARCH="$(dpkg --print-architecture 2>/dev/null || echo amd64)"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { printf 'fetch.sh: error: %s\n' "$*" >&2; exit 1; }

cache="$(realpath -m -- "${RXKUBE_CACHE:-${HOME:-/root}/.cache/rxkube}/kubectl")"
dir="$cache/$VERSION"
bin="$dir/kubectl"
if [[ -x "$bin" ]]; then
  printf 'KUBECTL=%s\n' "$bin"
  exit 0
fi
mkdir -p "$cache"
# Concurrent fetches wait for each other; the one that comes second finds the binary.
exec 9>"$cache/fetch.lock"
flock 9
if [[ -x "$bin" ]]; then
  printf 'KUBECTL=%s\n' "$bin"
  exit 0
fi
[[ "$ARCH" == amd64 ]] || die "the pinned SHA-256 is amd64's; this machine is $ARCH"
command -v apt-get >/dev/null || die "apt-get is needed (Debian or Ubuntu)"
command -v dpkg-deb >/dev/null || die "dpkg-deb is needed"

apt_dir="$cache/apt"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$dir"
printf '%s\n' \
  'Types: deb' \
  "URIs: $MIRROR" \
  "Suites: $SUITE" \
  'Components: main' \
  'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' >"$apt_dir/$SUITE.sources"
apt_options=(
  -o "Dir::Etc::SourceList=$apt_dir/$SUITE.sources"
  -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$apt_dir/lists"
  -o "Dir::Cache=$apt_dir"
  -o "Dir::Cache::archives=$apt_dir/archives"
  -o Dir::State::status=/dev/null
  -o "APT::Architecture=$ARCH"
  -o APT::Sandbox::User=root
  -q
)
[[ "$(id -u)" == 0 ]] || apt_options+=(-o Debug::NoLocking=1)

log "reading Debian $SUITE's package list"
apt-get "${apt_options[@]}" update >/dev/null 2>"$apt_dir/update.log" ||
  die "apt-get update of $SUITE failed: $(tail -n 1 "$apt_dir/update.log")"
log "downloading kubectl $VERSION"
(cd "$dir" && apt-get "${apt_options[@]}" download "kubectl=$VERSION" >/dev/null 2>"$apt_dir/download.log") ||
  die "kubectl $VERSION cannot be had from $SUITE: $(tail -n 1 "$apt_dir/download.log")"
deb="$dir/kubectl_${VERSION//:/%3a}_$ARCH.deb"
[[ -f "$deb" ]] || die "apt-get download left no $deb"
got="$(sha256sum "$deb" | cut -d' ' -f1)"
[[ "$got" == "$SHA256" ]] || die "$deb has SHA-256 $got, not the pinned $SHA256"
unpacked="$(mktemp -d "$dir/unpack.XXXXXX")"
dpkg-deb -x "$deb" "$unpacked"
mv "$unpacked/usr/bin/kubectl" "$bin.tmp"
rm -rf "$unpacked" "$deb"
mv "$bin.tmp" "$bin"
version="$("$bin" version --client 2>/dev/null || true)"
[[ "$version" == *'Client Version: v1.32.3'* ]] || { rm -f "$bin"; die "$bin is not kubectl v1.32.3"; }
log "ok"
printf 'KUBECTL=%s\n' "$bin"
