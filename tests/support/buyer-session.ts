/** A signed-in buyer against a running production server: the session cookie, with the current terms accepted. */
export const DEMO_BUYER = { email: "premium@example.com", password: "Demo-password-2026" };

export async function logInAsBuyer(
  base: string,
  buyer: { email: string; password: string } = DEMO_BUYER,
): Promise<string> {
  const res = await fetch(`${base}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({
      intent: "login",
      email: buyer.email,
      password: buyer.password,
      redirectTo: "/dashboard",
    }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes("weather_token="));
  if (res.status !== 302 || !cookie) throw new Error(`login failed: ${res.status}`);
  const session = cookie.split(";")[0]!;
  // Nothing is bought before the current terms are accepted.
  const terms = await fetch(`${base}/api/v1/terms_conditions`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: session, Origin: base },
    body: JSON.stringify({ terms_conditions: true }),
  });
  if (terms.status !== 200) throw new Error(`accepting the terms failed: ${terms.status}`);
  return session;
}

export interface PurchaseAnswer {
  status: number;
  orderId: number | null;
  error: string | null;
  /** Seconds a 429 asks the client to wait before sending again. */
  retryAfterSeconds: number | null;
}

/** One buy_products call of `amount` hexagon credits under an idempotency key. */
export async function buyCredits(base: string, cookie: string, key: string, amount: number): Promise<PurchaseAnswer> {
  const res = await fetch(`${base}/api/v1/products/buy_products`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: base, "Idempotency-Key": key },
    body: JSON.stringify({ type: 3, amount }),
  });
  const body = (await res.json()) as { order_id?: number; error?: string };
  return {
    status: res.status,
    orderId: typeof body.order_id === "number" ? body.order_id : null,
    error: body.error ?? null,
    retryAfterSeconds: res.headers.has("Retry-After") ? Number(res.headers.get("Retry-After")) : null,
  };
}

/**
 * buyCredits as a well-behaved client sends it: a 429 is sent again once its Retry-After has passed (a server busy
 * enough that many bodies from one address are still arriving admits no more of them, and runs nothing of the
 * refused request), up to `attempts` sends in all.
 */
export async function buyCreditsHonouringRetryAfter(
  base: string,
  cookie: string,
  key: string,
  amount: number,
  attempts = 4,
): Promise<PurchaseAnswer> {
  for (let sent = 1; ; sent++) {
    const answer = await buyCredits(base, cookie, key, amount);
    if (answer.status !== 429 || sent === attempts) return answer;
    await new Promise((r) => setTimeout(r, (answer.retryAfterSeconds ?? 1) * 1000));
  }
}
