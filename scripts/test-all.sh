#!/usr/bin/env bash
# Every check, in the order CI runs them. The checks that do not depend on the database (type check, lint, the OpenAPI
# lint, the build, the unit tests) run once; the database and server tests run on the embedded PGlite and, when
# DATABASE_URL is set, a second time on that PostgreSQL server (except the server's hostile-client sweeps, below,
# which then run on PostgreSQL only); the browser journeys run once, on PostgreSQL when DATABASE_URL is set, else on
# PGlite.
# Ends with a table of each phase's seconds (unless TEST_PHASES_FILE names a file the caller prints) and one line
# "N passed, N failed".
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
postgres_url="${DATABASE_URL:-}"
if [ -n "$postgres_url" ]; then echo "== databases: embedded PGlite, then PostgreSQL"; else echo "== database: embedded PGlite (set DATABASE_URL to run on PostgreSQL too)"; fi

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
phases="${TEST_PHASES_FILE:-$logs/phases}"
# Every /api/* answer the tests below produce, on either database, is recorded here, then validated against the
# OpenAPI document.
export API_CONTRACT_DIR="$PWD/tests/.tmp/api-contract"
rm -rf "$API_CONTRACT_DIR"

passed=0
failed=0

print_phases() {
  [ -n "${TEST_PHASES_FILE:-}" ] && return
  echo
  awk -F '\t' 'BEGIN { printf "%-48s %8s\n", "phase", "seconds" } { printf "%-48s %8d\n", $1, $2; total += $2 } END { printf "%-48s %8d\n", "total", total }' "$phases"
}

# timed NAME COMMAND...: announces and runs one step, leaving its exit status in $status and its duration in
# $seconds (the callers below record them each in their own way).
timed() {
  local name="$1" start
  shift
  echo "== $name"
  start=$(date +%s)
  status=0
  "$@" || status=$?
  seconds=$(($(date +%s) - start))
}

# phase NAME COMMAND...: runs and times one step; a failed check ends the run, as every later step depends on it.
phase() {
  local name="$1"
  timed "$@"
  printf '%s\t%s\n' "$name" "$seconds" >>"$phases"
  if [ "$status" != 0 ]; then
    print_phases
    echo "$name failed"
    echo "$passed passed, $((failed + 1)) failed"
    exit 1
  fi
}

# test_phase NAME RUNNER REPORT COMMAND...: runs one test run to the end, failed or not, and adds up its counts from
# the runner's JSON report; the run goes on with the other test phases so the summary counts all of them.
test_phase() {
  local name="$1" runner="$2" report="$3" counts
  shift 3
  rm -f "$report"
  timed "$name" "$@"
  printf '%s\t%s\n' "$name" "$seconds" >>"$phases"
  counts=$(node -e '
const fs = require("node:fs");
const [runner, file] = process.argv.slice(1);
if (!fs.existsSync(file)) { console.log("0 1"); process.exit(0); }
const r = JSON.parse(fs.readFileSync(file, "utf8"));
// vitest: numPassedTests/numFailedTests (plus files that failed before running a test); playwright: stats.expected
// (passed), unexpected (failed), flaky (failed, then passed on the retry that records its trace: a fault, counted as
// failed) and errors outside tests
if (runner === "vitest") console.log(r.numPassedTests, r.numFailedTests + r.testResults.filter((f) => f.status === "failed" && !f.assertionResults.length).length);
else console.log(r.stats.expected, r.stats.unexpected + r.stats.flaky + (r.errors?.length ?? 0));
' "$runner" "$report")
  passed=$((passed + ${counts% *}))
  failed=$((failed + ${counts#* }))
  if [ "$status" != 0 ] && [ "${counts#* }" = 0 ]; then failed=$((failed + 1)); fi
  echo "-- $name: ${counts% *} passed, ${counts#* } failed"
}

vitest_run() {
  local report="$1"
  shift
  npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
}
playwright_run() {
  PLAYWRIGHT_JSON_OUTPUT_FILE="$1" npx playwright test --reporter=list,json
}
on_pglite() { (unset DATABASE_URL && "$@"); }
# The built server against hostile and misbehaving clients: malformed bodies on every route, a fuzz of methods, paths
# and headers, slow and cut-off bodies, the anonymous rate limit (kept in memory). What they check is decided before
# a query runs or is the same SQL on either engine (PGlite is PostgreSQL), so with a PostgreSQL server to run on they
# run there only, as the browser journeys do; without one they run on PGlite. They are the slowest database files
# (bench/README.md, "CI time"; docs/decisions/026-tests-run-where-they-can-differ.md).
http_layer_files=(
  tests/integration/portfolio/bad-input-sweep.test.ts
  tests/integration/server/malformed-requests.test.ts
  tests/integration/server/server-resilience.test.ts
  tests/integration/server/anonymous-rate-limit-server.test.ts
)
for file in "${http_layer_files[@]}"; do
  [ -f "$file" ] || { echo "scripts/test-all.sh names $file, which does not exist" >&2; exit 1; }
done
pglite_excludes=()
if [ -n "$postgres_url" ]; then for file in "${http_layer_files[@]}"; do pglite_excludes+=(--exclude "$file"); done; fi
on_postgres() { (export DATABASE_URL="$postgres_url" && "$@"); }

openapi_lint() {
  npm run -s openapi:lint >"$logs/openapi.log" 2>&1 || { cat "$logs/openapi.log"; return 1; }
  grep -v '[║╔╚]' "$logs/openapi.log" | grep -v '^[[:space:]]*$' || true
}
# check NAME COMMAND...: one check of a lane (below), timed in its lane's log; a lane stops at its first failure.
check() {
  timed "$@"
  if [ "$status" = 0 ]; then echo "-- $1: $seconds s"; else echo "$1 failed"; fi
  return "$status"
}
types_lane() {
  check "typecheck" npm run -s typecheck &&
    check "import cycles (madge, type imports skipped)" npm run -s check:cycles &&
    check "migrations (drizzle-kit generate writes nothing; they build the schema)" npm run -s check:migrations &&
    check "stale paths in comments and documents" npm run -s check:paths
}
style_lane() {
  check "lint" npm run -s lint &&
    check "format (prettier --check; npm run format writes it)" npm run -s check:format &&
    check "unused exports (knip; route modules and tests are entries)" npm run -s check:exports &&
    check "exports only tests or benches use (knip --production)" npm run -s check:exports:production &&
    check "OpenAPI lint (redocly, rules in redocly.yaml)" openapi_lint
}
# The checks are single-threaded programs (tsc, eslint, prettier, knip): two lanes of them run at once, each printed
# whole when both are done.
checks_in_two_lanes() {
  local types_status=0 style_status=0 types_pid style_pid
  types_lane >"$logs/types-lane.log" 2>&1 &
  types_pid=$!
  style_lane >"$logs/style-lane.log" 2>&1 &
  style_pid=$!
  wait "$types_pid" || types_status=$?
  wait "$style_pid" || style_status=$?
  cat "$logs/types-lane.log" "$logs/style-lane.log"
  [ "$types_status" = 0 ] && [ "$style_status" = 0 ]
}
phase "checks: types, cycles, migrations, paths | lint, format, exports, OpenAPI" checks_in_two_lanes
# The build comes before the tests: the server tests and the browser tests start the built production server entry.
phase "build" npm run -s build

test_phase "unit tests (no database)" vitest "$logs/unit.json" on_pglite vitest_run "$logs/unit.json" --project unit
test_phase "database and server tests: PGlite" vitest "$logs/db-pglite.json" on_pglite vitest_run "$logs/db-pglite.json" --project database "${pglite_excludes[@]}"
if [ -n "$postgres_url" ]; then
  test_phase "database and server tests: PostgreSQL" vitest "$logs/db-pg.json" on_postgres vitest_run "$logs/db-pg.json" --project database
  # The browser journeys drive pages, not SQL: every database difference they could meet is already exercised by the
  # database and server tests on both databases, so they run once, on the server database a deployment uses.
  test_phase "browser tests: PostgreSQL" playwright "$logs/e2e-pg.json" on_postgres playwright_run "$logs/e2e-pg.json"
else
  test_phase "browser tests: PGlite" playwright "$logs/e2e-pglite.json" on_pglite playwright_run "$logs/e2e-pglite.json"
fi
if [ "$failed" = 0 ]; then
  phase "API contract (answers of every run above)" npm run -s api:contract
else
  echo "== API contract: not checked, as tests failed"
fi

print_phases
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
