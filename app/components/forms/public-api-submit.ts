/** Posts a public form as JSON to its API route and returns whether it answered 2xx, and the parsed body. */
export async function postJson(url: string, body: Record<string, unknown>): Promise<{ ok: boolean; body: unknown }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => null)) as unknown;
    return { ok: response.ok, body: data };
  } catch {
    return { ok: false, body: null };
  }
}
