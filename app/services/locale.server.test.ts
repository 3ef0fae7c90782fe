import { parse } from "cookie";
import { LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALE_COOKIE_NAME, LOCALE_REDIRECT_COOKIE_NAME, stripLocalePrefix } from "~/domain/locale";
import { loader as publicSplat } from "~/routes/_public+/$";
import { action as cookieConsent } from "~/routes/_resources+/cookie-consent";

function cookiesOf(response: Response) {
  return response.headers.getSetCookie().map((c) => ({ raw: c, ...parse(c) }));
}

async function thrown(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (r) {
    if (r instanceof Response) return r;
    throw r;
  }
  throw new Error("nothing thrown");
}

describe("locale", () => {
  it("strips a locale prefix and keeps the rest of the address on this site", () => {
    expect(stripLocalePrefix("/fr/pricing?x=1")).toEqual({ locale: "fr", path: "/pricing?x=1" });
    expect(stripLocalePrefix("/en-gb/about")).toEqual({ locale: "en-GB", path: "/about" });
    expect(stripLocalePrefix("/en")).toEqual({ locale: "en", path: "/" });
    expect(stripLocalePrefix("/fr//evil.example")).toEqual({ locale: "fr", path: "/evil.example" });
    expect(stripLocalePrefix("/faq")).toBeNull();
    expect(stripLocalePrefix("/english")).toBeNull();
  });

  it("a localised link redirects to the English page with the 365-day locale cookie and the locale redirect cookie", async () => {
    const response = await thrown(() => publicSplat({ request: new Request("http://x/fr/pricing?plan=2"), params: {}, context: {} }));
    expect(response.status).toBe(308);
    expect(response.headers.get("Location")).toBe("/pricing?plan=2");
    const cookies = cookiesOf(response);
    const locale = cookies.find((c) => LOCALE_COOKIE_NAME in c)!;
    expect(locale[LOCALE_COOKIE_NAME]).toBe("en");
    expect(locale["Max-Age"]).toBe(String(LOCALE_COOKIE_MAX_AGE_SECONDS));
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(365 * 86_400);
    expect(cookies.find((c) => LOCALE_REDIRECT_COOKIE_NAME in c)?.[LOCALE_REDIRECT_COOKIE_NAME]).toBe("fr");
  });

  it("any other unknown path is still 404", async () => {
    const response = await thrown(() => publicSplat({ request: new Request("http://x/nowhere"), params: {}, context: {} }));
    expect(response.status).toBe(404);
  });

  it("the cookie choice sets the locale cookie as a necessary cookie", async () => {
    const body = new URLSearchParams({ choice: "necessary", returnTo: "/" });
    const response = (await cookieConsent({
      request: new Request("http://x/cookie-consent", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
      params: {},
      context: {},
    })) as Response;
    const locale = cookiesOf(response).find((c) => LOCALE_COOKIE_NAME in c)!;
    expect(locale["Max-Age"]).toBe(String(LOCALE_COOKIE_MAX_AGE_SECONDS));
  });
});
