import { parse } from "cookie";
import {
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_COOKIE_NAME,
  LOCALE_REDIRECT_COOKIE_NAME,
  stripLocalePrefix,
} from "~/domain/http/locale";
import { localeCookie, localeRedirect } from "./locale.server";

function cookiesOf(response: Response) {
  return response.headers.getSetCookie().map((c): Record<string, string | undefined> => ({ raw: c, ...parse(c) }));
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
    const response = localeRedirect(new Request("http://x/fr/pricing?plan=2"))!;
    expect(response.status).toBe(308);
    expect(response.headers.get("Location")).toBe("/pricing?plan=2");
    const cookies = cookiesOf(response);
    const locale = cookies.find((c) => LOCALE_COOKIE_NAME in c)!;
    expect(locale[LOCALE_COOKIE_NAME]).toBe("en");
    expect(locale["Max-Age"]).toBe(String(LOCALE_COOKIE_MAX_AGE_SECONDS));
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(365 * 86_400);
    expect(cookies.find((c) => LOCALE_REDIRECT_COOKIE_NAME in c)?.[LOCALE_REDIRECT_COOKIE_NAME]).toBe("fr");
  });

  it("any other path is left alone; the locale cookie on its own lasts 365 days", () => {
    expect(localeRedirect(new Request("http://x/nowhere"))).toBeNull();
    expect(localeRedirect(new Request("http://x/dashboard"))).toBeNull();
    expect(parse(localeCookie())).toMatchObject({
      [LOCALE_COOKIE_NAME]: "en",
      "Max-Age": String(LOCALE_COOKIE_MAX_AGE_SECONDS),
    });
  });
});
