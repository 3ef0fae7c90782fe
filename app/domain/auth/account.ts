/** The account page's forms and the query flag of its API key dialog (spec §2 modal flags). */
export const API_KEY_MODAL_PARAM = "apiKeyModal";

export const ACCOUNT_INTENTS = ["create_key", "rotate_key", "revoke_key", "terms", "buy_credits", "password"] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export function accountIntent(value: FormDataEntryValue | null): AccountIntent {
  return (ACCOUNT_INTENTS as readonly string[]).includes(String(value)) ? (value as AccountIntent) : "password";
}
