/**
 * Response handlers of the unlock calls: a quote for the hexagons a book of points needs, and its purchase. The route
 * files only bind them to paths.
 */
import { z } from "zod";
import { BATCH_MAX_LOCATIONS, batchRequestCost } from "~/domain/api/keys/api-limits";
import { describeRequestIssue } from "~/domain/api/api-issues";
import { API_BODY_MESSAGES } from "~/domain/forms/errors";
import * as contract from "~/domain/api-contract/unlock";
import { apiAnswer } from "./api-response.server";
import { methods, parse } from "./api-methods.server";
import { requireApiCaller } from "./keys/api-auth.server";
import { readBody } from "../http/forms/form-flash.server";
import { readJsonBody } from "../http/forms/form-body.server";
import { BadRequestError } from "../http/errors.server";
import { idempotencyKeyOf, replayHeaders } from "../commerce/orders/idempotency.server";
import { buyUnlock, quoteUnlock } from "../commerce/orders/unlock.server";

/** The quote's body, as the batch reads its locations: a problem is a 400 naming the field (`locations[3].lat`). */
function parseQuoteRequest(body: unknown): contract.UnlockQuoteRequest {
  const result = contract.UnlockQuoteRequest.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const { message, field } = describeRequestIssue(issue);
  if (issue.code === "invalid_union" && issue.path[0] === "locations")
    throw new BadRequestError(`${field}: each location needs lat and lon, or location_code (and optionally id)`, field);
  throw new BadRequestError(message, field);
}

export const unlockQuote = methods({
  POST: async (request) => {
    const raw = await readJsonBody(request, API_BODY_MESSAGES.unlockType);
    // A quote reads: any key may ask for one; it is counted like a batch of its locations. The caller comes first,
    // so a request without credentials is a 401 whatever its body.
    const asked = (raw as { locations?: unknown } | undefined)?.locations;
    const caller = await requireApiCaller(
      request,
      "read",
      batchRequestCost(Array.isArray(asked) ? Math.min(asked.length, BATCH_MAX_LOCATIONS) : 1, 1),
    );
    const body = parseQuoteRequest(raw);
    return apiAnswer(contract.UnlockQuoteResponse, await quoteUnlock(caller, body.locations));
  },
});

const UnlockBody = z.object({
  quote_id: z
    .string({ required_error: "quote_id is required" })
    .uuid("quote_id must be the quote_id of POST /api/v1/unlock/quote"),
  idempotency_key: z.string().optional(),
});

export const unlock = methods({
  POST: async (request) => {
    // Buying needs what every purchase needs: a session, or a key with the billing scope.
    const caller = await requireApiCaller(request, "purchase");
    const { values } = await readBody(request);
    const body = parse(UnlockBody, values);
    const result = await buyUnlock({
      userId: caller.user.id,
      quoteId: body.quote_id,
      idempotencyKey: idempotencyKeyOf(request, values),
    });
    return apiAnswer(contract.UnlockResponse, result, { headers: replayHeaders(result) });
  },
});
