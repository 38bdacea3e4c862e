#!/usr/bin/env bash
# The step of the GitHub Action (action.yml). Installs the checker in the action's folder when it is not
# built yet (npm ci, whose `prepare` script builds dist/), runs `cloud-manifests check --format sarif` in
# the repository root on the inputs, prints the text report to the log and sets the step's outputs
# (sarif-file, errors, warnings). Exit code: the checker's (0 clean, 1 errors or too many warnings) unless
# fail-on-error is false; 2 when the checker could not run (usage, settings errors, no Node 20) or could not
# read some files (the report of the others is written), whatever fail-on-error says.
#
# Inputs come as INPUT_PATHS, INPUT_SARIF_FILE, INPUT_CONFIG, INPUT_MAX_WARNINGS, INPUT_FAIL_ON_ERROR,
# INPUT_SHARD and INPUT_SHARDS (--shard), INPUT_CATEGORY (--category), INPUT_BASELINE (--baseline),
# INPUT_CHANGED (--changed: a ref, or true for the merge base), INPUT_CACHE (--cache: a folder);
# GITHUB_ACTION_PATH, GITHUB_WORKSPACE and GITHUB_OUTPUT as GitHub sets them (each has a local default).
set -euo pipefail
set -f # globs in INPUT_PATHS are the checker's to expand, not the shell's

ACTION_DIR="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}"
WORKSPACE="${GITHUB_WORKSPACE:-$PWD}"
OUTPUT="${GITHUB_OUTPUT:-/dev/null}"
CLI="$ACTION_DIR/dist/cli.js"

# A workflow command's data with GitHub's escapes (`%`, CR, LF), so a message cannot end the command early.
escape_data() {
  local s="$1"
  s="${s//%/%25}"
  s="${s//$'\r'/%0D}"
  s="${s//$'\n'/%0A}"
  printf '%s' "$s"
}

# Writes one output. The value goes between heredoc delimiters that are random (so no value can hold them)
# and is refused if it holds a line break: no input or file name can add an output of its own.
set_output() {
  local name="$1" value="$2" delimiter
  case "$value" in *$'\n'* | *$'\r'*) value="" ;; esac
  delimiter="cloud_manifests_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
  printf '%s<<%s\n%s\n%s\n' "$name" "$delimiter" "$value" "$delimiter" >> "$OUTPUT"
}

fail() {
  echo "::error title=cloud-manifests::$(escape_data "$*")"
  set_output sarif-file ""
  exit 2
}

major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
[ "$major" -ge 20 ] || fail "Node.js 20 or later is needed on the runner (found: ${major}); add actions/setup-node before this step."

if [ ! -f "$CLI" ]; then
  echo "Installing the checker in $ACTION_DIR (npm ci)"
  (cd "$ACTION_DIR" && npm ci --no-audit --no-fund --loglevel=error) || fail "npm ci in $ACTION_DIR failed"
  [ -f "$CLI" ] || fail "npm ci did not build $CLI"
fi

cd "$WORKSPACE"
read -r -a paths <<< "$(printf '%s' "${INPUT_PATHS:-.}" | tr '\n' ' ')"
[ ${#paths[@]} -gt 0 ] || paths=(.)
args=()
[ -z "${INPUT_CONFIG:-}" ] || args+=(--config "$INPUT_CONFIG")
[ -z "${INPUT_MAX_WARNINGS:-}" ] || args+=(--max-warnings "$INPUT_MAX_WARNINGS")
[ -z "${INPUT_BASELINE:-}" ] || args+=(--baseline "$INPUT_BASELINE")
# The one-word forms: a word after --changed or --cache would be a path. The checker refuses a ref that is not one.
case "${INPUT_CHANGED:-}" in
  '' | false) ;;
  true) args+=(--changed) ;;
  *) args+=("--changed=$INPUT_CHANGED") ;;
esac
case "${INPUT_CACHE:-}" in
  '' | false) ;;
  true) args+=(--cache) ;;
  *) args+=("--cache=$INPUT_CACHE") ;;
esac
category="${INPUT_CATEGORY:-}"
if [ -n "${INPUT_SHARD:-}" ] || [ -n "${INPUT_SHARDS:-}" ]; then
  { [ -n "${INPUT_SHARD:-}" ] && [ -n "${INPUT_SHARDS:-}" ]; } || fail "the inputs shard and shards go together (e.g. shard: \${{ matrix.shard }} and shards: 4)"
  args+=(--shard "$INPUT_SHARD/$INPUT_SHARDS")
  # One category per shard, or each shard's upload would replace the one before.
  [ -n "$category" ] || category="cloud-manifests/shard-$INPUT_SHARD-of-$INPUT_SHARDS"
fi
sarif_args=()
[ -z "$category" ] || sarif_args+=(--category "$category")
sarif="${INPUT_SARIF_FILE:-cloud-manifests.sarif}"
mkdir -p "$(dirname "$sarif")"

set +e
node "$CLI" check "${args[@]}" "${sarif_args[@]}" --format sarif -- "${paths[@]}" > "$sarif"
code=$?
set -e
# Exit 2 with a report: some files could not be read (or fixes not written); the others are in the SARIF.
if [ "$code" -ne 0 ] && [ "$code" -ne 1 ] && { [ "$code" -ne 2 ] || [ ! -s "$sarif" ]; }; then
  rm -f "$sarif" # the checker said why on stderr; an empty SARIF file would only fail the upload
  fail "cloud-manifests check could not run (exit $code); see the message above."
fi

# The readable report for the log (the same check; the SARIF above is what code scanning shows). The CLI
# writes file names on one line with control characters escaped, and GitHub is told to run no workflow
# command until the report ends: a file named `::error ::x.yaml` is printed, never obeyed.
stop_token="cloud_manifests_$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
echo "::stop-commands::$stop_token"
node "$CLI" check "${args[@]}" --no-color -- "${paths[@]}" || true
echo "::$stop_token::"

counts="$(node -e '
  const results = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).runs[0].results;
  const n = (level) => results.filter((r) => r.level === level).length;
  console.log(`${n("error")} ${n("warning")}`);
' "$sarif")"
set_output sarif-file "$sarif"
set_output errors "${counts% *}"
set_output warnings "${counts#* }"

if [ "$code" -eq 2 ]; then
  echo "::error title=cloud-manifests::$(escape_data "some files could not be checked; see the messages above.")"
  exit 2
fi
if [ "$code" -ne 0 ] && [ "${INPUT_FAIL_ON_ERROR:-true}" != "false" ]; then exit "$code"; fi
exit 0
