/** The product's error texts, word for word. */
/** Every API error answer carries this marker (a failed call yields success false). */
export const API_ERROR_MARK = { success: false } as const;

export const ERROR_MESSAGES = {
  notFound: "This page could not be found",
  defaultMessage: "Page not found",
  errorPageFailed: "An error occurred while showing the error page",
  serverError: "Server error",
  unexpected: "Something went wrong on our side. Please try again in a moment.",
  methodNotAllowed: "This page cannot take that kind of request. Go back and use the page's own form or links.",
  badRequest: "The request could not be read. Go back and try again.",
  reportFailed: "Error loading report",
  databaseUnavailable: "The service is briefly unavailable. Please try again in a few seconds.",
} as const;

/** Seconds a client is told to wait (Retry-After) when the database could not be reached. */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** What the API answers to a body it cannot read (400 unreadable_body) or a content type it does not read (415). */
export const API_BODY_MESSAGES = {
  malformedJson: (detail: string) => `The body is not valid JSON: ${detail}`,
  notAnObject: 'The body must be a JSON object ({ "field": value, … }).',
  unsupportedType: (type: string) =>
    `Content-Type ${type || "(none)"} is not read here: send application/json, application/x-www-form-urlencoded or multipart/form-data.`,
  batchType: (type: string) => `Content-Type ${type || "(none)"} is not read here: send the batch as application/json.`,
  unlockType: (type: string) =>
    `Content-Type ${type || "(none)"} is not read here: send the locations to quote as application/json.`,
} as const;

export const FORM_BODY_MESSAGES = {
  unsupportedType:
    "This form accepts only form submissions (application/x-www-form-urlencoded or multipart/form-data).",
  malformed: "The form data could not be read. Go back and send the form again.",
} as const;

export const DEFAULT_ERROR_STATUS = 500;

/** Status and message an error page shows for whatever was thrown. */
export function describeError(error: unknown): { status: number; message: string } {
  if (isResponseLike(error)) {
    const status = error.status || DEFAULT_ERROR_STATUS;
    // The router's own errors ("did not provide an action"…) speak of internals: never show their text.
    const internal = "internal" in error && (error as { internal?: unknown }).internal === true;
    const data = internal ? undefined : (error.data as { message?: unknown } | string | undefined);
    const explicit = typeof data === "string" ? data : typeof data?.message === "string" ? data.message : undefined;
    if (explicit) return { status, message: explicit };
    if (status === 404) return { status, message: ERROR_MESSAGES.notFound };
    if (status === 405) return { status, message: ERROR_MESSAGES.methodNotAllowed };
    if (status === 400 && internal) return { status, message: ERROR_MESSAGES.badRequest };
    if (status >= 500) return { status, message: ERROR_MESSAGES.unexpected };
    return { status, message: error.statusText || ERROR_MESSAGES.defaultMessage };
  }
  return { status: DEFAULT_ERROR_STATUS, message: ERROR_MESSAGES.unexpected };
}

function isResponseLike(error: unknown): error is { status: number; statusText: string; data: unknown } {
  return typeof error === "object" && error !== null && "status" in error && "data" in error;
}
