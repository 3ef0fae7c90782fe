# Sourced by scripts/start.sh (and read by the benches): the allocator settings the production server runs with
# (docs/decisions/005-server-entry.md). jemalloc when the host has it, purging freed pages in a background thread
# after a second, so a server that has just been busy goes back near its idle size on its own; glibc's malloc
# otherwise, with fixed thresholds so that freed buffers of 64 KiB and more are unmapped instead of kept in the heap.
if [ -z "${LD_PRELOAD:-}" ]; then
  jemalloc=$(ldconfig -p 2>/dev/null | awk '/libjemalloc\.so\.2 /{ print $NF; exit }')
  if [ -n "$jemalloc" ]; then
    export LD_PRELOAD="$jemalloc"
    export MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0}"
  fi
fi
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-65536}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
