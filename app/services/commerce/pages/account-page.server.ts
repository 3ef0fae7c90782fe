/**
 * The account page's loader and action (plan and credits, API keys, terms consent, credit purchase, password), with
 * Remix's `json` and `redirect` called here: a page module (ADR 022).
 */
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import crypto from "node:crypto";
import {
  apiKeysHref,
  type CreatedKey,
  type KeyFormError,
  type TypedKeyForm,
} from "~/components/commerce/api-keys-section";
import {
  ACCOUNT_LIST_PAGE_SIZE,
  API_KEY_MODAL_PARAM,
  DOCUMENTS_BEFORE_PARAM,
  REPORTS_BEFORE_PARAM,
  accountIntent,
  pageCursor,
} from "~/domain/auth/account";
import { AUTH_MESSAGES } from "~/domain/auth/auth";
import { ChangePasswordSchema } from "~/domain/auth/auth-forms";
import { billingInfoHref } from "~/domain/commerce/billing";
import { cartReviewHref, creditsSelection, selectionSearch } from "~/domain/commerce/cart";
import { canUseApiKey } from "~/domain/commerce/entitlements";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import {
  MAX_LOCATIONS_PER_PURCHASE,
  PACKAGE_TYPES,
  plainIntegerInput,
  tooLargeMessage,
} from "~/domain/commerce/packages";
import { PLAN_DEFINITIONS } from "~/domain/commerce/plans";
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints } from "../../webhooks/webhooks.server";
import { webhooksHref, type CreatedWebhook, type WebhookFormError } from "~/components/commerce/webhooks-section";
import {
  KeyInputError,
  createApiKey,
  listApiKeys,
  revokeApiKeyById,
  rotateApiKeyById,
} from "../../api/keys/api-keys.server";
import { changePassword } from "../../auth/auth.server";
import { readSessionToken, requireUser } from "../../auth/session.server";
import { isAppError } from "../../http/errors.server";
import { readFormData } from "../../http/forms/form-body.server";
import { replyWithServiceError } from "../../http/forms/form-errors.server";
import { redirectWithToast } from "../../http/forms/toast.server";
import { getTermsConsent, setTermsConsent } from "../billing.server";
import { listReportsPage, mergedDocumentsPage } from "../documents.server";
import { getUserEntitlements } from "../entitlements.server";
import { currentPaymentsMode } from "../orders/payments.server";

export async function loadAccountPage(request: Request) {
  const user = await requireUser(request);
  const plan = PLAN_DEFINITIONS.find((p) => p.code === user.planCode);
  const mayHoldKey = canUseApiKey(user.planCode);
  const search = new URL(request.url).searchParams;
  const [entitlements, documents, reports, terms, apiKeys, webhooks] = await Promise.all([
    getUserEntitlements(user),
    mergedDocumentsPage(user.id, {
      limit: ACCOUNT_LIST_PAGE_SIZE,
      startingAfter: pageCursor(search, DOCUMENTS_BEFORE_PARAM),
    }),
    listReportsPage(user.id, {
      limit: ACCOUNT_LIST_PAGE_SIZE,
      startingAfter: pageCursor(search, REPORTS_BEFORE_PARAM),
    }),
    getTermsConsent(user.id),
    mayHoldKey ? listApiKeys(user.id) : Promise.resolve([]),
    listWebhookEndpoints(user.id),
  ]);
  return json({
    user,
    plan,
    entitlements,
    documents: documents.documents,
    olderDocuments: documents.hasMore ? documents.documents.at(-1)?.number : undefined,
    newerDocuments: search.has(DOCUMENTS_BEFORE_PARAM),
    reports: reports.results,
    olderReports: reports.hasMore ? reports.results.at(-1)?.id : undefined,
    newerReports: search.has(REPORTS_BEFORE_PARAM),
    terms,
    apiKeys,
    webhooks,
    mayHoldKey,
    // The spec's API key dialog: the page's API keys section, opened as a dialog by the flag.
    apiKeyModal: search.has(API_KEY_MODAL_PARAM),
    payments: currentPaymentsMode(),
    idempotencyKey: crypto.randomUUID(),
  });
}

/** What was typed in the create form, so a refused field is corrected rather than retyped (no JavaScript keeps it). */
function typedKeyForm(formData: FormData): TypedKeyForm {
  const text = (name: string) => String(formData.get(name) ?? "");
  return {
    name: text("name"),
    scopes: formData.getAll("scopes").map(String),
    expires_in_days: text("expires_in_days"),
    allowed_addresses: text("allowed_addresses"),
    mode: text("mode"),
  };
}

export async function actAccountPage(request: Request) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = accountIntent(formData.get("intent"));
  const back = (toast: string, type: "success" | "error" = "success") =>
    redirectWithToast("/dashboard/account", { type, description: toast });
  try {
    switch (intent) {
      case "create_named_key": {
        const created = await createApiKey(user, {
          name: formData.get("name"),
          scopes: formData.getAll("scopes").map(String),
          expires_in_days: formData.get("expires_in_days"),
          allowed_addresses: formData.get("allowed_addresses"),
          mode: formData.get("mode"),
        });
        return json({
          namedKey: {
            created: { key: created.key, name: created.name, livemode: created.livemode } as CreatedKey | null,
            error: null as KeyFormError | null,
          },
        });
      }
      case "rotate_named_key": {
        const created = await rotateApiKeyById(user, String(formData.get("key_id") ?? ""));
        return json({
          namedKey: {
            created: { key: created.key, name: created.name, livemode: created.livemode } as CreatedKey | null,
            error: null as KeyFormError | null,
          },
        });
      }
      case "revoke_named_key": {
        const revoked = await revokeApiKeyById(user.id, String(formData.get("key_id") ?? ""));
        return redirectWithToast(apiKeysHref(new URL(request.url).searchParams.has(API_KEY_MODAL_PARAM)), {
          type: "success",
          description: `API key “${revoked.name}” revoked`,
        });
      }
      case "create_webhook": {
        const created = await createWebhookEndpoint(user.id, {
          url: formData.get("url"),
          events: formData.getAll("events").map(String),
          description: formData.get("description") ?? "",
        });
        return json({
          webhook: {
            created: { url: created.url, secret: created.secret } as CreatedWebhook | null,
            error: null as WebhookFormError | null,
          },
        });
      }
      case "delete_webhook": {
        const deleted = await deleteWebhookEndpoint(user.id, String(formData.get("webhook_id") ?? ""));
        return redirectWithToast(webhooksHref, { type: "success", description: `Webhook ${deleted.url} deleted` });
      }
      case "terms":
        await setTermsConsent(user.id, formData.get("terms_conditions") === "on");
        return back(COMMERCE_MESSAGES.termsSaved);
      case "buy_credits": {
        const type = Number(formData.get("type")) as 1 | 2 | 3;
        const given = plainIntegerInput(formData.get("amount") ?? "");
        const amount = typeof given === "number" ? given : Number.NaN;
        if (!PACKAGE_TYPES[type]) return back("Choose countries, regions or hexagons", "error");
        if (amount > MAX_LOCATIONS_PER_PURCHASE)
          return back(tooLargeMessage("The number of locations", MAX_LOCATIONS_PER_PURCHASE), "error");
        if (!Number.isInteger(amount) || amount < 1)
          return back("Enter how many locations to buy: a whole number of at least 1", "error");
        // Nothing is charged from here: the purchase goes through the review (lines, VAT, billing details, terms).
        return redirect(cartReviewHref(selectionSearch(creditsSelection(PACKAGE_TYPES[type], amount), user.planCode)));
      }
      case "password":
        break;
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (intent === "create_named_key" || intent === "rotate_named_key" || intent === "revoke_named_key") {
      const creating = intent === "create_named_key";
      const keyError: KeyFormError = {
        message: error.message,
        field: error.field ?? null,
        fields: error instanceof KeyInputError ? error.fields : error.field ? { [error.field]: error.message } : {},
        typed: creating ? typedKeyForm(formData) : null,
      };
      return json({ namedKey: { created: null as CreatedKey | null, error: keyError } }, { status: error.status });
    }
    if (intent === "create_webhook" || intent === "delete_webhook") {
      const typed = intent === "create_webhook" ? String(formData.get("url") ?? "") : null;
      const hookError: WebhookFormError = { message: error.message, url: typed };
      return json({ webhook: { created: null as CreatedWebhook | null, error: hookError } }, { status: error.status });
    }
    if (error.field === "billing_info") return redirect(billingInfoHref("/dashboard/account"));
    return back(error.message, "error");
  }
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["currentPassword", "password", "confirmPassword"] }), { status: 400 });
  }
  try {
    await changePassword(
      user.id,
      submission.value.currentPassword,
      submission.value.password,
      readSessionToken(request),
    );
  } catch (error) {
    const { reply, status } = replyWithServiceError(submission, error, [
      "currentPassword",
      "password",
      "confirmPassword",
    ]);
    return json(reply, { status });
  }
  return redirectWithToast("/dashboard/account", {
    type: "success",
    description: AUTH_MESSAGES.passwordChangedSignedIn,
  });
}
