/** Billing info form: one zod schema for the page, the API and the service. */
import { z } from "zod";
import { vatMemberStateOf } from "./invoicing/vat";
import { countryCodeProblem } from "../geo/countries";
import { countryName } from "../geo/country-names";
import { normaliseRedirectPath } from "../http/safe-redirect";
import { canonicalVatNumber, vatNumberFormatMessage } from "./invoicing/vat-numbers";
import { MESSAGES, field } from "../forms/validation";

export interface BillingInfoValue {
  appeal: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  company: { name: string; country: string; zip: string; city: string; street: string; vat_number: string };
}

export const EMPTY_BILLING: BillingInfoValue = {
  appeal: "",
  email: "",
  first_name: "",
  last_name: "",
  phone: "",
  company: { name: "", country: "", zip: "", city: "", street: "", vat_number: "" },
};

export const APPEALS = ["Mr", "Ms", "Mx", "Dr"] as const;

/**
 * Filled when first name, last name, e-mail, phone, company name, country and street are present. The
 * country must be an ISO 3166-1 code (VAT follows it): one saved before the codes were checked must be corrected.
 */
export function isBillingFilled(v: BillingInfoValue): boolean {
  return (
    [v.first_name, v.last_name, v.email, v.phone, v.company.name, v.company.country, v.company.street].every(
      (s) => s.trim() !== "",
    ) && !countryCodeProblem(v.company.country.trim().toUpperCase())
  );
}

/**
 * The flat form fields (page and API share them; the API nests `company`). The country is an ISO 3166-1 code; in
 * the EU VAT area a VAT number must have its member state's format, and is kept in its canonical form.
 */
export const BillingFormSchema = z
  .object({
    appeal: z.enum(APPEALS, { errorMap: () => ({ message: MESSAGES.required }) }).optional(),
    email: field.email(),
    first_name: field.text(1, 100),
    last_name: field.text(1, 100),
    phone: requiredPhone(),
    company_name: field.companyName(),
    company_country: field
      .required()
      .pipe(z.string().regex(/^[A-Za-z]{2}$/, "Use the two-letter country code, e.g. FR"))
      .transform((c) => c.toUpperCase())
      .superRefine((c, ctx) => {
        const problem = countryCodeProblem(c);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
    company_zip: field.optionalText(20),
    company_city: field.optionalText(100),
    company_street: field.text(1, 200),
    company_vat_number: field.optionalText(30),
  })
  .transform((f, ctx) => {
    const state = vatMemberStateOf(f.company_country);
    if (!state || !f.company_vat_number) return f;
    const canonical = canonicalVatNumber(state, f.company_vat_number);
    if (!canonical) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["company_vat_number"],
        message: vatNumberFormatMessage(state, countryName(state)),
      });
      return z.NEVER;
    }
    return { ...f, company_vat_number: canonical };
  });
export type BillingForm = z.infer<typeof BillingFormSchema>;

function requiredPhone() {
  return field.text(5, 30).pipe(z.string().regex(/^[+0-9 ().-]+$/, "Use digits, spaces and + ( ) - only"));
}

export function billingFromForm(f: BillingForm): BillingInfoValue {
  return {
    appeal: f.appeal ?? "",
    email: f.email,
    first_name: f.first_name,
    last_name: f.last_name,
    phone: f.phone,
    company: {
      name: f.company_name,
      country: f.company_country,
      zip: f.company_zip,
      city: f.company_city,
      street: f.company_street,
      vat_number: f.company_vat_number,
    },
  };
}

/** The API body {…, company: {…}} as the flat form fields. */
export function flattenBillingBody(body: Record<string, unknown>): Record<string, unknown> {
  const company = (body.company && typeof body.company === "object" ? body.company : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...body };
  delete out.company;
  for (const k of ["name", "country", "zip", "city", "street", "vat_number"])
    if (company[k] !== undefined) out[`company_${k}`] = company[k];
  if (out.appeal === "") delete out.appeal;
  return out;
}

/**
 * Where the billing form sends the buyer back to (the cart, a purchase): a same-site dashboard path only,
 * normalised first, so CR/LF, control or non-Latin-1 characters can never reach the Location header.
 */
export function billingReturnPath(value: unknown): string | null {
  const path = normaliseRedirectPath(value);
  return path && /^\/dashboard(?:[/?#]|$)/.test(path) ? path : null;
}

/** The billing info page, coming back to `redirectTo` once the buyer saves it (a purchase needs it filled first). */
export function billingInfoHref(redirectTo: string): string {
  return `/dashboard/account/billing?redirectTo=${encodeURIComponent(redirectTo)}`;
}
