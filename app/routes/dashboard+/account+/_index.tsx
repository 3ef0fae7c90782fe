import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import crypto from "node:crypto";
import { CreditBalance, DocumentsTable, ReportsTable, TermsConsentForm, BuyCreditsForm } from "~/components/commerce/account-sections";
import { API_KEY_MODAL_PARAM, KEY_CONFIRM_ACTION_PARAM, KEY_CONFIRM_PARAM, accountIntent } from "~/domain/auth/account";
import { API_KEYS_SECTION_ID, ApiKeysSection, type CreatedKey, type KeyFormError } from "~/components/commerce/api-keys-section";
import { billingInfoHref } from "~/domain/commerce/billing";
import { cartReviewHref, creditsSelection, selectionSearch } from "~/domain/commerce/cart";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { MAX_LOCATIONS_PER_PURCHASE, PACKAGE_TYPES, tooLargeMessage } from "~/domain/commerce/packages";
import { API_KEY_FORBIDDEN_MESSAGE, canUseApiKey } from "~/domain/commerce/entitlements";
import { createApiKey, listApiKeys, revokeApiKeyById, rotateApiKeyById } from "~/services/api/keys/api-keys.server";
import { getTermsConsent, setTermsConsent } from "~/services/commerce/billing.server";
import { listReports, mergedDocuments } from "~/services/commerce/documents.server";
import { currentPaymentsMode } from "~/services/commerce/orders/payments.server";
import { getUserEntitlements } from "~/services/commerce/entitlements.server";
import { isAppError } from "~/services/http/errors.server";
import { ErrorList, Field, SubmitButton } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { AUTH_MESSAGES } from "~/domain/auth/auth";
import { ChangePasswordSchema } from "~/domain/auth/auth-forms";
import { PLAN_DEFINITIONS } from "~/domain/commerce/plans";
import { changePassword } from "~/services/auth/auth.server";
import { replyWithServiceError } from "~/services/http/forms/form-errors.server";
import { readSessionToken, requireUser } from "~/services/auth/session.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";
import { pageTitle } from "~/utils/meta";
import { readFormData } from "~/services/http/forms/form-body.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Credit Balance") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The spec's API key dialog flag: keys live in the page's one API keys section now, so the flag leads there.
  if (new URL(request.url).searchParams.has(API_KEY_MODAL_PARAM)) return redirect(`/dashboard/account#${API_KEYS_SECTION_ID}`);
  const plan = PLAN_DEFINITIONS.find((p) => p.code === user.planCode);
  const mayHoldKey = canUseApiKey(user.planCode);
  const [entitlements, documents, reports, terms, apiKeys] = await Promise.all([
    getUserEntitlements(user),
    mergedDocuments(user.id),
    listReports(user.id),
    getTermsConsent(user.id),
    mayHoldKey ? listApiKeys(user.id) : Promise.resolve([]),
  ]);
  return json({
    user,
    plan,
    entitlements,
    documents,
    reports,
    terms,
    apiKeys,
    mayHoldKey,
    payments: currentPaymentsMode(),
    idempotencyKey: crypto.randomUUID(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = accountIntent(formData.get("intent"));
  const back = (toast: string, type: "success" | "error" = "success") => redirectWithToast("/dashboard/account", { type, description: toast });
  try {
    switch (intent) {
      case "create_named_key": {
        const created = await createApiKey(user, { name: formData.get("name"), scopes: formData.getAll("scopes").map(String) });
        return json({ namedKey: { created: { key: created.key, name: created.name } as CreatedKey | null, error: null as KeyFormError | null } });
      }
      case "rotate_named_key": {
        const created = await rotateApiKeyById(user, String(formData.get("key_id") ?? ""));
        return json({ namedKey: { created: { key: created.key, name: created.name } as CreatedKey | null, error: null as KeyFormError | null } });
      }
      case "revoke_named_key": {
        const revoked = await revokeApiKeyById(user.id, String(formData.get("key_id") ?? ""));
        return redirectWithToast(`/dashboard/account#${API_KEYS_SECTION_ID}`, { type: "success", description: `API key “${revoked.name}” revoked` });
      }
      case "terms":
        await setTermsConsent(user.id, formData.get("terms_conditions") === "on");
        return back(COMMERCE_MESSAGES.termsSaved);
      case "buy_credits": {
        const type = Number(formData.get("type")) as 1 | 2 | 3;
        const amount = Number.parseInt(String(formData.get("amount") ?? ""), 10);
        if (!PACKAGE_TYPES[type]) return back("Choose countries, regions or hexagons", "error");
        if (amount > MAX_LOCATIONS_PER_PURCHASE) return back(tooLargeMessage("The number of locations", MAX_LOCATIONS_PER_PURCHASE), "error");
        if (!Number.isInteger(amount) || amount < 1) return back("Enter how many locations to buy: a whole number of at least 1", "error");
        // Nothing is charged from here: the purchase goes through the review (lines, VAT, billing details, terms).
        return redirect(cartReviewHref(selectionSearch(creditsSelection(PACKAGE_TYPES[type], amount), user.planCode)));
      }
      case "password":
        break;
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (intent === "create_named_key" || intent === "rotate_named_key" || intent === "revoke_named_key") {
      const typed = intent === "create_named_key" ? String(formData.get("name") ?? "") : null;
      const keyError: KeyFormError = { message: error.message, field: error.field ?? null, name: typed };
      return json({ namedKey: { created: null as CreatedKey | null, error: keyError } }, { status: error.status });
    }
    if (error.field === "billing_info") return redirect(billingInfoHref("/dashboard/account"));
    return back(error.message, "error");
  }
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
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
    description: AUTH_MESSAGES.passwordChangedSignedIn,
  });
}

export default function AccountPage() {
  const data = useLoaderData<typeof loader>();
  const { user, plan, entitlements } = data;
  const actionData = useActionData<typeof action>();
  const namedKeyResult = actionData && "namedKey" in actionData ? actionData.namedKey : null;
  const lastResult = actionData && !("namedKey" in actionData) ? actionData : undefined;
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
  return (
    <div className="max-w-3xl">
      <PageHeader title="Credit Balance" lead="Your plan, what it grants and what remains, invoices, API keys and sign-in settings." />
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
      </section>
      <section aria-labelledby="reports-heading" className="card mb-6">
        <h2 id="reports-heading" className="mb-2 text-lg font-semibold">
          Reports
        </h2>
        <ReportsTable reports={data.reports} />
      </section>
      <ApiKeysSection
        mayHoldKey={data.mayHoldKey}
        forbiddenMessage={API_KEY_FORBIDDEN_MESSAGE}
        keys={data.apiKeys}
        created={namedKeyResult?.created ?? null}
        error={namedKeyResult?.error ?? null}
        confirm={confirmKey}
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
          <Field label="Current password" inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }} errors={fields.currentPassword.errors} />
          <Field label="New password" hint="At least 8 characters." inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }} errors={fields.password.errors} />
          <Field label="Repeat new password" inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }} errors={fields.confirmPassword.errors} />
          <SubmitButton pending={navigation.state === "submitting"}>Change password</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
