import { REQUEST_TIMEOUT_MESSAGE } from "~/domain/http/requests/request-timing";
import { fetchWithTimeout, RequestTimeoutError } from "~/utils/fetch-with-timeout";

/**
 * Posts a public form as JSON to its API route and returns whether it answered 2xx, and the parsed body.
 * A request that outlives the client timeout is aborted and answers with the timeout message as its error.
 */
export async function postJson(url: string, body: Record<string, unknown>): Promise<{ ok: boolean; body: unknown }> {
  try {
    const response = await fetchWithTimeout(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) as unknown;
    return { ok: response.ok, body: data };
  } catch (error) {
    if (error instanceof RequestTimeoutError) return { ok: false, body: { error: REQUEST_TIMEOUT_MESSAGE } };
    return { ok: false, body: null };
  }
}
