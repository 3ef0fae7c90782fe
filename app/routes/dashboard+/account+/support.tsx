import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ErrorList, Field, SubmitButton, TextareaField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { SupportSchema } from "~/domain/content/forms/support";
import { pageTitle } from "~/utils/meta";
import { actSupportPage, loadSupportPage } from "~/services/commerce/pages/support-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Tech Support") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSupportPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actSupportPage(request);
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
        <Field
          label="Subject"
          inputProps={getInputProps(fields.subject, { type: "text" })}
          errors={fields.subject.errors}
        />
        <TextareaField
          label="Message"
          textareaProps={{ ...getTextareaProps(fields.message), rows: 6 }}
          errors={fields.message.errors}
        />
        <SubmitButton pending={navigation.state === "submitting"}>Send</SubmitButton>
      </Form>
    </div>
  );
}
