/**
 * The OpenAPI 3.1 description of the public API (served at /api/openapi.json, rendered on /api).
 * Every path comes from API_PATHS; examples mirror what the routes answer. Pure data: no I/O.
 */
import { API_PATHS, API_PREFIX } from "./api-paths";
import { DOCUMENTS } from "./documents";
import { HAZARDS, PER_HAZARD_IDS } from "./hazards";
import { RISK_LEVELS } from "./risk-levels";
import { PERIOD_IDS, SCENARIO_IDS } from "./scenarios";

export type Security = "none" | "bearer" | "optional-bearer";

export interface ApiParameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  description: string;
  type: "string" | "number" | "integer" | "boolean";
  enum?: readonly string[];
  example?: string | number;
}

export interface ApiOperation {
  id: string;
  method: "get" | "post" | "put" | "delete";
  path: string;
  tag: string;
  summary: string;
  description?: string;
  security: Security;
  parameters: ApiParameter[];
  requestBody?: { contentTypes: string[]; example: unknown; required: string[]; description?: string };
  response: { description: string; example: unknown };
  errors: { status: number; description: string; example?: unknown }[];
}

export const API_TAGS = [
  { name: "Risk data", description: "Reference lists and hazard scores for countries, regions, H3 hexagons and points." },
  { name: "Account", description: "Locations, plan, reports, invoices, billing and API key of the signed-in user." },
  { name: "Portfolio upload", description: "Portfolio preview, statistics and reports from an uploaded CSV or XLSX file." },
  { name: "Orders", description: "Self-service products, data packages, leads and purchases." },
  { name: "Content", description: "FAQ, blog, newsletter, contact and document requests." },
] as const;

const q = (name: string, description: string, extra: Partial<ApiParameter> = {}): ApiParameter => ({
  name,
  in: "query",
  required: true,
  description,
  type: "string",
  ...extra,
});
const scenarioParam = (required: boolean) =>
  q("scenario", `Scenario id. ${required ? "" : "Defaults to hist (historical reference)."}`.trim(), { required, enum: SCENARIO_IDS, example: "rcp45" });
const periodParam = (required: boolean) =>
  q("period", "Period id: hist for the historical reference, 2030, 2040 or 2050 for a future scenario.", { required, enum: PERIOD_IDS, example: "2050" });
const latParam = (required = true) => q("lat", "Latitude, decimal degrees (-90..90).", { required, type: "number", example: 51.507 });
const lonParam = (required = true) => q("lon", "Longitude, decimal degrees (-180..180).", { required, type: "number", example: -0.128 });
const explainParam = q("explain", "1 to add each score's explanation: summary (one or two plain sentences ending with the level, or why there is none), drivers (the values the formula reads, with units), formula, inputs and steps.", { required: false, enum: ["0", "1"] });

const badParam = (param: string, message: string) => ({ status: 400, description: `A parameter is missing or invalid; \`field\` names it.`, example: { error: message, field: param } });
const unauthorized = { status: 401, description: "Credentials are missing or not valid.", example: { error: "Authentication required" } };
const notFound = (message: string) => ({ status: 404, description: "The code is well-formed but unknown.", example: { error: message } });
/** Every purchase call replays its first answer for the same key (app/services/commerce/idempotency.server.ts). */
const idempotencyKeyParam: ApiParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description:
    "8-200 letters, digits or - _ : . chosen by the client, one per purchase: a retry with the same key replays the first answer and never charges twice; the same key with other parameters answers 422. An `idempotency_key` body field is accepted instead.",
  type: "string",
  example: "6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e",
};
/** Keys are shown once; later answers carry only the prefix (crk_ and 8 characters). */
const apiKeyExample = (shown: boolean) => ({
  status: "ok",
  key: shown ? "crk_Q2xpbWF0ZVJpc2tEZW1vS2V5Rm9yRG9jc09ubHkxMjM0NTY3" : null,
  prefix: "crk_Q2xpbWF0",
  created_at: "2026-11-01T10:00:00.000Z",
});
const rateLimited = { status: 429, description: "Too many submissions from this IP address; see Retry-After.", example: { error: "Too many requests from your connection. Please try again in 10 minutes." } };

const hazardItem = (id: (typeof PER_HAZARD_IDS)[number], value: number | null, state: "ok" | "not_applicable" = "ok") => {
  const level = value === null ? null : RISK_LEVELS.find((l) => value >= l.min && (value < l.max || l.score === 5))!;
  return {
    hazard_id: id,
    name: HAZARDS[id].name,
    colour: HAZARDS[id].colour,
    value,
    score: level?.score ?? null,
    level: level?.code ?? null,
    confidence: id === "HW" || id === "CS" ? "grounded" : "proxy",
    applicable: state === "ok",
    state,
  };
};
const scoresExample = {
  status: "ok",
  location_code: "GB",
  location_type: "country",
  location_name: "United Kingdom",
  scenario: "rcp45",
  period: "2050",
  warming_c: 1.91,
  hazards: [hazardItem("FD", 0.45), hazardItem("HW", 0.25), hazardItem("SS", null, "not_applicable")],
  aggregate: { ...hazardItem("FD", 0.41), hazard_id: "AL", name: HAZARDS.AL.name, colour: HAZARDS.AL.colour },
};

const riskOps: ApiOperation[] = [
  {
    id: "riskCountries",
    method: "get",
    path: API_PATHS.riskCountries,
    tag: "Risk data",
    summary: "List countries",
    description: "Every country of the dataset, sorted by name. ISO 3166-1 alpha-2 codes.",
    security: "none",
    parameters: [],
    response: { description: "Countries.", example: { status: "ok", countries: [{ country_code: "FR", country_name: "France" }, { country_code: "GB", country_name: "United Kingdom" }] } },
    errors: [],
  },
  {
    id: "riskRegions",
    method: "get",
    path: API_PATHS.riskRegions,
    tag: "Risk data",
    summary: "List the first-level regions of a country",
    security: "none",
    parameters: [q("country_code", "ISO 3166-1 alpha-2 country code.", { example: "FR" })],
    response: { description: "Regions, sorted by name; codes are ISO 3166-2 where available.", example: { status: "ok", country_code: "FR", regions: [{ region_code: "FR-IDF", region_name: "Île-de-France" }] } },
    errors: [badParam("country_code", "country_code is required"), notFound("unknown country code ZZ")],
  },
  {
    id: "riskDurations",
    method: "get",
    path: API_PATHS.riskDurations,
    tag: "Risk data",
    summary: "List durations (averaging windows)",
    security: "none",
    parameters: [],
    response: { description: "Durations.", example: { status: "ok", durations: [{ id: "30y", name: "30-year climatological window" }] } },
    errors: [],
  },
  {
    id: "riskScenarios",
    method: "get",
    path: API_PATHS.riskScenarios,
    tag: "Risk data",
    summary: "List scenarios",
    description: "Includes hist, the historical reference; applications usually hide it from scenario pickers.",
    security: "none",
    parameters: [],
    response: {
      description: "Scenarios.",
      example: {
        status: "ok",
        scenarios: [
          { id: "hist", name: "Historical", ssp: null, narrative: "Reference climatology" },
          { id: "rcp26", name: "RCP2.6", ssp: "SSP1-2.6", narrative: "Orderly" },
          { id: "rcp45", name: "RCP4.5", ssp: "SSP2-4.5", narrative: "Disorderly" },
          { id: "rcp85", name: "RCP8.5", ssp: "SSP5-8.5", narrative: "Hot house" },
        ],
      },
    },
    errors: [],
  },
  {
    id: "riskHazardIds",
    method: "get",
    path: API_PATHS.riskHazardIds,
    tag: "Risk data",
    summary: "List hazards with their colours",
    description: "The per-hazard list excludes the aggregate AL, which is given separately.",
    security: "none",
    parameters: [],
    response: {
      description: "Hazards.",
      example: {
        status: "ok",
        hazards: PER_HAZARD_IDS.slice(0, 3).map((id) => ({ hazard_id: id, name: HAZARDS[id].name, colour: HAZARDS[id].colour })),
        aggregate: { hazard_id: "AL", name: HAZARDS.AL.name, colour: HAZARDS.AL.colour },
      },
    },
    errors: [],
  },
  {
    id: "riskPeriods",
    method: "get",
    path: API_PATHS.riskPeriods,
    tag: "Risk data",
    summary: "List the periods of a scenario",
    security: "none",
    parameters: [q("duration", "Duration id; defaults to the first duration.", { required: false, example: "30y" }), scenarioParam(true)],
    response: { description: "Periods of the scenario (hist has only the historical period).", example: { status: "ok", scenario: "rcp45", duration: "30y", periods: [{ id: "2030", name: "2030" }, { id: "2040", name: "2040" }, { id: "2050", name: "2050" }] } },
    errors: [badParam("scenario", "scenario must be one of hist, rcp26, rcp45, rcp85")],
  },
  {
    id: "riskHazardScores",
    method: "get",
    path: API_PATHS.riskHazardScores,
    tag: "Risk data",
    summary: "Hazard scores of a country, region or hexagon",
    description:
      "Scores 1 (Low) to 5 (Extreme) with the underlying value in [0, 1]. 'not_applicable' and 'no_data' items have value, score and level null. Country codes are open to everyone; region codes and every H3 resolution-4 hexagon need credentials: a PREMIUM API key or session token in `Authorization: Bearer`, or a signed-in user whose plan or packages include the location. A hexagon also needs lat and lon of a point inside it (or of a point location_codes places in it, such as a point in the water scored at the nearest land).",
    security: "optional-bearer",
    parameters: [
      q("location_code", "Country (alpha-2), region (ISO 3166-2) or H3 resolution-4 hexagon id.", { example: "GB" }),
      scenarioParam(false),
      periodParam(false),
      latParam(false),
      lonParam(false),
      explainParam,
    ],
    response: { description: "Scores of the eleven hazards plus the aggregate.", example: scoresExample },
    errors: [
      badParam("location_code", "location_code is required"),
      unauthorized,
      { status: 403, description: "The caller's plan or packages do not include this location.", example: { error: "This option is not available for DISCOVERY plan", field: "location_code" } },
      notFound("unknown region code FR-ZZZ"),
    ],
  },
  {
    id: "riskLocationCodes",
    method: "get",
    path: API_PATHS.riskLocationCodes,
    tag: "Risk data",
    summary: "Country, region and hexagon of a point",
    security: "none",
    parameters: [lonParam(), latParam()],
    response: {
      description:
        "Codes of the point. A point in the water within 10 km of the shore is scored at the nearest land and snapped_to_land gives that land point ({ lat, lon, distance_km }; null on land); points further out at sea answer status out_of_range, reason at_sea, with null codes, and points on a floating Antarctic ice shelf reason not_covered.",
      example: { status: "ok", hexagon_code: "84194adffffffff", region_code: "GB-ENG", country_code: "GB", country_name: "United Kingdom", region_name: "England", snapped_to_land: null },
    },
    errors: [badParam("lat", "lat must be a number within -90..90")],
  },
  {
    id: "riskStatistic",
    method: "get",
    path: API_PATHS.riskStatistic,
    tag: "Risk data",
    summary: "Default geography and dataset statistics",
    security: "none",
    parameters: [],
    response: {
      description: "The sample default location and counts of the dataset.",
      example: { status: "ok", statistic: { geography: { lat: 51.507, lon: -0.128, country: "GB", city: "London" }, dataset: { cells: 0, countries: 0, regions: 0, hazards: 12, slots: 10 } } },
    },
    errors: [],
  },
  {
    id: "riskPointHazards",
    method: "get",
    path: API_PATHS.riskPointHazards,
    tag: "Risk data",
    summary: "Hazard scores of a point",
    description:
      "A point takes the scores of the hexagon that contains it. A point in the water within 10 km of the shore takes the scores of the nearest land, and snapped_to_land says where that is.",
    security: "none",
    parameters: [latParam(), lonParam(), scenarioParam(false), periodParam(false), explainParam],
    response: {
      description: "Scores with the point's codes.",
      example: { ...scoresExample, lat: 51.507, lon: -0.128, hexagon_code: "84194adffffffff", region_code: "GB-ENG", country_code: "GB", snapped_to_land: null, location_code: "84194adffffffff", location_type: "hexagon" },
    },
    errors: [badParam("lon", "lon must be a number within -180..180")],
  },
];

const simple = (
  id: string,
  method: ApiOperation["method"],
  path: string,
  tag: string,
  summary: string,
  options: Partial<Pick<ApiOperation, "description" | "parameters" | "requestBody" | "security">> & { example?: unknown } = {},
): ApiOperation => ({
  id,
  method,
  path,
  tag,
  summary,
  description: options.description,
  security: options.security ?? "bearer",
  parameters: options.parameters ?? [],
  requestBody: options.requestBody,
  response: { description: "Success.", example: options.example ?? { status: "ok" } },
  errors: (options.security ?? "bearer") === "bearer" ? [unauthorized] : [],
});
const body = (example: Record<string, unknown>, required: string[], contentTypes = ["application/json"], description?: string) => ({
  contentTypes,
  example,
  required,
  description,
});

/** GET shows (or first creates) the key, POST rotates it, DELETE revokes it; the last two need a signed-in session. */
function appKeyOps(id: string, path: string, suffix: string): ApiOperation[] {
  const premiumOnly = "Answers 403 'Only users with the PREMIUM Subscription Plan can use this option' for other plans.";
  return [
    simple(id, "get", path, "Account", `API key (PREMIUM only)${suffix}`, {
      description: `The key itself only in the answer that creates it; afterwards key is null and prefix names it. ${premiumOnly}`,
      example: apiKeyExample(true),
    }),
    simple(`${id}Rotate`, "post", path, "Account", `Rotate the API key${suffix}`, {
      description: `Revokes the current key and answers a new one, shown once. Needs the session (cookie or Bearer session token), not an API key. ${premiumOnly}`,
      example: apiKeyExample(true),
    }),
    simple(`${id}Revoke`, "delete", path, "Account", `Revoke the API key${suffix}`, {
      description: "Needs the session (cookie or Bearer session token), not an API key. revoked counts the keys revoked (0 or 1).",
      example: { status: "ok", revoked: 1 },
    }),
  ];
}

const accountOps: ApiOperation[] = [
  simple("availableLocations", "get", API_PATHS.availableLocations, "Account", "Locations the user may open", {
    example: { limit_country: 5, limit_region: 20, limit_hexagon: 50, order_list: { country: ["GB"], region: [], hexagon: [] }, free_order_list: { country: ["GB"], region: [], hexagon: [] }, tariff: { name: "PREMIUM" } },
  }),
  simple("currentSubscription", "get", API_PATHS.currentSubscription, "Account", "Current plan and upgrade options", { example: { upgrade_subscription_plan: [{ id: 2, name: "PREMIUM", price: "990.00" }] } }),
  simple("tariffUpgrade", "post", API_PATHS.tariffUpgrade, "Account", "Upgrade the plan, optionally with data packages", {
    description: "Only to a plan above the current one (tariff_id as in upgrade_subscription_plan); the current plan with packages buys the packages alone. A lower plan or nothing to buy answers 400.",
    parameters: [idempotencyKeyParam],
    requestBody: body({ tariff_id: 2, payment_type: "card", purchased_packages: [{ id: 101 }] }, ["tariff_id", "payment_type"]),
    example: { status: "paid", order_id: 11, lead_id: null, total: "1 368.00", invoice_number: 4, checkout_url: null, test_payment: true },
  }),
  simple("reportsList", "get", API_PATHS.reportsList, "Account", "Reports of the user", { example: { results: [] } }),
  simple("invoices", "get", API_PATHS.invoices, "Account", "Invoices", { example: { status: "ok", results: [{ number: 1, created_at: "2026-11-01T10:00:00.000Z", total_price: "1 188.00", currency: "EUR", order_id: 7 }] } }),
  simple("receipts", "get", API_PATHS.receipts, "Account", "Receipts", {
    example: { status: "ok", results: [{ number: 1, created_at: "2026-11-01T10:00:00.000Z", total_price: "1 188.00", currency: "EUR", order_id: 7, provider: "test" }] },
  }),
  ...appKeyOps("customerAppKey", API_PATHS.customerAppKey, ""),
  ...appKeyOps("appKey", API_PATHS.appKey, ", alternative path"),
  simple("billingInfoGet", "get", API_PATHS.billingInfo, "Account", "Billing information", {
    example: { appeal: "Ms", email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", phone: "+44 20 0000 0000", company: { name: "Analytical Ltd", country: "GB", zip: "EC1A 1AA", city: "London", street: "1 Example Street", vat_number: "GB123456789" } },
  }),
  simple("billingInfoPut", "put", API_PATHS.billingInfo, "Account", "Update billing information", {
    requestBody: body({ first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "+44 20 0000 0000", company: { name: "Analytical Ltd", country: "GB", street: "1 Example Street" } }, ["first_name", "last_name", "email"]),
  }),
  simple("termsGet", "get", API_PATHS.termsConditions, "Account", "Terms acceptance", { example: { terms_conditions: true } }),
  simple("termsPut", "put", API_PATHS.termsConditions, "Account", "Accept the terms", { requestBody: body({ terms_conditions: true }, ["terms_conditions"]), example: { terms_conditions: true } }),
];

const uploadOps: ApiOperation[] = [
  simple("uploadPreview", "post", API_PATHS.uploadPreview, "Portfolio upload", "Preview an uploaded portfolio", {
    description:
      "Multipart form with the CSV or XLSX file (UTF-8 or UTF-16 CSV). Allow 30 s. The location counts partition the rows read: total_locations = valid_locations + duplicate_locations + invalid_locations + out_of_range_locations (valid: the first row at a point on land; duplicate: a later row at the same coordinates; invalid: missing, non-numeric or 0/0 coordinates; out of range: beyond ±90/±180 or at sea). billed_locations, what a report order charges for, is the valid locations. The charts and summary table use, for each row, the finest level the caller may read (scored_at); rows in places the caller may not read are counted in locked_locations. An account reads a few files at once: more answer 429 with Retry-After.",
    security: "optional-bearer",
    requestBody: body({ file: "(binary)" }, ["file"], ["multipart/form-data"]),
    example: { total_locations: 19, valid_locations: 16, invalid_locations: 1, out_of_range_locations: 1, duplicate_locations: 1, billed_locations: 16, data: [{ lat: 51.507, lon: -0.128, name: "London office" }], weighted_by: ["local GDP per Capita equivalent"], scored_at: { hexagon: 0, region: 0, country: 15 }, locked_locations: 1 },
  }),
  simple("requestPreview", "post", API_PATHS.requestPreview, "Portfolio upload", "Charts and summary of the last preview", { security: "optional-bearer", example: { piecharts: [], summary_table: [] } }),
  simple("generateReport", "get", API_PATHS.generateReport, "Portfolio upload", "Generate the full portfolio report", { example: { report_files: [] } }),
  simple("uploadRequestStats", "post", API_PATHS.uploadRequestStats, "Portfolio upload", "Report statistics", { example: { output_request_stats: { asset_number: 19, hexagon_number: 16, country_number: 11 } } }),
  simple("uploadOverallEstimate", "post", API_PATHS.uploadOverallEstimate, "Portfolio upload", "Overall risk estimate", { example: { output_risks_overall_estimate: { hist: {}, future: {} } } }),
  simple("uploadDiversity", "post", API_PATHS.uploadDiversity, "Portfolio upload", "Hazard diversity", { example: { output_risks_diversity: { FD: 4, HW: 7 } } }),
  simple("uploadIntensity", "post", API_PATHS.uploadIntensity, "Portfolio upload", "Intensity distribution", { example: { output_risks_intensity: [[1, 5], [2, 8]] } }),
  simple("uploadSocialEconomics", "post", API_PATHS.uploadSocialEconomics, "Portfolio upload", "Social and economic context by country", {
    example: { social_by_country_sum: { GB: { population_at_risk: 0, electricity_consumption_at_risk: 0, agricultural_land_total_surface_at_risk: 0 } } },
  }),
];

const orderOps: ApiOperation[] = [
  simple("leadFileTransfer", "post", API_PATHS.leadFileTransfer, "Orders", "Transfer the previewed file to an order", { security: "optional-bearer", example: { lead_id: 42 } }),
  simple("leadPostalAddress", "post", API_PATHS.leadPostalAddress, "Orders", "Start a single-location order", {
    security: "optional-bearer",
    requestBody: body({ postal_address: "10 Downing Street, London", lat: 51.503, lon: -0.128 }, ["postal_address", "lat", "lon"]),
    example: { lead_id: 43 },
  }),
  simple("leadConfirmPurchase", "post", API_PATHS.leadConfirmPurchase, "Orders", "Confirm a purchase", {
    security: "optional-bearer",
    description: "Pays the order. A signed-in buyer needs filled billing info first; VAT follows its country.",
    parameters: [idempotencyKeyParam],
    requestBody: body({ lead_id: 42, order_id: 7 }, ["lead_id", "order_id"]),
    example: { status: "paid", order_id: 7, lead_id: 42, total: "16.80", invoice_number: 3, checkout_url: null, test_payment: true },
  }),
  simple("leadPayment", "get", API_PATHS.leadPayment, "Orders", "Payment status of a lead", {
    security: "optional-bearer",
    parameters: [q("lead_id", "The lead's id (from file_transfer or postal_address).", { type: "integer", example: 42 })],
    example: { status: "ok", lead_id: 42, paid: true, order_id: 7, order_status: "paid", total: "16.80", invoice_number: 3 },
  }),
  simple("selfServiceProducts", "get", API_PATHS.selfServiceProducts, "Orders", "Self-service products", {
    security: "optional-bearer",
    example: {
      status: "ok",
      products: [
        { id: 1, code: "portfolio_report", name: "Portfolio climate risk report (per location)", price: "14.00", price_minor: 1400, currency: "EUR", per_location: true },
        { id: 2, code: "single_pdf", name: "Single-location climate risk report (PDF)", price: "49.00", price_minor: 4900, currency: "EUR", per_location: false },
      ],
    },
  }),
  simple("selfServiceCreateOrder", "post", API_PATHS.selfServiceCreateOrder, "Orders", "Create a self-service order", {
    security: "optional-bearer",
    parameters: [idempotencyKeyParam],
    description:
      "The order is priced from the lead itself: a portfolio lead for its upload's unique valid locations, a postal-address lead for one. `total_locations` and `valid_locations` in the body are accepted but ignored. Only products of the lead's kind may be chosen (the portfolio report for a portfolio, the PDF for a postal address).",
    requestBody: body({ products: [1], lead_id: 42 }, ["products", "lead_id"]),
    example: {
      order_id: 7,
      lead_id: 42,
      total_locations: 19,
      valid_locations: 17,
      cost: { SUBTOTAL: "238.00", "TAX RATE": 20, VAT: "47.60", TOTAL: "285.60" },
      products: [{ id: 1, code: "portfolio_report", name: "Portfolio climate risk report (per location)", quantity: 17, price: "14.00", total: "238.00" }],
    },
  }),
  simple("packageRegister", "get", API_PATHS.packageRegister, "Orders", "Data packages", {
    example: {
      status: "ok",
      Country: [
        { id: 0, price: "0.00", get_name: "Select a package", is_custom: false },
        { id: 101, price: "150.00", get_name: "1 country", is_custom: false },
        { id: 103, price: "150.00", get_name: "Custom number of countries", is_custom: true },
        { id: 102, price: "600.00", get_name: "5 countries", is_custom: false },
      ],
      Region: [{ id: 0, price: "0.00", get_name: "Select a package", is_custom: false }],
      Granular: [{ id: 0, price: "0.00", get_name: "Select a package", is_custom: false }],
    },
  }),
  simple("buyProducts", "post", API_PATHS.buyProducts, "Orders", "Buy country, region or hexagon credits", {
    description: "type: 1 country, 2 region, 3 hexagon. Needs filled billing info; VAT follows its country.",
    parameters: [idempotencyKeyParam],
    requestBody: body({ type: 1, amount: 2 }, ["type", "amount"]),
    example: { status: "paid", order_id: 12, lead_id: null, total: "300.00", invoice_number: 5, checkout_url: null, test_payment: true },
  }),
  simple("stripeWebhook", "post", API_PATHS.stripeWebhook, "Orders", "Stripe payment events", {
    description: "Called by Stripe with a signed event (Stripe-Signature header); an order settles once however often the event is delivered.",
    security: "none",
    example: { received: true },
  }),
];

const contentOps: ApiOperation[] = [
  simple("faqList", "get", API_PATHS.faqList, "Content", "FAQ list", { security: "none", example: { count: 18, results: [{ id: 1, question: "What do the 1-to-5 risk scores mean?" }] } }),
  {
    ...simple("faqItem", "get", API_PATHS.faqItem("{id}"), "Content", "FAQ item", { security: "none", example: { id: 1, question: "What do the 1-to-5 risk scores mean?", answer: "…" } }),
    parameters: [{ name: "id", in: "path", required: true, description: "FAQ item id.", type: "integer", example: 1 }],
    errors: [notFound("This page could not be found")],
  },
  simple("blogList", "get", API_PATHS.blogList, "Content", "Blog posts", {
    security: "none",
    parameters: [
      q("page", "Page number (default 1).", { required: false, type: "integer", example: 1 }),
      q("page_size", "Posts per page (default 10).", { required: false, type: "integer", example: 10 }),
      q("topic", "Topic id.", { required: false, type: "integer" }),
    ],
    example: { count: 15, results: [{ id: 1, title: "How to Read a 1-to-5 Climate Risk Score" }] },
  }),
  {
    ...simple("blogItem", "get", API_PATHS.blogItem("{id}"), "Content", "Blog post", { security: "none", example: { id: 1, title: "How to Read a 1-to-5 Climate Risk Score" } }),
    parameters: [{ name: "id", in: "path", required: true, description: "Post id.", type: "integer", example: 1 }],
    errors: [notFound("This page could not be found")],
  },
  simple("blogTopics", "get", API_PATHS.blogTopics, "Content", "Blog topics", { security: "none", example: { results: [{ id: 1, title: "Climate Science & Scenarios", url: "/blog/climate-science-and-scenarios-1" }] } }),
  {
    ...simple("newsletterSubscribe", "post", API_PATHS.newsletterSubscribe, "Content", "Subscribe to the newsletter (double opt-in)", {
      security: "none",
      description: "Sends an e-mail with a confirmation link; the subscription counts once the link is opened. Re-subscribing an unconfirmed address sends a new link.",
      requestBody: body({ email: "ada@example.com", first_name: "Ada" }, ["email"], ["application/json", "application/x-www-form-urlencoded"]),
      example: { message: "Thank you! We have sent you an e-mail: click the link in it to confirm your subscription." },
    }),
    errors: [badParam("email", "Invalid Email"), rateLimited],
  },
  {
    ...simple("getEmailList", "get", API_PATHS.getEmail, "Content", "Documents that can be requested by e-mail", {
      security: "none",
      example: { results: DOCUMENTS.map((d) => ({ name: d.name, id: d.id })) },
    }),
  },
  {
    ...simple("getEmailSend", "post", API_PATHS.getEmail, "Content", "E-mail a document as a PDF attachment", {
      security: "none",
      parameters: [q("document_id", "Document id from the list.", { enum: DOCUMENTS.map((d) => d.id), example: "methodology" })],
      requestBody: body({ email: "ada@example.com" }, ["email"], ["application/json", "application/x-www-form-urlencoded"]),
      example: { status: "success" },
    }),
    errors: [badParam("email", "Invalid Email"), notFound('Unknown document "x". Ask GET /api/v1/get_email for the list of documents.'), rateLimited],
  },
  {
    ...simple("contact", "post", API_PATHS.contact, "Content", "Send a message to the team", {
      security: "none",
      requestBody: body({ message: "Could we discuss a portfolio of 300 sites?", firstname: "Ada", lastname: "Lovelace", email: "ada@example.com" }, ["message", "firstname", "lastname", "email"]),
      example: { status: "success", message: "Message sent" },
    }),
    errors: [badParam("message", "Must be at least 10 symbols"), rateLimited],
  },
];

export const API_OPERATIONS: readonly ApiOperation[] = [...riskOps, ...accountOps, ...uploadOps, ...orderOps, ...contentOps];

/** JSON Schema guessed from an example value: enough to show field names and types. */
export function schemaFromExample(value: unknown): Record<string, unknown> {
  if (value === null) return { type: "null" };
  if (Array.isArray(value)) return { type: "array", items: value.length ? schemaFromExample(value[0]) : {} };
  switch (typeof value) {
    case "string":
      return { type: "string" };
    case "number":
      return { type: Number.isInteger(value) ? "integer" : "number" };
    case "boolean":
      return { type: "boolean" };
    case "object":
      return {
        type: "object",
        properties: Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, schemaFromExample(v)])),
      };
    default:
      return {};
  }
}

function securityOf(op: ApiOperation) {
  if (op.security === "none") return [];
  if (op.security === "bearer") return [{ bearerAuth: [] }];
  return [{}, { bearerAuth: [] }];
}

/** The OpenAPI 3.1 document. `origin` becomes the server URL. */
export function buildOpenApiDocument(origin: string, version = "1.0.0") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    const item = (paths[op.path] ??= {});
    item[op.method] = {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      security: securityOf(op),
      parameters: op.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required,
        description: p.description,
        schema: { type: p.type, ...(p.enum ? { enum: p.enum } : {}) },
        ...(p.example !== undefined ? { example: p.example } : {}),
      })),
      ...(op.requestBody
        ? {
            requestBody: {
              required: true,
              ...(op.requestBody.description ? { description: op.requestBody.description } : {}),
              content: Object.fromEntries(
                op.requestBody.contentTypes.map((type) => [
                  type,
                  { schema: { ...schemaFromExample(op.requestBody!.example), required: op.requestBody!.required }, example: op.requestBody!.example },
                ]),
              ),
            },
          }
        : {}),
      responses: {
        "200": { description: op.response.description, content: { "application/json": { schema: schemaFromExample(op.response.example), example: op.response.example } } },
        ...Object.fromEntries(
          op.errors.map((e) => [
            String(e.status),
            { description: e.description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, ...(e.example ? { example: e.example } : {}) } } },
          ]),
        ),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Climate risk public API",
      version,
      description:
        "Physical climate risk scores (1 Low to 5 Extreme) for countries, regions, H3 resolution-4 hexagons and points, under RCP2.6, RCP4.5 and RCP8.5 for 2030, 2040 and 2050, plus the account, order and content endpoints used by the web application.",
    },
    servers: [{ url: `${origin.replace(/\/$/, "")}${API_PREFIX}` }],
    tags: API_TAGS.map((t) => ({ name: t.name, description: t.description })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "Session token or PREMIUM API key." } },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: { error: { type: "string", description: "What went wrong, in words." }, field: { type: "string", description: "The parameter or field at fault." } },
        },
      },
    },
  };
}
