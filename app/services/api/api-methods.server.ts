/** The commerce and account API calls' handlers: one per method of a path, every failure the API's JSON error. */
import { z } from "zod";
import { MAX_DB_INTEGER, plainIntegerInput, tooLargeMessage } from "~/domain/commerce/packages";
import { API_ERROR_MARK } from "~/domain/forms/errors";
import { apiError, apiJson, parseBody } from "./api-response.server";

export type Handler = (request: Request) => Promise<Response>;

/** Wraps a handler so every failure becomes the API's JSON error. */
const handle =
  (fn: Handler) =>
  async ({ request }: { request: Request }) => {
    try {
      return await fn(request);
    } catch (error) {
      return apiError(error);
    }
  };

function methodNotAllowed(allow: string) {
  return apiJson({ ...API_ERROR_MARK, error: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}
/** Binds GET/POST/PUT handlers of one path; other methods get a JSON 405. */
export function methods(map: Partial<Record<"GET" | "POST" | "PUT", Handler>>) {
  const allow = Object.keys(map).join(", ");
  const dispatch = handle(async (request) => {
    const fn = map[request.method as keyof typeof map];
    return fn ? fn(request) : methodNotAllowed(allow);
  });
  return { loader: dispatch, action: dispatch };
}

/** The values parsed by `schema`, or a 400 naming the first field at fault. */
export const parse = parseBody;

/** A whole number field within [min, max], with messages that name it. */
export const int = (name: string, min = 0, max = MAX_DB_INTEGER) =>
  z.preprocess(
    plainIntegerInput,
    z
      .number({ invalid_type_error: `${name} must be a whole number`, required_error: `${name} is required` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, tooLargeMessage(name, max)),
  );
