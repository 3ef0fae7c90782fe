#!/usr/bin/env bash
# Runs every bench/*.bench.ts in turn with tsx; builds the app first when build/ is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/index.js ]; then
  echo "build/index.js missing: building first"
  npx remix build
fi
status=0
for bench in bench/*.bench.ts; do
  [ -e "$bench" ] || continue
  echo "=== $bench"
  npx tsx "$bench" || status=1
done
exit $status
