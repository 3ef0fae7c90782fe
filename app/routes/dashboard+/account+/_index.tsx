import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import {
  CreditBalance,
  DocumentsTable,
  ListPager,
  ReportsTable,
  TermsConsentForm,
  BuyCreditsForm,
} from "~/components/commerce/account-sections";
import {
  DOCUMENTS_BEFORE_PARAM,
  KEY_CONFIRM_ACTION_PARAM,
  KEY_CONFIRM_PARAM,
  REPORTS_BEFORE_PARAM,
} from "~/domain/auth/account";
import { API_KEY_DIALOG_TITLE, ApiKeysSection, apiKeysHref } from "~/components/commerce/api-keys-section";
import { Modal } from "~/components/ui/modal";
import { WebhooksSection } from "~/components/commerce/webhooks-section";
import { API_KEY_FORBIDDEN_MESSAGE } from "~/domain/commerce/entitlements";
import { ErrorList, Field, SubmitButton } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { ChangePasswordSchema } from "~/domain/auth/auth-forms";
import { pageTitle } from "~/utils/meta";
import { actAccountPage, loadAccountPage } from "~/services/commerce/pages/account-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Credit Balance") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAccountPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actAccountPage(request);
}

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
  const { user, plan, entitlements } = data;
  const actionData = useActionData<typeof action>();
  const namedKeyResult = actionData && "namedKey" in actionData ? actionData.namedKey : null;
  const webhookResult = actionData && "webhook" in actionData ? actionData.webhook : null;
  const lastResult = actionData && !("namedKey" in actionData) && !("webhook" in actionData) ? actionData : undefined;
  const navigation = useNavigation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const confirmAction = params.get(KEY_CONFIRM_ACTION_PARAM);
  const confirmKey =
    (confirmAction === "rotate" || confirmAction === "revoke") && params.get(KEY_CONFIRM_PARAM) && !namedKeyResult
      ? { action: confirmAction as "rotate" | "revoke", id: params.get(KEY_CONFIRM_PARAM)! }
      : null;
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
  });
  const apiKeys = (inDialog: boolean) => (
    <ApiKeysSection
      mayHoldKey={data.mayHoldKey}
      forbiddenMessage={API_KEY_FORBIDDEN_MESSAGE}
      keys={data.apiKeys}
      created={namedKeyResult?.created ?? null}
      error={namedKeyResult?.error ?? null}
      confirm={confirmKey}
      inDialog={inDialog}
    />
  );
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Credit Balance"
        lead="Your plan, what it grants and what remains, invoices, API keys and sign-in settings."
      />
      <section aria-labelledby="plan-heading" className="card mb-6">
        <h2 id="plan-heading" className="text-lg font-semibold">
          Plan: {user.planCode}
        </h2>
        {plan ? <p className="mt-1 text-slate-700">{plan.description}</p> : null}
        <CreditBalance e={entitlements} />
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/dashboard/cart" className="btn-primary">
            Upgrade plan or buy packages
          </Link>
          <Link to="/pricing" className="btn-secondary">
            See prices
          </Link>
        </div>
        <BuyCreditsForm idempotencyKey={data.idempotencyKey} payments={data.payments} />
        <p className="mt-4 text-sm text-slate-600">Signed in as {user.email}</p>
      </section>
      <section aria-labelledby="documents-heading" className="card mb-6">
        <h2 id="documents-heading" className="mb-2 text-lg font-semibold">
          Invoices and receipts
        </h2>
        <DocumentsTable documents={data.documents} />
        <ListPager
          label="Invoices"
          param={DOCUMENTS_BEFORE_PARAM}
          anchor="documents-heading"
          older={data.olderDocuments}
          newer={data.newerDocuments}
        />
      </section>
      <section aria-labelledby="reports-heading" className="card mb-6">
        <h2 id="reports-heading" className="mb-2 text-lg font-semibold">
          Reports
        </h2>
        <ReportsTable reports={data.reports} />
        <ListPager
          label="Reports"
          param={REPORTS_BEFORE_PARAM}
          anchor="reports-heading"
          older={data.olderReports}
          newer={data.newerReports}
        />
      </section>
      {data.apiKeyModal ? (
        <Modal title={API_KEY_DIALOG_TITLE} closeHref={apiKeysHref(false)} size="lg">
          {apiKeys(true)}
        </Modal>
      ) : (
        apiKeys(false)
      )}
      <WebhooksSection
        endpoints={data.webhooks}
        created={webhookResult?.created ?? null}
        error={webhookResult?.error ?? null}
      />
      <section aria-labelledby="terms-heading" className="card mb-6">
        <h2 id="terms-heading" className="mb-2 text-lg font-semibold">
          Terms consent
        </h2>
        <TermsConsentForm terms={data.terms} />
      </section>
      <section aria-labelledby="password-heading" className="card">
        <h2 id="password-heading" className="mb-4 text-lg font-semibold">
          Change password
        </h2>
        <Form method="post" {...getFormProps(form)} className="max-w-sm">
          <input type="hidden" name="intent" value="password" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field
            label="Current password"
            inputProps={{
              ...getInputProps(fields.currentPassword, { type: "password" }),
              autoComplete: "current-password",
            }}
            errors={fields.currentPassword.errors}
          />
          <Field
            label="New password"
            hint="At least 8 characters."
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.password.errors}
          />
          <Field
            label="Repeat new password"
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              autoComplete: "new-password",
            }}
            errors={fields.confirmPassword.errors}
          />
          <SubmitButton pending={navigation.state === "submitting"}>Change password</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
