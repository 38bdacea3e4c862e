#!/usr/bin/env bash
# Installs the Debian packages the real-editor tests (test/editors/) need: Neovim 0.7 (built-in LSP
# client), Emacs with Eglot and yaml-mode, pre-commit 3 and git. Idempotent; needs root or sudo for
# apt-get (CI and these machines run as root). Helix is not in Debian 12 and is not installed.
set -euo pipefail

PKGS=(neovim emacs-nox elpa-eglot elpa-yaml-mode pre-commit git)
log() { echo "[editors install] $*"; }

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  log "Debian packages present: ${PKGS[*]}"
  exit 0
fi
log "apt-get install ${missing[*]}"
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
log "installed ${missing[*]}"
