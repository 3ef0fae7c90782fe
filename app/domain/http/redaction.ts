/** Secrets that travel in URLs (reset and newsletter tokens, API keys) and must never reach logs or other readers. */
export const SECRET_QUERY_PARAMS = [
  "token",
  "api_key",
  "apikey",
  "key",
  "app_key",
  "access_token",
  "password",
  "secret",
  "signature",
] as const;

export const REDACTED = "[redacted]";

const SECRET_PARAM_PATTERN = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join("|")})=)[^&#\\s"'<>]*`, "gi");

/**
 * Replaces the values of secret query parameters in every URL found in a text (a URL, a log line, a mail body):
 * the access log and the production outbox page both go through it.
 */
export function redactSecretParams(text: string): string {
  return text.replace(SECRET_PARAM_PATTERN, `$1${REDACTED}`);
}
