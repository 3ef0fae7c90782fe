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
npm run -s typecheck
npm run -s lint
npx vitest run
npm run -s build
npx playwright test
