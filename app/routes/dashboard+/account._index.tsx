import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorList, Field, SubmitButton } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { ChangePasswordSchema } from "~/domain/auth-forms";
import { PLAN_DEFINITIONS } from "~/domain/plans";
import { changePassword } from "~/services/auth.server";
import { replyWithServiceError } from "~/services/form-errors.server";
import { readSessionToken, requireUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Credit Balance") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const plan = PLAN_DEFINITIONS.find((p) => p.code === user.planCode);
  return json({ user, plan });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["currentPassword", "password", "confirmPassword"] }), { status: 400 });
  }
  try {
    await changePassword(user.id, submission.value.currentPassword, submission.value.password, readSessionToken(request));
  } catch (error) {
    const { reply, status } = replyWithServiceError(submission, error, ["currentPassword", "password", "confirmPassword"]);
    return json(reply, { status });
  }
  return redirectWithToast("/dashboard/account", {
    type: "success",
    description: "Your password has been changed. Other devices have been signed out.",
  });
}

export default function AccountPage() {
  const { user, plan } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
  });
  return (
    <div className="max-w-3xl">
      <PageHeader title="Credit Balance" lead="Your plan, what it includes and your sign-in settings." />
      <section aria-labelledby="plan-heading" className="card mb-6">
        <h2 id="plan-heading" className="text-lg font-semibold">
          Plan: {user.planCode}
        </h2>
        {plan ? (
          <>
            <p className="mt-1 text-slate-700">{plan.description}</p>
            <dl className="mt-4 grid grid-cols-3 gap-4 text-center">
              {[
                ["Countries", plan.limitCountry],
                ["Regions", plan.limitRegion],
                ["Hexagons", plan.limitHexagon],
              ].map(([label, value]) => (
                <div key={label} className="rounded-md bg-slate-50 p-3">
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="text-2xl font-bold">{value}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
        <p className="mt-4 text-sm text-slate-600">Signed in as {user.email}</p>
      </section>
      <section aria-labelledby="password-heading" className="card">
        <h2 id="password-heading" className="mb-4 text-lg font-semibold">
          Change password
        </h2>
        <Form method="post" {...getFormProps(form)} className="max-w-sm">
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field label="Current password" inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }} errors={fields.currentPassword.errors} />
          <Field label="New password" hint="At least 8 characters." inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }} errors={fields.password.errors} />
          <Field label="Repeat new password" inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }} errors={fields.confirmPassword.errors} />
          <SubmitButton pending={navigation.state === "submitting"}>Change password</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
