/**
 * How long requests may take and when the page says it is waiting. Apart from the API paths, so that the loading
 * bar on every page does not carry the list of API paths with it.
 */

/** Request timeouts. */
export const API_TIMEOUT_MS = 10_000;
export const UPLOAD_PREVIEW_TIMEOUT_MS = 30_000;
/** A loading indicator for a data fetch appears only once the fetch has run this long. */
export const MIN_DISPLAY_DELAY_MS = 200;
export const REQUEST_TIMEOUT_MESSAGE = "The server took too long to answer. Please try again.";

/**
 * Timeout of a page navigation or form submission: file uploads (multipart forms) get the upload-preview
 * allowance, the Portfolio Scan's other submissions (order, report generation) compute report stats and get none,
 * everything else the data-request one.
 */
export function navigationTimeoutMs(nav: {
  formEncType?: string | null;
  formMethod?: string | null;
  pathname: string;
}): number | null {
  if (nav.formEncType === "multipart/form-data") return UPLOAD_PREVIEW_TIMEOUT_MS;
  if (nav.formMethod && nav.formMethod.toUpperCase() !== "GET" && nav.pathname.startsWith("/dashboard/scan"))
    return null;
  return API_TIMEOUT_MS;
}
