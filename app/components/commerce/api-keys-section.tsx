import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { DataTable, PhoneRowBlocks, TD, TH, TH_ROW } from "~/components/ui/table";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import {
  API_KEY_NAME_MAX,
  API_KEY_ROTATION_OVERLAP_TEXT,
  API_KEY_SCOPE_TEXT,
  DEFAULT_API_KEY_NAME,
  MAX_ACTIVE_API_KEYS,
  formatKeyTime,
} from "~/domain/api/keys/api-keys";
import { API_KEY_MAX_ALLOWED_ADDRESSES, API_KEY_MAX_EXPIRY_DAYS } from "~/domain/api/keys/key-options";
import { API_KEY_MODAL_PARAM, KEY_CONFIRM_ACTION_PARAM, KEY_CONFIRM_PARAM } from "~/domain/auth/account";

export interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: readonly string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  rotated: boolean;
  allowed_addresses: readonly string[] | null;
  livemode: boolean;
}

export interface CreatedKey {
  key: string;
  name: string;
  livemode: boolean;
}

export const API_KEYS_SECTION_ID = "api-keys";
/** The title of the spec's API key dialog (apiKeyModal). */
export const API_KEY_DIALOG_TITLE = "API keys";
const SECTION_ID = API_KEYS_SECTION_ID;
/**
 * The account page is an index route: `?index` sends the post to its action, and drops the confirmation query. The
 * fragment brings a browser without JavaScript back to this section (and the new key) rather than the page's top.
 */
const accountFormAction = (inDialog: boolean) =>
  `/dashboard/account?index${inDialog ? `&${API_KEY_MODAL_PARAM}=1` : ""}#${SECTION_ID}`;
const confirmHref = (action: "rotate" | "revoke", id: string, inDialog: boolean) =>
  `?${inDialog ? `${API_KEY_MODAL_PARAM}=1&` : ""}${KEY_CONFIRM_ACTION_PARAM}=${action}&${KEY_CONFIRM_PARAM}=${id}#${SECTION_ID}-confirm`;
/** Where the dialog's Close and a confirmation's Cancel lead. */
export const apiKeysHref = (inDialog: boolean) =>
  `/dashboard/account${inDialog ? `?${API_KEY_MODAL_PARAM}=1` : ""}#${SECTION_ID}`;

/** The secret, shown once: a read-only field to select, and a copy button once scripts run. */
function NewKey({ created }: { created: CreatedKey }) {
  const [scripted, setScripted] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <div className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-3" data-testid="new-api-key">
      <label htmlFor="new-named-key" className="field-label">
        New {created.livemode ? "" : "test-mode "}key “{created.name}”: shown only now, copy it somewhere safe
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="new-named-key"
          readOnly
          value={created.key}
          aria-describedby="new-named-key-hint"
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
      <p id="new-named-key-hint" className="mt-1 text-xs text-slate-600">
        Send it as Authorization: Bearer &lt;key&gt;. It is stored hashed: nobody can show it again.
      </p>
    </div>
  );
}

function Confirm({ row, action, inDialog }: { row: KeyRow; action: "rotate" | "revoke"; inDialog: boolean }) {
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
        <Form method="post" action={accountFormAction(inDialog)} preventScrollReset>
          <input type="hidden" name="intent" value={action === "rotate" ? "rotate_named_key" : "revoke_named_key"} />
          <input type="hidden" name="key_id" value={row.id} />
          <button type="submit" className={action === "revoke" ? "btn-danger" : "btn-primary"} autoFocus>
            {action === "rotate" ? `Rotate ${row.name}` : `Revoke ${row.name}`}
          </button>
        </Form>
        <Link to={apiKeysHref(inDialog)} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
      </div>
    </div>
  );
}

/** Rotate and revoke; stacked in the wide table so its last column stays in view beside long names. */
function RowActions({ row, stacked = false, inDialog }: { row: KeyRow; stacked?: boolean; inDialog: boolean }) {
  return (
    <span className={stacked ? "inline-flex flex-col gap-1" : "inline-flex gap-3"}>
      {row.rotated ? null : (
        <Link
          to={confirmHref("rotate", row.id, inDialog)}
          preventScrollReset
          className="underline"
          aria-label={`Rotate ${row.name}`}
        >
          Rotate
        </Link>
      )}
      <Link
        to={confirmHref("revoke", row.id, inDialog)}
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

/** The name a key is listed under, with a badge on the key the get_app_key endpoints name and on a test-mode key. */
function KeyName({ row }: { row: KeyRow }) {
  return (
    <>
      {row.name}
      {row.name === DEFAULT_API_KEY_NAME && !row.rotated ? (
        <>
          {" "}
          <Badge>app key</Badge>
        </>
      ) : null}
      {row.livemode ? null : (
        <>
          {" "}
          <Badge>test mode</Badge>
        </>
      )}
    </>
  );
}

const addressesText = (row: KeyRow) => (row.allowed_addresses ? row.allowed_addresses.join(", ") : "Any");

/** The create form's fields as typed, given back with the errors. */
export interface TypedKeyForm {
  name: string;
  scopes: string[];
  expires_in_days: string;
  allowed_addresses: string;
  mode: string;
}

export interface KeyFormError {
  message: string;
  /** The field the message is about ("name", "allowed_addresses"…), or null for the form as a whole. */
  field: string | null;
  /** A message per field at fault: each is shown at its field. */
  fields: Record<string, string>;
  /** What was typed in the create form, so a refused field is corrected rather than retyped; null for other forms. */
  typed: TypedKeyForm | null;
}

/** The create form's fields: an error about one of them is shown at it, any other above the list. */
const FORM_FIELDS = ["name", "scopes", "expires_in_days", "expires_at", "allowed_addresses", "mode"];

/**
 * The account's one place for API keys: the list, create (name and scopes), rotate with an overlap and revoke after a
 * confirmation, in plain forms. The key named `default` is the one the legacy get_app_key endpoints read and change.
 * A plan without API keys sees the spec's message instead.
 */
export function ApiKeysSection({
  mayHoldKey,
  forbiddenMessage,
  keys,
  created,
  error,
  confirm,
  inDialog = false,
}: {
  mayHoldKey: boolean;
  forbiddenMessage: string;
  keys: readonly KeyRow[];
  created: CreatedKey | null;
  error: KeyFormError | null;
  confirm: { action: "rotate" | "revoke"; id: string } | null;
  /** Shown in the spec's API key dialog (apiKeyModal): its forms and links keep the dialog open. */
  inDialog?: boolean;
}) {
  const confirming = confirm ? keys.find((k) => k.id === confirm.id) : undefined;
  const hasDefault = keys.some((k) => k.name === DEFAULT_API_KEY_NAME && !k.rotated);
  const fieldError = error?.field && FORM_FIELDS.includes(error.field) ? error : null;
  return (
    <section id={SECTION_ID} aria-labelledby={`${SECTION_ID}-heading`} className={inDialog ? "" : "card mb-6"}>
      <h2 id={`${SECTION_ID}-heading`} className={inDialog ? "sr-only" : "mb-2 text-lg font-semibold"}>
        API keys
      </h2>
      {!mayHoldKey ? (
        <>
          <p className="mb-3 text-sm" data-testid="api-key-forbidden">
            {forbiddenMessage}
          </p>
          <Link to="/dashboard/cart?plan=PREMIUM" className="btn-secondary">
            Upgrade to PREMIUM
          </Link>
        </>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700">
            Up to {MAX_ACTIVE_API_KEYS} named keys, one per script or server. Every key reads what this dashboard shows;
            only a key with the billing scope may buy or change billing.
          </p>
          <p className="mb-3 text-sm text-slate-700" id={`${SECTION_ID}-app-key`}>
            Your app key is the key named “{DEFAULT_API_KEY_NAME}”: <code>GET {apiUrl(API_PATHS.appKey)}</code> (or{" "}
            <code>{apiUrl(API_PATHS.customerAppKey)}</code>) answers with its prefix.{" "}
            {hasDefault ? null : `You have none yet: create a key named “${DEFAULT_API_KEY_NAME}” below.`}
          </p>
          {/* Present from the first render, so the new key or an error is announced when it appears. */}
          <div aria-live="polite" aria-atomic="false" data-testid="api-keys-live">
            {error && !fieldError ? (
              <p className="mb-3 text-red-700" data-testid="api-key-error">
                {error.message}
              </p>
            ) : null}
            {created ? <NewKey created={created} /> : null}
          </div>
          {confirming && confirm ? <Confirm row={confirming} action={confirm.action} inDialog={inDialog} /> : null}
          {keys.length ? <KeyList keys={keys} inDialog={inDialog} /> : <p className="text-sm">No API keys yet.</p>}
          <CreateKeyForm suggestDefault={!hasDefault && !keys.length} error={fieldError} inDialog={inDialog} />
        </>
      )}
    </section>
  );
}

function KeyList({ keys, inDialog }: { keys: readonly KeyRow[]; inDialog: boolean }) {
  return (
    <>
      <PhoneRowBlocks
        testId="api-key-blocks"
        rows={keys.map((k) => ({
          key: k.id,
          title: <KeyName row={k} />,
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
            ["Addresses", addressesText(k)],
            ["Actions", <RowActions key="a" row={k} inDialog={inDialog} />],
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
              Addresses
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
                <KeyName row={k} />
              </th>
              <td className={`${TD} whitespace-nowrap font-mono text-xs`}>{k.prefix}…</td>
              <td className={TD}>
                <Scopes scopes={k.scopes} />
              </td>
              <td className={TD}>{formatKeyTime(k.created_at)}</td>
              <td className={TD}>{k.last_used_at ? formatKeyTime(k.last_used_at) : "Never"}</td>
              <td className={TD}>{k.expires_at ? formatKeyTime(k.expires_at) : "—"}</td>
              <td className={`${TD} font-mono text-xs`}>{addressesText(k)}</td>
              <td className={TD}>
                <RowActions row={k} stacked inDialog={inDialog} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}

/** A field's error, announced when it appears, and the ids its input is described by. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

const describedBy = (hint: string, errorId: string, message: string | undefined) =>
  message ? `${errorId} ${hint}` : hint;

function CreateKeyForm({
  suggestDefault,
  error,
  inDialog,
}: {
  suggestDefault: boolean;
  error: KeyFormError | null;
  inDialog: boolean;
}) {
  const errors = error?.fields ?? {};
  const typed = error?.typed ?? null;
  const expiryError = errors.expires_in_days ?? errors.expires_at;
  const testMode = typed?.mode === "test";
  return (
    <Form method="post" action={accountFormAction(inDialog)} preventScrollReset className="mt-4 max-w-md space-y-3">
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
          aria-describedby={describedBy("key-name-hint", "key-name-error", errors.name)}
          aria-invalid={errors.name ? true : undefined}
          autoComplete="off"
          // The first key of an account is the app key unless renamed: get_app_key then names it at once.
          defaultValue={typed?.name ?? (suggestDefault ? DEFAULT_API_KEY_NAME : undefined)}
        />
        <FieldError id="key-name-error" message={errors.name} />
        <p id="key-name-hint" className="mt-1 text-xs text-slate-600">
          The script or server that will use it, e.g. “nightly export”. Name it “{DEFAULT_API_KEY_NAME}” to make it your
          app key.
        </p>
      </div>
      <fieldset aria-describedby={errors.scopes ? "key-scopes-error" : undefined}>
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
            aria-invalid={errors.scopes ? true : undefined}
            defaultChecked={typed?.scopes.includes("billing")}
          />
          <span>
            billing{" "}
            <span id="scope-billing-text" className="text-slate-600">
              — {API_KEY_SCOPE_TEXT.billing}
            </span>
          </span>
        </label>
        <FieldError id="key-scopes-error" message={errors.scopes} />
      </fieldset>
      <div>
        <label htmlFor="key-expiry" className="field-label">
          Expires after (days, optional)
        </label>
        <input
          id="key-expiry"
          name="expires_in_days"
          type="number"
          inputMode="numeric"
          min={1}
          max={API_KEY_MAX_EXPIRY_DAYS}
          step={1}
          className="field-input w-32"
          aria-describedby={describedBy("key-expiry-hint", "key-expiry-error", expiryError)}
          aria-invalid={expiryError ? true : undefined}
          defaultValue={typed?.expires_in_days ?? ""}
        />
        <FieldError id="key-expiry-error" message={expiryError} />
        <p id="key-expiry-hint" className="mt-1 text-xs text-slate-600">
          1 to {API_KEY_MAX_EXPIRY_DAYS} days; empty for a key that does not expire. An expired key is refused with the
          time it expired.
        </p>
      </div>
      <div>
        <label htmlFor="key-addresses" className="field-label">
          Allowed client addresses (optional)
        </label>
        <textarea
          id="key-addresses"
          name="allowed_addresses"
          rows={3}
          className="field-input font-mono text-xs"
          aria-describedby={describedBy("key-addresses-hint", "key-addresses-error", errors.allowed_addresses)}
          aria-invalid={errors.allowed_addresses ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          defaultValue={typed?.allowed_addresses ?? ""}
        />
        <FieldError id="key-addresses-error" message={errors.allowed_addresses} />
        <p id="key-addresses-hint" className="mt-1 text-xs text-slate-600">
          Up to {API_KEY_MAX_ALLOWED_ADDRESSES} IPv4 or IPv6 addresses or CIDR ranges, one per line or separated by
          commas, e.g. 203.0.113.0/24 or 2001:db8::/32. Empty: the key works from any address.
        </p>
      </div>
      <fieldset aria-describedby={describedBy("key-mode-hint", "key-mode-error", errors.mode)}>
        <legend className="field-label">Mode</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="mode" value="live" defaultChecked={!testMode} />
          Live
        </label>
        <label className="mt-1 flex items-center gap-2 text-sm">
          <input type="radio" name="mode" value="test" defaultChecked={testMode} />
          Test
        </label>
        <FieldError id="key-mode-error" message={errors.mode} />
        <p id="key-mode-hint" className="mt-1 text-xs text-slate-600">
          A test key (crk_test_…) reads every score a live key reads but can never buy, pay or change billing, so
          nothing is spent or charged; it has the read scope only.
        </p>
      </fieldset>
      <button type="submit" className="btn-primary">
        Create key
      </button>
    </Form>
  );
}
