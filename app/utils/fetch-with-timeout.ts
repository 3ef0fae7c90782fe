import { requestTimeoutMs } from "~/domain/api/api-paths";

export class RequestTimeoutError extends Error {
  constructor(
    readonly url: string,
    readonly ms: number,
  ) {
    super(`Request to ${url} timed out after ${ms} ms`);
    this.name = "RequestTimeoutError";
  }
}

/**
 * fetch() with the spec's client timeout for the URL (10 s, 30 s for upload previews, none for report stats):
 * the request is aborted and a RequestTimeoutError thrown, so the caller can say so instead of spinning forever.
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit = {},
  ms = requestTimeoutMs(url),
): Promise<Response> {
  if (ms === null) return fetch(url, init);
  const controller = new AbortController();
  const outer = init.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError(url, ms);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}
