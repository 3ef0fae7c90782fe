import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { DataTable, PhoneRowBlocks, TD, TH, TH_ROW } from "~/components/ui/table";
import {
  API_KEY_NAME_MAX,
  API_KEY_ROTATION_OVERLAP_TEXT,
  API_KEY_SCOPE_TEXT,
  MAX_ACTIVE_API_KEYS,
  formatKeyTime,
} from "~/domain/api/keys/api-keys";
import { KEY_CONFIRM_ACTION_PARAM, KEY_CONFIRM_PARAM } from "~/domain/auth/account";

export interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: readonly string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

export interface CreatedKey {
  key: string;
  name: string;
}

const SECTION_ID = "api-keys";
/** The account page is an index route: `?index` sends the post to its action, and drops the confirmation query. */
const ACCOUNT_FORM_ACTION = "/dashboard/account?index";
const confirmHref = (action: "rotate" | "revoke", id: string) =>
  `?${KEY_CONFIRM_ACTION_PARAM}=${action}&${KEY_CONFIRM_PARAM}=${id}#${SECTION_ID}-confirm`;

/** The secret, shown once: a read-only field to select, and a copy button once scripts run. */
function NewKey({ created }: { created: CreatedKey }) {
  const [scripted, setScripted] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <div
      role="status"
      className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-3"
      data-testid="new-api-key"
    >
      <label htmlFor="new-named-key" className="field-label">
        New key “{created.name}”: shown only now, copy it somewhere safe
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="new-named-key"
          readOnly
          value={created.key}
          className="field-input min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        {scripted ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void navigator.clipboard?.writeText(created.key).then(() => setCopied(true))}
          >
            {copied ? "Copied" : "Copy key"}
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-slate-600">
        Send it as Authorization: Bearer &lt;key&gt;. It is stored hashed: nobody can show it again.
      </p>
    </div>
  );
}

function Confirm({ row, action }: { row: KeyRow; action: "rotate" | "revoke" }) {
  const text =
    action === "rotate"
      ? `Rotate “${row.name}”? A new key with the same scopes is shown once; the old key keeps working for ${API_KEY_ROTATION_OVERLAP_TEXT}, then stops.`
      : `Revoke “${row.name}”? It stops working at once for every script that uses it.`;
  return (
    <div
      id={`${SECTION_ID}-confirm`}
      role="alertdialog"
      aria-labelledby={`${SECTION_ID}-confirm-text`}
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3"
    >
      <p id={`${SECTION_ID}-confirm-text`} className="mb-2">
        {text}
      </p>
      <div className="flex flex-wrap gap-3">
        <Form method="post" action={ACCOUNT_FORM_ACTION} preventScrollReset>
          <input type="hidden" name="intent" value={action === "rotate" ? "rotate_named_key" : "revoke_named_key"} />
          <input type="hidden" name="key_id" value={row.id} />
          <button type="submit" className={action === "revoke" ? "btn-danger" : "btn-primary"} autoFocus>
            {action === "rotate" ? `Rotate ${row.name}` : `Revoke ${row.name}`}
          </button>
        </Form>
        <Link to={`/dashboard/account#${SECTION_ID}`} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
      </div>
    </div>
  );
}

function RowActions({ row }: { row: KeyRow }) {
  return (
    <span className="inline-flex gap-3">
      {row.expires_at ? null : (
        <Link
          to={confirmHref("rotate", row.id)}
          preventScrollReset
          className="underline"
          aria-label={`Rotate ${row.name}`}
        >
          Rotate
        </Link>
      )}
      <Link
        to={confirmHref("revoke", row.id)}
        preventScrollReset
        className="text-red-700 underline"
        aria-label={`Revoke ${row.name}`}
      >
        Revoke
      </Link>
    </span>
  );
}

function Scopes({ scopes }: { scopes: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {scopes.map((s) => (
        <Badge key={s}>{s}</Badge>
      ))}
    </span>
  );
}

/** Named keys: list, create (name and scopes), rotate and revoke after a confirmation; plain forms throughout. */
export function ApiKeysSection({
  keys,
  created,
  error,
  confirm,
}: {
  keys: readonly KeyRow[];
  created: CreatedKey | null;
  error: string | null;
  confirm: { action: "rotate" | "revoke"; id: string } | null;
}) {
  const confirming = confirm ? keys.find((k) => k.id === confirm.id) : undefined;
  return (
    <section id={SECTION_ID} aria-labelledby={`${SECTION_ID}-heading`} className="card mb-6">
      <h2 id={`${SECTION_ID}-heading`} className="mb-2 text-lg font-semibold">
        API keys
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Up to {MAX_ACTIVE_API_KEYS} named keys, one per script or server. Every key reads what this dashboard shows;
        only a key with the billing scope may buy or change billing.
      </p>
      {error ? (
        <p role="alert" className="mb-3 text-red-700">
          {error}
        </p>
      ) : null}
      {created ? <NewKey created={created} /> : null}
      {confirming && confirm ? <Confirm row={confirming} action={confirm.action} /> : null}
      {keys.length ? (
        <>
          <PhoneRowBlocks
            testId="api-key-blocks"
            rows={keys.map((k) => ({
              key: k.id,
              title: k.name,
              values: [
                [
                  "Key",
                  <span key="p" className="font-mono text-xs">
                    {k.prefix}…
                  </span>,
                ],
                ["Scopes", k.scopes.join(", ")],
                ["Created", formatKeyTime(k.created_at)],
                ["Last used", k.last_used_at ? formatKeyTime(k.last_used_at) : "Never"],
                ["Expires", k.expires_at ? formatKeyTime(k.expires_at) : "—"],
                ["Actions", <RowActions key="a" row={k} />],
              ],
            }))}
          />
          <DataTable label="Your API keys" caption="Your API keys" boxClassName="hidden sm:block">
            <thead>
              <tr>
                <th scope="col" className={TH}>
                  Name
                </th>
                <th scope="col" className={TH}>
                  Key
                </th>
                <th scope="col" className={TH}>
                  Scopes
                </th>
                <th scope="col" className={TH}>
                  Created
                </th>
                <th scope="col" className={TH}>
                  Last used
                </th>
                <th scope="col" className={TH}>
                  Expires
                </th>
                <th scope="col" className={TH}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} data-testid="api-key-row">
                  <th scope="row" className={TH_ROW}>
                    {k.name}
                  </th>
                  <td className={`${TD} font-mono text-xs`}>{k.prefix}…</td>
                  <td className={TD}>
                    <Scopes scopes={k.scopes} />
                  </td>
                  <td className={`${TD} whitespace-nowrap`}>{formatKeyTime(k.created_at)}</td>
                  <td className={`${TD} whitespace-nowrap`}>
                    {k.last_used_at ? formatKeyTime(k.last_used_at) : "Never"}
                  </td>
                  <td className={`${TD} whitespace-nowrap`}>{k.expires_at ? formatKeyTime(k.expires_at) : "—"}</td>
                  <td className={`${TD} whitespace-nowrap`}>
                    <RowActions row={k} />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </>
      ) : (
        <p className="text-sm">No API keys yet.</p>
      )}
      <Form method="post" action={ACCOUNT_FORM_ACTION} preventScrollReset className="mt-4 max-w-md space-y-3">
        <h3 className="font-semibold">Create a key</h3>
        <input type="hidden" name="intent" value="create_named_key" />
        <div>
          <label htmlFor="key-name" className="field-label">
            Name
          </label>
          <input
            id="key-name"
            name="name"
            required
            maxLength={API_KEY_NAME_MAX}
            className="field-input"
            aria-describedby="key-name-hint"
            autoComplete="off"
          />
          <p id="key-name-hint" className="mt-1 text-xs text-slate-600">
            The script or server that will use it, e.g. “nightly export”.
          </p>
        </div>
        <fieldset>
          <legend className="field-label">Scopes</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked disabled className="mt-1" aria-describedby="scope-read-text" />
            <span>
              read{" "}
              <span id="scope-read-text" className="text-slate-600">
                — {API_KEY_SCOPE_TEXT.read}
              </span>
            </span>
          </label>
          <label className="mt-1 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="scopes"
              value="billing"
              className="mt-1"
              aria-describedby="scope-billing-text"
            />
            <span>
              billing{" "}
              <span id="scope-billing-text" className="text-slate-600">
                — {API_KEY_SCOPE_TEXT.billing}
              </span>
            </span>
          </label>
        </fieldset>
        <button type="submit" className="btn-primary">
          Create key
        </button>
      </Form>
    </section>
  );
}
