/**
 * GET /api/v1/flood/loss and POST /api/v1/flood/loss/batch: flood depth, level and money at risk from the layer
 * store, for one point or many assets with portfolio totals. A credential is required (an API key is counted by
 * the batch's assets); the figures come from published maps the operator fetched, not from the dataset's plan levels.
 */
import type { z } from "zod";
import { batchRequestCost, rateLimitHeaders } from "~/domain/api/keys/api-limits";
import { FloodBatchRequest, FloodBatchResponse, FloodLossQuery, FloodLossResponse } from "~/domain/api-contract/flood";
import { DEFAULT_PROTECTION_YEARS } from "~/domain/flood-loss/expected-damage";
import { floodLossAtPoint, floodPortfolioTotals } from "../flood/flood-loss.server";
import { BadRequestError } from "../http/errors.server";
import { apiAnswer, apiError, parseQuery } from "./api-response.server";
import { rateLimitStateOf, requireApiCaller } from "./keys/api-auth.server";

const NO_STORE = { "Cache-Control": "private, no-cache" };

function withRate(request: Request, headers: Record<string, string>): Record<string, string> {
  const rate = rateLimitStateOf(request);
  return rate ? { ...headers, ...rateLimitHeaders(rate) } : headers;
}

/** A period that goes with its scenario: hist with hist, a year with an RCP. */
function checkSlot(scenario: string, period: string) {
  if ((scenario === "hist") !== (period === "hist")) {
    throw new BadRequestError(
      scenario === "hist"
        ? "scenario hist has only the period hist"
        : `scenario ${scenario} needs a period of 2030, 2050 or 2080`,
      "period",
    );
  }
}

export async function floodLossLoader(request: Request): Promise<Response> {
  try {
    await requireApiCaller(request, "read");
    const q = parseQuery(FloodLossQuery, request);
    checkSlot(q.scenario, q.period);
    const { losses: _losses, ...point } = await floodLossAtPoint({
      lat: q.lat,
      lon: q.lon,
      scenario: q.scenario,
      period: q.period,
      occupancy: q.occupancy,
      valueEur: q.value_eur,
      protectionYears: q.protection_years,
    });
    return apiAnswer(
      FloodLossResponse,
      { status: "ok", scenario: q.scenario, period: q.period, ...point },
      { headers: withRate(request, NO_STORE) },
    );
  } catch (error) {
    return apiError(error);
  }
}

async function readJson(request: Request): Promise<unknown> {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().includes("application/json")) {
    throw new BadRequestError("Send the assets as JSON (Content-Type: application/json)");
  }
  try {
    return await request.json();
  } catch {
    throw new BadRequestError("The body is not valid JSON");
  }
}

function parseBatch(body: unknown): FloodBatchRequest {
  const result = FloodBatchRequest.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.reduce<string>(
    (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
    "",
  );
  throw new BadRequestError(`${field ? `${field}: ` : ""}${issue.message}`, field || undefined);
}

export async function floodLossBatchAction(request: Request): Promise<Response> {
  try {
    const req = parseBatch(await readJson(request));
    const scenario = req.scenario ?? "hist";
    const period = req.period ?? "hist";
    checkSlot(scenario, period);
    await requireApiCaller(request, "read", batchRequestCost(req.locations.length, 1));
    const protectionYears = req.protection_years ?? DEFAULT_PROTECTION_YEARS;
    const results = [];
    for (const l of req.locations) {
      results.push(
        await floodLossAtPoint({
          lat: l.lat,
          lon: l.lon,
          scenario,
          period,
          occupancy: l.occupancy,
          valueEur: l.value_eur,
          protectionYears,
        }),
      );
    }
    const body = {
      status: "ok",
      scenario,
      period,
      protection_years: protectionYears,
      count: results.length,
      items: results.map(({ losses: _losses, ...r }, index) => ({
        index,
        id: req.locations[index]!.id ?? null,
        value_eur: req.locations[index]!.value_eur ?? null,
        ...r,
      })),
      totals: floodPortfolioTotals(results),
    } satisfies z.input<typeof FloodBatchResponse>;
    return apiAnswer(FloodBatchResponse, body, { headers: withRate(request, NO_STORE) });
  } catch (error) {
    return apiError(error);
  }
}
