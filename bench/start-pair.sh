#!/usr/bin/env bash
# Start-up before and after (issue 27, item 7), alternated so that both trees meet the same load:
# a copy of BASE (a commit, default main) is made in a temporary folder with its renderer built,
# then `npm run bench -- ui --only first-results` runs PAIRS times in each tree, alternating
# which goes first, with the load average before each run; then bench/start-main-trace.ts runs
# the two trees side by side (main's steps and the page's, RUNS starts each).
# Usage: bash bench/start-pair.sh [BASE] [PAIRS] [RUNS]   (defaults: main 3 7)
# Needs this tree's renderer built (npx electron-vite build); the base's is built here.
set -euo pipefail

BASE=${1:-main}
PAIRS=${2:-3}
RUNS=${3:-7}
HERE=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/invoice-desk-start-pair-XXXXXX")
trap 'rm -rf "$WORK"' EXIT

cd "$HERE"
export PATH="$HERE/node_modules/.bin:$PATH" # Node 24, as npm scripts run it
if [ ! -f out/renderer/index.html ]; then
  echo "out/renderer is missing: run npx electron-vite build first" >&2
  exit 2
fi
git archive "$BASE" | tar -x -C "$WORK"
ln -s "$(realpath node_modules)" "$WORK/node_modules"
echo "# base: $BASE ($(git rev-parse --short "$BASE")) in $WORK; after: $HERE ($(git rev-parse --short HEAD), $(git status --porcelain | grep -c . || true) files changed)"
(cd "$WORK" && npx electron-vite build --logLevel warn >/dev/null 2>&1)

run_ui() { # $1: label, $2: tree
  echo
  echo "## $1 ($(date -u +%H:%M:%S), load average $(cut -d' ' -f1-3 /proc/loadavg))"
  (cd "$2" && node bench/ui-bench.ts --only first-results)
}

for pair in $(seq 1 "$PAIRS"); do
  if [ $((pair % 2)) -eq 1 ]; then
    run_ui "before, pair $pair" "$WORK"
    run_ui "after, pair $pair" "$HERE"
  else
    run_ui "after, pair $pair" "$HERE"
    run_ui "before, pair $pair" "$WORK"
  fi
done

echo
echo "## main's steps and the page's, both trees alternated ($(date -u +%H:%M:%S), load average $(cut -d' ' -f1-3 /proc/loadavg))"
node bench/start-main-trace.ts "$RUNS" "$WORK"
