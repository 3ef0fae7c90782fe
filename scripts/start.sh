#!/bin/sh
# The production server (build/server.js) with the allocator settings of scripts/allocator-env.sh, as the image runs it.
. "$(dirname "$0")/allocator-env.sh"
export NODE_ENV="${NODE_ENV:-production}"
exec node build/server.js "$@"
