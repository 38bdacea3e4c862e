#!/usr/bin/env bash
# Installs what the real-workbench test (test/code-server/) needs, outside the repository:
#   - Debian packages: chromium (the browser that drives the workbench) and what code-server's native
#     modules build against (kerberos builds from source), plus ripgrep;
#   - code-server 4.100.3 (VS Code 1.100.3, the last release whose engines accept Node 20) from npm, into
#     ${CLOUD_MANIFESTS_CACHE:-~/.cache/cloud-manifests}/code-server, reused on later runs.
# How and why: docs/developing.md ("A real VS Code"). Needs root for apt-get (CI and these machines run as root).
set -euo pipefail

CACHE="${CLOUD_MANIFESTS_CACHE:-$HOME/.cache/cloud-manifests}"
DIR="$CACHE/code-server"
VERSION="${CODE_SERVER_VERSION:-4.100.3}"
# @vscode/ripgrep as pinned by code-server 4.100.3: the cache folder and archive its postinstall looks for.
RG_CACHE_NAME="vscode-ripgrep-cache-1.15.11"
RG_ARCHIVE="ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"

log() { echo "[code-server install] $*"; }

# --- Debian packages --------------------------------------------------------------------------------
PKGS=(chromium libkrb5-dev libxkbfile-dev libsecret-1-dev pkg-config libx11-dev ripgrep python3 make g++)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  log "Debian packages present"
fi

# --- code-server ------------------------------------------------------------------------------------
BIN="$DIR/node_modules/code-server/out/node/entry.js"
installed=""
[ -f "$DIR/node_modules/code-server/package.json" ] && installed="$(node -p "require('$DIR/node_modules/code-server/package.json').version" 2>/dev/null || true)"
if [ "$installed" = "$VERSION" ] && [ -f "$BIN" ] && [ -f "$DIR/.complete" ]; then
  log "code-server $VERSION already in $DIR"
  exit 0
fi

log "installing code-server $VERSION into $DIR (about a minute)"
rm -rf "$DIR"
mkdir -p "$DIR/tmp"
start=$(date +%s)
# Seed @vscode/ripgrep's download cache with Debian's rg: its postinstall would fetch it from GitHub.
mkdir -p "$DIR/tmp/$RG_CACHE_NAME"
tar czf "$DIR/tmp/$RG_CACHE_NAME/$RG_ARCHIVE" -C "$(dirname "$(command -v rg)")" rg
echo '{"name":"cloud-manifests-code-server","private":true}' > "$DIR/package.json"
(
  cd "$DIR"
  export TMPDIR="$DIR/tmp"
  export npm_config_unsafe_perm=true npm_config_yes=true
  # code-server's own postinstall (and node-pty's, argon2's, kerberos's) must run.
  npm install --no-audit --no-fund --no-package-lock "code-server@$VERSION" > "$DIR/install.log" 2>&1 \
    || { tail -40 "$DIR/install.log"; exit 1; }
)
[ -f "$BIN" ] || { tail -40 "$DIR/install.log"; log "code-server entry point missing: $BIN"; exit 1; }
touch "$DIR/.complete"
log "code-server $VERSION installed in $(( $(date +%s) - start )) s"
