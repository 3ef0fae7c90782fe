import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, Field, SubmitButton } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { APPEALS, BillingFormSchema } from "~/domain/commerce/billing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { pageTitle } from "~/utils/meta";
import { actBillingPage, loadBillingPage } from "~/services/commerce/pages/billing-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Account Billing Info") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadBillingPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actBillingPage(request);
}

export default function BillingPage() {
  const { billing, email, returnTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "billing-info",
    lastResult,
    constraint: getZodConstraint(BillingFormSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BillingFormSchema }),
    defaultValue: {
      appeal: billing.appeal,
      email: billing.email || email,
      first_name: billing.first_name,
      last_name: billing.last_name,
      phone: billing.phone,
      company_name: billing.company.name,
      company_country: billing.company.country,
      company_zip: billing.company.zip,
      company_city: billing.company.city,
      company_street: billing.company.street,
      company_vat_number: billing.company.vat_number,
    },
  });
  const text = (
    name: keyof typeof fields,
    label: string,
    extra: { autoComplete?: string; hint?: string; type?: "text" | "email" | "tel" } = {},
  ) => (
    <Field
      label={label}
      hint={extra.hint}
      inputProps={{ ...getInputProps(fields[name], { type: extra.type ?? "text" }), autoComplete: extra.autoComplete }}
      errors={fields[name].errors}
    />
  );
  return (
    <div className="max-w-2xl">
      <PageHeader title="Account Billing Info" lead="The name and company details printed on your invoices." />
      {returnTo ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-amber-900">
          {COMMERCE_MESSAGES.billingRequired}
        </p>
      ) : null}
      <p className="mb-4 text-sm text-slate-600">Status: {billing.filled ? "filled" : "not filled yet"}</p>
      <Form method="post" {...getFormProps(form)} className="card grid gap-x-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
        <div className="mb-4">
          <label htmlFor={fields.appeal.id} className="field-label">
            Appeal
          </label>
          <select
            id={fields.appeal.id}
            name={fields.appeal.name}
            defaultValue={fields.appeal.initialValue ?? ""}
            className="field-input"
          >
            <option value="">—</option>
            {APPEALS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        {text("email", "E-mail", { type: "email", autoComplete: "email" })}
        {text("first_name", "First name", { autoComplete: "given-name" })}
        {text("last_name", "Last name", { autoComplete: "family-name" })}
        {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
        {text("company_name", "Company name", { autoComplete: "organization" })}
        {text("company_country", "Country", {
          autoComplete: "country",
          hint: "ISO two-letter code, e.g. FR, DE, GB (GR for Greece). VAT follows the billing country.",
        })}
        {text("company_zip", "ZIP / postal code", { autoComplete: "postal-code" })}
        {text("company_city", "City", { autoComplete: "address-level2" })}
        {text("company_street", "Street", { autoComplete: "street-address" })}
        {text("company_vat_number", "VAT number", {
          hint: "EU businesses outside France: your VAT number with its country prefix, e.g. DE123456789; the reverse charge then applies.",
        })}
        <div className="sm:col-span-2">
          <SubmitButton pending={navigation.state === "submitting"}>Save billing info</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
