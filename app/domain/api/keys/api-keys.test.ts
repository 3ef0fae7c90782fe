import { API_KEY_MESSAGES, checkKeyName, formatKeyTime, keyMay, normaliseScopes } from "./api-keys";

describe("api key rules", () => {
  it("every key reads; billing calls need the billing scope; key management no key at all", () => {
    expect(keyMay(["read"], "read")).toBe(true);
    expect(keyMay(["read"], "purchase")).toBe(false);
    expect(keyMay(["read"], "billing")).toBe(false);
    expect(keyMay(["read", "billing"], "purchase")).toBe(true);
    expect(keyMay(["read", "billing"], "billing")).toBe(true);
    expect(keyMay(["read", "billing"], "keys")).toBe(false);
  });

  it("scopes are stored with read, in list order, each once, unknown ones dropped", () => {
    expect(normaliseScopes([])).toEqual(["read"]);
    expect(normaliseScopes(["billing", "billing", "admin"])).toEqual(["read", "billing"]);
  });

  it("names are trimmed and checked", () => {
    expect(checkKeyName("  CI   runner ")).toEqual({ name: "CI runner" });
    expect(checkKeyName(undefined)).toEqual({ error: API_KEY_MESSAGES.nameRequired });
    expect(checkKeyName("-x")).toEqual({ error: API_KEY_MESSAGES.nameInvalid });
    expect(checkKeyName("a".repeat(61))).toEqual({ error: API_KEY_MESSAGES.nameTooLong });
  });
});

describe("formatKeyTime", () => {
  it("shows the ru date and the UTC time to the minute", () => {
    expect(formatKeyTime("2026-11-27T09:05:59.000Z")).toBe("27.11.2026, 09:05 UTC");
  });
});
