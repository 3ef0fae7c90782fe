import { CHUNK_RELOAD_MIN_INTERVAL_MS, isChunkLoadError, shouldReloadForChunkError } from "./chunk-reload";

describe("chunk reload guard", () => {
  it("recognises chunk load failures from each browser", () => {
    expect(isChunkLoadError("TypeError: Failed to fetch dynamically imported module: /build/x.js")).toBe(true);
    expect(isChunkLoadError("Importing a module script failed.")).toBe(true);
    expect(isChunkLoadError("ChunkLoadError: Loading chunk 42 failed.")).toBe(true);
    expect(isChunkLoadError("Cannot read properties of undefined")).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
  it("reloads at most once a minute", () => {
    expect(shouldReloadForChunkError(1_000_000, null)).toBe(true);
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - CHUNK_RELOAD_MIN_INTERVAL_MS + 1)).toBe(false);
    expect(shouldReloadForChunkError(1_000_000, 1_000_000 - CHUNK_RELOAD_MIN_INTERVAL_MS)).toBe(true);
  });
});
