import { Form } from "@remix-run/react";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { formatKeyTime } from "~/domain/api/keys/api-keys";
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TEXT,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_URL_MAX,
} from "~/domain/api/webhooks/webhooks";

export interface WebhookRow {
  id: string;
  url: string;
  events: readonly string[];
  description: string;
  secret_hint: string;
  created_at: string;
}

export interface CreatedWebhook {
  url: string;
  secret: string;
}

export interface WebhookFormError {
  message: string;
  /** What was typed, so a refused URL can be corrected rather than retyped. */
  url: string | null;
}

const SECTION_ID = "webhooks";
/** The account page is an index route: `?index` sends the post to its action; the fragment returns to this section. */
const FORM_ACTION = `/dashboard/account?index#${SECTION_ID}`;
export const webhooksHref = `/dashboard/account#${SECTION_ID}`;

/**
 * The account's webhook endpoints: the list with a delete button each, and a form that registers one and shows its
 * signing secret once. Plain forms: it works without JavaScript.
 */
export function WebhooksSection({
  endpoints,
  created,
  error,
}: {
  endpoints: readonly WebhookRow[];
  created: CreatedWebhook | null;
  error: WebhookFormError | null;
}) {
  return (
    <section id={SECTION_ID} aria-labelledby={`${SECTION_ID}-heading`} className="card mb-6">
      <h2 id={`${SECTION_ID}-heading`} className="mb-2 text-lg font-semibold">
        Webhooks
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Up to {MAX_WEBHOOK_ENDPOINTS} https endpoints. dataset.published: {WEBHOOK_EVENT_TEXT["dataset.published"]} Each
        delivery is signed in the {WEBHOOK_SIGNATURE_HEADER} header; the API page tells how to check it (
        <code>{apiUrl(API_PATHS.webhooks)}</code>).
      </p>
      <div aria-live="polite" data-testid="webhooks-live">
        {error ? (
          <p id="webhook-url-error" role="alert" className="mb-3 text-red-700" data-testid="webhook-error">
            {error.message}
          </p>
        ) : null}
        {created ? (
          <div className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-3" data-testid="new-webhook-secret">
            <label htmlFor="new-webhook-secret" className="field-label">
              Signing secret of {created.url}: shown only now, copy it somewhere safe
            </label>
            <input
              id="new-webhook-secret"
              readOnly
              value={created.secret}
              className="field-input w-full font-mono text-xs"
            />
          </div>
        ) : null}
      </div>
      {endpoints.length ? (
        <ul className="mb-4 divide-y divide-slate-200" data-testid="webhook-list">
          {endpoints.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 break-all">
                <span className="font-mono text-xs">{e.url}</span>
                <span className="block text-slate-600">
                  {e.events.join(", ")} · secret {e.secret_hint} · since {formatKeyTime(e.created_at)}
                  {e.description ? ` · ${e.description}` : ""}
                </span>
              </span>
              <Form method="post" action={FORM_ACTION} preventScrollReset>
                <input type="hidden" name="intent" value="delete_webhook" />
                <input type="hidden" name="webhook_id" value={e.id} />
                <button type="submit" className="btn-danger" aria-label={`Delete webhook ${e.url}`}>
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm">No webhooks yet.</p>
      )}
      <Form method="post" action={FORM_ACTION} preventScrollReset className="max-w-md space-y-3">
        <h3 className="font-semibold">Add an endpoint</h3>
        <input type="hidden" name="intent" value="create_webhook" />
        <input type="hidden" name="events" value="dataset.published" />
        <div>
          <label htmlFor="webhook-url" className="field-label">
            Endpoint URL
          </label>
          <input
            id="webhook-url"
            name="url"
            type="url"
            required
            maxLength={WEBHOOK_URL_MAX}
            placeholder="https://hooks.example.com/climate-risk"
            className="field-input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "webhook-url-error" : undefined}
            defaultValue={error?.url ?? undefined}
          />
        </div>
        <div>
          <label htmlFor="webhook-description" className="field-label">
            Description (optional)
          </label>
          <input
            id="webhook-description"
            name="description"
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            className="field-input"
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn-primary">
          Add webhook
        </button>
      </Form>
    </section>
  );
}
