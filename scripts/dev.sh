#!/usr/bin/env bash
# npm run dev: the production server entry (server/index.ts, bundled to build/server.js) on a development build of the
# app, rebuilt on every change and restarted when a build is written. The same code answers as under `npm start`:
# the riskdb fast path, the body limits, the cross-site check, the page cache, the access log.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/allocator-env.sh
export NODE_ENV="${NODE_ENV:-development}"

node scripts/remix-build.mjs --sourcemap
npm run -s build:server

# Each watcher runs in a process group of its own (job control), ended whole with this script.
set -m
pids=()
stop() { for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done; }
trap stop EXIT
trap 'exit 130' INT TERM
# The app (build/index.js, public/build) and the server entry (build/server.js), each rebuilt when its sources change.
node_modules/.bin/remix watch &
pids+=($!)
npm run -s build:server -- --watch=forever &
pids+=($!)
# Restarted whenever either build is written.
node --watch-path=build --watch-preserve-output build/server.js &
pids+=($!)
wait -n
