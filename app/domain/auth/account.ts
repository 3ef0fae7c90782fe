/**
 * The account page's forms. `apiKeyModal` is the spec's flag for the API key dialog: `?apiKeyModal=1` opens the page's
 * "API keys" section (the named keys, create, rotate, revoke) as that dialog, and its forms keep it open.
 */
export const API_KEY_MODAL_PARAM = "apiKeyModal";

export const ACCOUNT_INTENTS = [
  "create_named_key",
  "rotate_named_key",
  "revoke_named_key",
  "create_webhook",
  "delete_webhook",
  "terms",
  "buy_credits",
  "password",
] as const;

/** The query that asks the account page to confirm rotating or revoking one key (works without JavaScript). */
export const KEY_CONFIRM_PARAM = "confirmKey";
export const KEY_CONFIRM_ACTION_PARAM = "keyAction";
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export function accountIntent(value: FormDataEntryValue | null): AccountIntent {
  return (ACCOUNT_INTENTS as readonly string[]).includes(String(value)) ? (value as AccountIntent) : "password";
}

/** Invoices and reports the account page lists at once; older ones are a link away, as the API pages them. */
export const ACCOUNT_LIST_PAGE_SIZE = 20;
/** Query parameters of the account page's pagers: list the entries numbered below this one. */
export const DOCUMENTS_BEFORE_PARAM = "documents_before";
export const REPORTS_BEFORE_PARAM = "reports_before";

/** A pager cursor from the query: a positive whole number, anything else means the first page. */
export function pageCursor(search: URLSearchParams, param: string): number | undefined {
  const raw = search.get(param);
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value > 0 ? value : undefined;
}
