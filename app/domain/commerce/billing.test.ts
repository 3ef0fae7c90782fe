import { BillingFormSchema, EMPTY_BILLING, billingReturnPath, isBillingFilled, type BillingInfoValue } from "./billing";

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
    for (const key of ["first_name", "last_name", "email", "phone"] as const)
      expect(isBillingFilled({ ...filled, [key]: "  " }), key).toBe(false);
    for (const key of ["name", "country", "street"] as const)
      expect(isBillingFilled({ ...filled, company: { ...filled.company, [key]: "" } }), key).toBe(false);
  });

  it("counts a country saved before codes were checked (ZZ) as not filled, so it is corrected before a purchase", () => {
    expect(isBillingFilled({ ...filled, company: { ...filled.company, country: "ZZ" } })).toBe(false);
    expect(isBillingFilled({ ...filled, company: { ...filled.company, country: "mc" } })).toBe(true);
  });

  it("sends the buyer back only to a same-site dashboard path, never with CR/LF or raw non-ASCII", () => {
    expect(billingReturnPath("/dashboard/cart?plan=PREMIUM&country_package=101")).toBe(
      "/dashboard/cart?plan=PREMIUM&country_package=101",
    );
    expect(billingReturnPath("/dashboard")).toBe("/dashboard");
    for (const bad of [
      "//evil.example/dashboard",
      "https://evil.example/dashboard",
      "/dashboardx",
      "/account",
      "/dashboard/\r\nSet-Cookie: x=1",
      "/dashboard/%0d%0aX: 1",
      "/dashboard\u0000",
      null,
      42,
    ]) {
      expect(billingReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
    // Non-Latin-1 text cannot go into a Location header as it is: it comes back percent-encoded.
    const encoded = billingReturnPath("/dashboard/cart?note=日本");
    expect(encoded).toBe("/dashboard/cart?note=%E6%97%A5%E6%9C%AC");
    expect(() => new Headers({ Location: encoded! })).not.toThrow();
  });
});

describe("the billing form", () => {
  const form = {
    email: "ana@example.org",
    first_name: "Ana",
    last_name: "Lopez",
    phone: "+49 30 1234",
    company_name: "Acme GmbH",
    company_country: "DE",
    company_street: "Invalidenstr. 1",
  };
  const issue = (values: Record<string, string>) => {
    const r = BillingFormSchema.safeParse({ ...form, ...values });
    return r.success ? null : { field: r.error.issues[0]!.path[0], message: r.error.issues[0]!.message };
  };

  it("takes ISO 3166-1 country codes only, saying which code to use for a VAT prefix", () => {
    expect(issue({ company_country: "ZZ" })).toEqual({
      field: "company_country",
      message: "ZZ is not a country code: use the two-letter ISO 3166-1 code, e.g. FR for France",
    });
    expect(issue({ company_country: "EL" })).toEqual({
      field: "company_country",
      message: "EL is Greece's VAT prefix, not a country code: use GR for Greece",
    });
    expect(issue({ company_country: "XI" })?.message).toMatch(
      /^XI is the VAT prefix of Northern Ireland, not a country code: use GB/,
    );
    for (const ok of ["mc", "GR", "GB", "US", "DE"]) expect(issue({ company_country: ok }), ok).toBeNull();
  });

  it("refuses a VAT number not in the member state's format and keeps a good one in its canonical form", () => {
    for (const bad of ["x", "-", "12345678", "FR12345678901"]) {
      expect(issue({ company_vat_number: bad }), bad).toEqual({
        field: "company_vat_number",
        message:
          "Not a VAT number of Germany: DE followed by 9 digits, e.g. DE123456789. Leave it empty if you buy as a consumer.",
      });
    }
    expect(BillingFormSchema.parse({ ...form, company_vat_number: "de 123.456.789" }).company_vat_number).toBe(
      "DE123456789",
    );
    expect(
      BillingFormSchema.parse({ ...form, company_country: "GR", company_vat_number: "123456789" }).company_vat_number,
    ).toBe("EL123456789");
    // Monaco's businesses have French VAT numbers; outside the EU the number is printed as given.
    expect(issue({ company_country: "MC", company_vat_number: "DE123456789" })?.field).toBe("company_vat_number");
    expect(
      BillingFormSchema.parse({ ...form, company_country: "US", company_vat_number: "12-3456789" }).company_vat_number,
    ).toBe("12-3456789");
  });
});
