#!/usr/bin/env bash
# Builds kube-apiserver once from Debian's `kubernetes` source package into the cache directory.
# Skips the build when the binary for the same source version is already there.
#
# Env: RXKUBE_CACHE (cache root, default ~/.cache/rxkube), RXKUBE_KUBERNETES_SOURCE_VERSION
# (a Debian source version; default: the newest one apt knows), RXKUBE_GOROOT (default
# /usr/lib/go-1.19), RXKUBE_BUILD_GOGC (the compiler's GOGC, default 400).
# Prints KUBE_APISERVER_BIN=<path> on stdout when done.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# The vendored reflect2 1.0.1 crashes at run time on Go >= 1.18; Debian ships 1.0.2.
REFLECT2_SRC=/usr/share/gocode/src/github.com/modern-go/reflect2
GO_IMPORT_PATH=k8s.io/kubernetes
# Bump when the steps below change what gets built.
RECIPE=2

mkdir -p "$KA_CACHE/bin"
exec 9>"$KA_CACHE/build.lock"
flock 9

# --- which source version --------------------------------------------------------------------
version="${RXKUBE_KUBERNETES_SOURCE_VERSION:-}"
if [[ -z "$version" ]]; then
  while read -r v; do
    if [[ -z "$version" ]] || dpkg --compare-versions "$v" gt "$version"; then version="$v"; fi
  done < <(apt-cache showsrc kubernetes 2>/dev/null | sed -n 's/^Version: //p')
fi
if [[ -z "$version" ]]; then
  ka_die "Debian source package 'kubernetes' is not available (needs a deb-src entry for bookworm and apt-get update: run install.sh first)"
fi

# The stamp names the source version and this script's recipe: a change to either rebuilds.
stamp="$version recipe-$RECIPE"
if [[ -x "$KA_BIN" && -f "$KA_BIN_STAMP" && "$(cat "$KA_BIN_STAMP")" == "$stamp" ]]; then
  ka_log "kube-apiserver from kubernetes $version is already built"
  echo "KUBE_APISERVER_BIN=$KA_BIN"
  exit 0
fi

[[ -x "$KA_GOROOT/bin/go" ]] || ka_die "Go not found at $KA_GOROOT (run install.sh first)"
[[ -f "$REFLECT2_SRC/reflect2.go" ]] || ka_die "$REFLECT2_SRC missing (run install.sh first)"
command -v dpkg-source >/dev/null || ka_die "dpkg-source missing (run install.sh first)"

started=$SECONDS
# --- fetch and unpack the source (fresh every build, so an interrupted build leaves no half-fixed tree)
src_root="$KA_CACHE/src"
rm -rf "$src_root"
mkdir -p "$src_root"
ka_log "fetching Debian source kubernetes=$version"
if ! (cd "$src_root" && apt-get source -qq "kubernetes=$version" >"$src_root/apt-get-source.log" 2>&1); then
  ka_die "Debian source package kubernetes=$version could not be had: $(grep -m1 '^E:' "$src_root/apt-get-source.log" || echo 'apt-get source failed')"
fi
src_dir="$(find "$src_root" -mindepth 1 -maxdepth 1 -type d -name 'kubernetes-*' | head -n 1)"
[[ -n "$src_dir" && -d "$src_dir/vendor" ]] ||
  ka_die "Debian source kubernetes=$version has no vendor/ directory; it cannot be built offline"
rm -f "$src_root"/*.tar.* "$src_root"/*.dsc

# --- GOPATH layout -------------------------------------------------------------------------------
export GOPATH="$KA_CACHE/gopath"
export GOCACHE="$KA_CACHE/gocache"
export GO111MODULE=off
export GOFLAGS=
export CGO_ENABLED=0
# A lazier collector in the compiler: measured ~16 % less CPU for a cold build, ~0.1 GB more memory.
export GOGC="${RXKUBE_BUILD_GOGC:-400}"
export GOROOT="$KA_GOROOT"
export PATH="$KA_GOROOT/bin:$PATH"
mkdir -p "$GOPATH/src/k8s.io"
ln -sfn "$src_dir" "$GOPATH/src/$GO_IMPORT_PATH"
pkg_dir="$GOPATH/src/$GO_IMPORT_PATH"

# --- fix 1: reflect2 1.0.2 in place of the vendored 1.0.1 --------------------------------------
rm -rf "$src_dir/vendor/github.com/modern-go/reflect2"
mkdir -p "$src_dir/vendor/github.com/modern-go/reflect2"
cp -a "$REFLECT2_SRC/." "$src_dir/vendor/github.com/modern-go/reflect2/"

# --- fix 2: pkg/generated/openapi/zz_generated.openapi.go --------------------------------------
openapi_out="pkg/generated/openapi/zz_generated.openapi.go"
openapi_cache="$KA_CACHE/generated/$version/zz_generated.openapi.go"
if [[ -s "$openapi_cache" ]]; then
  cp "$openapi_cache" "$src_dir/$openapi_out"
else
  ka_log "generating $openapi_out"
  (cd "$pkg_dir" && go build -o "$KA_CACHE/bin/openapi-gen" ./vendor/k8s.io/kube-openapi/cmd/openapi-gen)
  # Every package (staging as its vendor/ path) with a +k8s:openapi-gen tag, as the upstream
  # Makefile collects them, less code-generator and sample-apiserver.
  input_dirs="$(
    cd "$src_dir" &&
      find -H . \( -path './_*' -o -path './.*' -o -path ./vendor -o -path ./debian \) -prune -o \
        -type f -name '*.go' -print |
      sed -e 's|/[^/]*$||' -e 's|^\./||' -e 's|^staging/src/|vendor/|' | LC_ALL=C sort -u |
      while read -r d; do
        real="${d/#vendor\//staging/src/}"
        if grep -l '^// *+k8s:' "$real"/*.go 2>/dev/null | xargs -r grep -l '+k8s:openapi-gen=' >/dev/null 2>&1; then
          printf '%s\n' "$d"
        fi
      done | grep -v -E '^vendor/k8s.io/(code-generator|sample-apiserver)/' |
      sed "s|^|$GO_IMPORT_PATH/|" | paste -sd, -
  )"
  [[ -n "$input_dirs" ]] || ka_die "found no +k8s:openapi-gen packages in the source"
  (cd "$pkg_dir" && "$KA_CACHE/bin/openapi-gen" \
    --logtostderr -v 0 \
    -i "$input_dirs" \
    -p "$GO_IMPORT_PATH/pkg/generated/openapi" \
    -O zz_generated.openapi \
    -h hack/boilerplate/boilerplate.generatego.txt \
    -r "$src_root/openapi-violations.report" >"$src_root/openapi-gen.log" 2>&1) || {
    tail -n 20 "$src_root/openapi-gen.log" >&2
    ka_die "openapi-gen failed"
  }
  [[ -s "$src_dir/$openapi_out" ]] || ka_die "openapi-gen wrote no $openapi_out"
  mkdir -p "$(dirname "$openapi_cache")"
  cp "$src_dir/$openapi_out" "$openapi_cache"
fi

# --- build ---------------------------------------------------------------------------------------
upstream="${version#*really}"
upstream="${upstream%%-*}"
upstream="${upstream%%+*}"
major="${upstream%%.*}"
minor="${upstream#*.}"
minor="${minor%%.*}"
# --version reads component-base's copy, GET /version client-go's: stamp both.
ldflags="-s -w"
for vpkg in component-base/version client-go/pkg/version; do
  vpkg="$GO_IMPORT_PATH/vendor/k8s.io/$vpkg"
  ldflags+=" -X $vpkg.gitVersion=v$upstream -X $vpkg.gitMajor=$major -X $vpkg.gitMinor=$minor"
  ldflags+=" -X $vpkg.gitTreeState=archive -X $vpkg.buildDate=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
done
ka_log "compiling cmd/kube-apiserver (v$upstream)"
(cd "$pkg_dir" && go build -o "$KA_BIN.tmp" -ldflags "$ldflags" ./cmd/kube-apiserver) ||
  ka_die "go build of cmd/kube-apiserver failed"
mv -f "$KA_BIN.tmp" "$KA_BIN"
printf '%s\n' "$stamp" >"$KA_BIN_STAMP"
# The unpacked tree is only needed while building; the Go cache keeps rebuilds fast.
rm -rf "$src_root" "$GOPATH/src/$GO_IMPORT_PATH"
ka_log "built $("$KA_BIN" --version 2>/dev/null) in $((SECONDS - started)) s"
echo "KUBE_APISERVER_BIN=$KA_BIN"
