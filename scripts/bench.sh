#!/usr/bin/env bash
# Runs every bench/*.bench.ts in turn with tsx; builds the app (and the server entry) first when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/index.js ] || [ ! -f build/server.js ]; then
  echo "build/index.js or build/server.js missing: building first"
  npm run build
fi
status=0
for bench in bench/*.bench.ts; do
  [ -e "$bench" ] || continue
  echo "=== $bench"
  npx tsx "$bench" || status=1
done
exit $status
