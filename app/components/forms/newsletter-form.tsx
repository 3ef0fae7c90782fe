import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useLocation, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { notify } from "~/components/layout/toaster";
import { ErrorList, Field, HoneypotField, SubmitButton } from "~/components/forms/fields";
import { postJson } from "~/components/forms/public-api-submit";
import { apiUrl, API_PATHS } from "~/domain/api/api-paths";
import { NEWSLETTER_FORM_ID, newsletterResultMessage, NewsletterSchema } from "~/domain/content/forms/newsletter";
import { HONEYPOT_FIELD, REDIRECT_FIELD } from "~/domain/content/forms/public-forms";

export const NEWSLETTER_ACTION = apiUrl(API_PATHS.newsletterSubscribe);
/** Same id as the public layout route: read here without importing the route module. */
const PUBLIC_LAYOUT_ID = "routes/_public+/_layout";

interface NewsletterFormProps {
  /** Where to go after success with JavaScript (the modal's close link); without it the box stays and says thanks. */
  doneHref?: string;
  lastResult?: SubmissionResult<string[]> | null;
  idSuffix?: string;
}

/** Subscribe form: e-mail (required) and first name; double opt-in by e-mail. Works with and without JavaScript. */
export function NewsletterForm({ doneHref, lastResult, idSuffix = "box" }: NewsletterFormProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<{ success: boolean; message: string } | null>(null);
  const [form, fields] = useForm({
    id: `${NEWSLETTER_FORM_ID}-${idSuffix}`,
    lastResult,
    constraint: getZodConstraint(NewsletterSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewsletterSchema }),
    async onSubmit(event, { submission, formData }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setPending(true);
      const { ok, body } = await postJson(NEWSLETTER_ACTION, {
        email: submission.value.email,
        first_name: submission.value.first_name,
        [HONEYPOT_FIELD]: String(formData.get(HONEYPOT_FIELD) ?? ""),
      });
      const result = newsletterResultMessage(ok, body);
      setPending(false);
      setStatus(result);
      if (result.success) {
        notify({ type: "success", title: result.message });
        form.reset();
        if (doneHref) navigate(doneHref, { replace: true, preventScrollReset: true });
      } else {
        notify({ type: "error", title: result.message });
      }
    },
  });
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <form method="post" action={NEWSLETTER_ACTION} {...getFormProps(form)}>
      <input type="hidden" name={REDIRECT_FIELD} value={returnTo} />
      <HoneypotField name={HONEYPOT_FIELD} />
      <ErrorList id={form.errorId} errors={status && !status.success ? [status.message] : form.errors} />
      {status?.success ? (
        <p role="status" className="mb-3 rounded-md bg-green-50 p-3 text-sm text-green-900">
          {status.message}
        </p>
      ) : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="First name (optional)"
          inputProps={{ ...getInputProps(fields.first_name, { type: "text" }), autoComplete: "given-name" }}
          errors={fields.first_name.errors}
        />
        <Field
          label="E-mail"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
      </div>
      <SubmitButton pending={pending}>Subscribe</SubmitButton>
      <p className="mt-2 text-xs text-slate-600">We will e-mail you a link to confirm. Unsubscribe at any time.</p>
    </form>
  );
}

/** The blog's subscribe box. It picks up errors of its own no-JavaScript submission from the public layout. */
export function NewsletterBox() {
  const layout = useRouteLoaderData(PUBLIC_LAYOUT_ID) as
    { formFlash?: { form: string; result: SubmissionResult<string[]> } | null } | undefined;
  const flash = layout?.formFlash?.form === NEWSLETTER_FORM_ID ? layout.formFlash.result : null;
  return (
    <section aria-labelledby="newsletter-box-title" className="card bg-brand-50">
      <h2 id="newsletter-box-title" className="text-lg font-semibold text-slate-900">
        Subscribe to our newsletter
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-700">
        New articles on physical climate risk, product updates and methodology notes, about once a month.
      </p>
      <NewsletterForm lastResult={flash} idSuffix="box" />
    </section>
  );
}
