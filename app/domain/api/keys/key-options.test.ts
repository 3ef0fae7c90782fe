import {
  API_KEY_MAX_ALLOWED_ADDRESSES,
  API_KEY_OPTION_MESSAGES,
  addressAllowed,
  checkAllowedAddresses,
  checkExpiry,
  checkKeyOptions,
} from "./key-options";

const now = new Date("2026-11-29T12:00:00.000Z");

describe("allowed addresses", () => {
  it("match addresses inside a listed IPv4 or IPv6 range, an IPv4-mapped form included, and nothing else", () => {
    const list = ["203.0.113.0/24", "198.51.100.7", "2001:db8::/32"];
    for (const inside of ["203.0.113.0", "203.0.113.255", "198.51.100.7", "::ffff:203.0.113.9", "2001:db8:1::5"])
      expect(addressAllowed(list, inside), inside).toBe(true);
    for (const outside of ["203.0.112.255", "198.51.100.8", "2001:db9::1", "::1", "unknown", ""])
      expect(addressAllowed(list, outside), outside).toBe(false);
    expect(addressAllowed(null, "unknown")).toBe(true);
  });

  it("are read from a list or a textarea, lower-cased and each once; a bad entry is named", () => {
    expect(checkAllowedAddresses(" 2001:DB8::/32\n192.0.2.1,192.0.2.1 ")).toEqual({
      addresses: ["2001:db8::/32", "192.0.2.1"],
    });
    expect(checkAllowedAddresses([])).toEqual({ addresses: null });
    expect(checkAllowedAddresses(undefined)).toEqual({ addresses: null });
    for (const bad of ["192.0.2.0/33", "loopback", "1.2.3", "::g", "192.0.2.1/255.255.255.0"])
      expect(checkAllowedAddresses([bad])).toEqual({ error: API_KEY_OPTION_MESSAGES.addressInvalid(bad) });
    const many = Array.from({ length: API_KEY_MAX_ALLOWED_ADDRESSES + 1 }, (_, i) => `192.0.2.${i}`);
    expect(checkAllowedAddresses(many)).toEqual({ error: API_KEY_OPTION_MESSAGES.tooManyAddresses });
  });
});

describe("expiry", () => {
  it("is an instant with its offset or a number of days from now", () => {
    expect(checkExpiry("2027-01-01T00:00:00+01:00", undefined, now)).toEqual({
      validUntil: new Date("2026-12-31T23:00:00.000Z"),
    });
    expect(checkExpiry(undefined, "7", now)).toEqual({ validUntil: new Date("2026-12-06T12:00:00.000Z") });
    expect(checkExpiry("", "", now)).toEqual({ validUntil: null });
    expect(checkExpiry("2027-01-01", undefined, now)).toMatchObject({ field: "expires_at" });
    expect(checkExpiry("2026-11-29T12:00:00Z", undefined, now)).toEqual({
      error: API_KEY_OPTION_MESSAGES.expiresAtPast,
      field: "expires_at",
    });
    expect(checkExpiry("2040-01-01T00:00:00Z", undefined, now)).toMatchObject({ field: "expires_at" });
    for (const days of ["1e2", "-1", "2.5", 0, 3651])
      expect(checkExpiry(undefined, days, now)).toMatchObject({ field: "expires_in_days" });
  });
});

describe("all options at once", () => {
  it("reports every field at fault; a test key may not have billing", () => {
    expect(
      checkKeyOptions({ expires_in_days: "x", allowed_addresses: "nope", mode: "test" }, ["read", "billing"], now),
    ).toEqual({
      errors: {
        expires_in_days: API_KEY_OPTION_MESSAGES.expiresInDaysInvalid,
        allowed_addresses: API_KEY_OPTION_MESSAGES.addressInvalid("nope"),
        scopes: API_KEY_OPTION_MESSAGES.testModeBilling,
      },
    });
    expect(checkKeyOptions({ mode: "test" }, ["read"], now)).toEqual({
      options: { validUntil: null, allowedAddresses: null, mode: "test" },
    });
  });
});
