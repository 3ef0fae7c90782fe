import type { ApiErrorCode } from "~/domain/api/api-errors";

/** Typed service errors; routes map them to HTTP status and messages in one place (`errorStatus`). */
export class AppError extends Error {
  /** The API answer's `code` when the status alone does not say it (app/domain/api/api-errors.ts). */
  code?: ApiErrorCode;

  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequestError extends AppError {
  constructor(message: string, field?: string) {
    super(message, 400, field);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = "Authentication required") {
    super(message, 401);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(message, 403);
  }
}
export class NotFoundError extends AppError {
  constructor(message = "This page could not be found") {
    super(message, 404);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(message, 409, field);
  }
}
export class UnprocessableEntityError extends AppError {
  constructor(message: string, field?: string) {
    super(message, 422, field);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(message, 503);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

/** Names the error's API `code` and returns it, for `throw withErrorCode(new ForbiddenError(…), "plan_required")`. */
export function withErrorCode<E extends AppError>(error: E, code: ApiErrorCode): E {
  error.code = code;
  return error;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** For page loaders and actions: a typed service error becomes a Response with its status (the error page shows the message). */
export function rethrowAsResponse(error: unknown): never {
  if (isAppError(error))
    throw new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  throw error;
}
