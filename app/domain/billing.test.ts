import { EMPTY_BILLING, billingReturnPath, isBillingFilled, type BillingInfoValue } from "./billing";

const filled: BillingInfoValue = {
  appeal: "",
  email: "ana@example.org",
  first_name: "Ana",
  last_name: "Lopez",
  phone: "+33 1 23 45 67 89",
  company: { name: "Acme SA", country: "FR", zip: "", city: "", street: "1 rue de Rivoli", vat_number: "" },
};

describe("billing info", () => {
  it("is filled with first and last name, e-mail, phone, company name, country and street", () => {
    expect(isBillingFilled(filled)).toBe(true);
    expect(isBillingFilled(EMPTY_BILLING)).toBe(false);
    for (const key of ["first_name", "last_name", "email", "phone"] as const) expect(isBillingFilled({ ...filled, [key]: "  " }), key).toBe(false);
    for (const key of ["name", "country", "street"] as const) expect(isBillingFilled({ ...filled, company: { ...filled.company, [key]: "" } }), key).toBe(false);
  });

  it("sends the buyer back only to a same-site dashboard path, never with CR/LF or raw non-ASCII", () => {
    expect(billingReturnPath("/dashboard/cart?plan=PREMIUM&country_package=101")).toBe("/dashboard/cart?plan=PREMIUM&country_package=101");
    expect(billingReturnPath("/dashboard")).toBe("/dashboard");
    for (const bad of ["//evil.example/dashboard", "https://evil.example/dashboard", "/dashboardx", "/account", "/dashboard/\r\nSet-Cookie: x=1", "/dashboard/%0d%0aX: 1", "/dashboard\u0000", null, 42]) {
      expect(billingReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
    // Non-Latin-1 text cannot go into a Location header as it is: it comes back percent-encoded.
    const encoded = billingReturnPath("/dashboard/cart?note=日本");
    expect(encoded).toBe("/dashboard/cart?note=%E6%97%A5%E6%9C%AC");
    expect(() => new Headers({ Location: encoded! })).not.toThrow();
  });
});
