import {
  CHUNK_RELOAD_GATE_FLAG,
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  shouldReloadForChunkError,
} from "~/domain/http/chunk-reload";

function readLastReload(): number | null {
  try {
    const raw = window.sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

function reloadOnce(message: string | undefined) {
  if (!isChunkLoadError(message)) return;
  // The page's reload gate (root.tsx) holds every scripted reload to one a minute and keeps the time itself.
  const gate = (window as unknown as Record<string, { failed(): void } | undefined>)[CHUNK_RELOAD_GATE_FLAG];
  if (gate) {
    gate.failed();
    return window.location.reload();
  }
  const now = Date.now();
  if (!shouldReloadForChunkError(now, readLastReload())) return;
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Storage may be disabled; the reload still helps once.
  }
  window.location.reload();
}

export function installChunkReloadGuard() {
  window.addEventListener("error", (event) => reloadOnce(event.message || String(event.error ?? "")));
  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason as { message?: string; name?: string } | undefined;
    reloadOnce(reason?.message ?? reason?.name ?? String(reason));
  });
}
