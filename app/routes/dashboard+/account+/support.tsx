import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ErrorList, Field, SubmitButton, TextareaField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { SupportSchema } from "~/domain/content/forms/support";
import { submitSupportRequest } from "~/services/commerce/documents.server";
import { readFormData } from "~/services/http/forms/form-body.server";
import { requireUser } from "~/services/auth/session.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Tech Support") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: SupportSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  await submitSupportRequest(user, submission.value);
  return redirectWithToast("/dashboard/account/support", { type: "success", description: COMMERCE_MESSAGES.supportSent });
}

export default function SupportPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "support",
    lastResult,
    constraint: getZodConstraint(SupportSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SupportSchema }),
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title="Tech Support" lead="Tell us what went wrong; we answer by e-mail." />
      <Form method="post" {...getFormProps(form)} className="card">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Subject" inputProps={getInputProps(fields.subject, { type: "text" })} errors={fields.subject.errors} />
        <TextareaField label="Message" textareaProps={{ ...getTextareaProps(fields.message), rows: 6 }} errors={fields.message.errors} />
        <SubmitButton pending={navigation.state === "submitting"}>Send</SubmitButton>
      </Form>
    </div>
  );
}
