#!/usr/bin/env bash
# Every check, in the order CI runs them. Uses DATABASE_URL when set, the embedded PGlite otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium_path="${PLAYWRIGHT_CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Browser tests need Chromium at $chromium_path: run 'sudo apt-get install -y chromium' or set PLAYWRIGHT_CHROMIUM_PATH." >&2
    exit 1
  fi
fi
if [ -n "${DATABASE_URL:-}" ]; then echo "== database: PostgreSQL"; else echo "== database: embedded PGlite"; fi

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
# Every /api/* answer the tests below produce is recorded here, then validated against the OpenAPI document.
export API_CONTRACT_DIR="$PWD/tests/.tmp/api-contract"
rm -rf "$API_CONTRACT_DIR"
echo "== typecheck"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== OpenAPI lint (redocly, rules in redocly.yaml)"
npm run -s openapi:lint >"$logs/openapi.log" 2>&1 || { cat "$logs/openapi.log"; exit 1; }
grep -v '[║╔╚]' "$logs/openapi.log" | grep -v '^[[:space:]]*$' || true
# The build comes first: integration tests start the built production server entry.
echo "== build"; npm run -s build
echo "== unit and integration tests"; npx vitest run 2>&1 | tee "$logs/vitest.log"
echo "== browser tests"; npx playwright test 2>&1 | tee "$logs/e2e.log"
echo "== API contract: recorded answers against the served OpenAPI document"; npm run -s api:contract

# One plain summary line for both runners (each already failed the script above if anything failed).
strip() { sed -r 's/\x1B\[[0-9;]*[mK]//g' "$1"; }
unit=$(strip "$logs/vitest.log" | sed -nE 's/^ *Tests +([0-9]+) passed.*/\1/p' | tail -1)
e2e=$(strip "$logs/e2e.log" | sed -nE 's/^ *([0-9]+) passed.*/\1/p' | tail -1)
echo "unit+integration ${unit:-0}, browser ${e2e:-0}"
echo "$(( ${unit:-0} + ${e2e:-0} )) passed, 0 failed"
