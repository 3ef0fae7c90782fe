import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, HoneypotField, SubmitButton, TextareaField } from "~/components/forms/fields";
import { ContentPageView, contentPageMeta } from "~/components/pages/content-page";
import { CONTACT_MESSAGE_MAX, ContactSchema } from "~/domain/content/forms/contact";
import { HONEYPOT_FIELD } from "~/domain/content/forms/public-forms";
import { actContactPage, loadContactPage } from "~/services/content/pages/contact-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadContactPage(request);
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
export const meta = contentPageMeta("/contact", "Contact");

export async function action({ request, context }: ActionFunctionArgs) {
  return actContactPage(request, context);
}

function ContactForm() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult,
    constraint: getZodConstraint(ContactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  return (
    <section aria-labelledby="contact-form-title" className="card mt-10">
      <h2 id="contact-form-title" className="text-xl font-semibold">
        Send us a message
      </h2>
      <Form method="post" className="mt-4" {...getFormProps(form)}>
        <HoneypotField name={HONEYPOT_FIELD} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            label="First name"
            inputProps={{ ...getInputProps(fields.firstname, { type: "text" }), autoComplete: "given-name" }}
            errors={fields.firstname.errors}
          />
          <Field
            label="Last name"
            inputProps={{ ...getInputProps(fields.lastname, { type: "text" }), autoComplete: "family-name" }}
            errors={fields.lastname.errors}
          />
        </div>
        <Field
          label="E-mail"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <TextareaField
          label="Message"
          textareaProps={{ ...getTextareaProps(fields.message), maxLength: CONTACT_MESSAGE_MAX }}
          errors={fields.message.errors}
        />
        <SubmitButton pending={navigation.state === "submitting"} className="btn-primary">
          Send message
        </SubmitButton>
      </Form>
    </section>
  );
}

export default function ContactPage() {
  return (
    <ContentPageView>
      <ContactForm />
    </ContentPageView>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
