import type { SubmissionResult } from "@conform-to/react";
import { isAppError } from "../errors.server";
import { logger } from "../../infra/logger.server";

interface Replyable {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult;
}

/** Maps a typed service error onto the form: next to its field when it names one, above the form otherwise. */
export function replyWithServiceError(submission: Replyable, error: unknown, hideFields: string[] = []) {
  if (!isAppError(error)) {
    logger.error({ err: error }, "unexpected error while handling a form");
    throw error;
  }
  const headers: Record<string, string> = {};
  if ("retryAfterSeconds" in error && typeof error.retryAfterSeconds === "number") {
    headers["Retry-After"] = String(error.retryAfterSeconds);
  }
  const reply = error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields })
    : submission.reply({ formErrors: [error.message], hideFields });
  return { reply, status: error.status, headers };
}
