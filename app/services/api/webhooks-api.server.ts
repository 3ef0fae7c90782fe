/** Response handlers of the dataset feed (/v1/datasets, its Atom form) and the webhook endpoints (/v1/webhooks). */
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { datasetReleases, renderDatasetAtom } from "~/domain/api/datasets/dataset-feed";
import {
  DatasetsResponse,
  WebhookDeliveriesResponse,
  WebhookEndpointCreatedResponse,
  WebhookEndpointDeletedResponse,
  WebhookEndpointsResponse,
} from "~/domain/api-contract/webhooks";
import { getEnv } from "~/env.server";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { API_RESPONSE_HEADERS, apiAnswer } from "./api-response.server";
import { apiMethodNotAllowed } from "./api-fallback.server";
import { requireApiCaller } from "./keys/api-auth.server";
import { publicCacheHeaders } from "../http/cache-headers.server";
import { readBody } from "../http/forms/form-flash.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
} from "../webhooks/webhooks.server";

type Args = { request: Request; params: Record<string, string | undefined> };

function currentReleases() {
  const current = getRiskEngine().datasetVersion;
  return { current, versions: datasetReleases(getEnv().PUBLIC_URL, current) };
}

export function datasetsResponse({ request }: Args) {
  const { current, versions } = currentReleases();
  return apiAnswer(
    DatasetsResponse,
    { status: "ok", current_version: current, versions },
    { headers: publicCacheHeaders(request) },
  );
}

export function datasetsAtomResponse({ request }: Args) {
  const xml = renderDatasetAtom(getEnv().PUBLIC_URL, apiUrl(API_PATHS.datasetsAtom), currentReleases().versions);
  const headers = publicCacheHeaders(request);
  headers.set("Content-Type", "application/atom+xml; charset=utf-8");
  for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) headers.set(name, value);
  return new Response(xml, { headers });
}

export async function webhooksLoader({ request }: Args) {
  const caller = await requireApiCaller(request, "webhooks");
  return apiAnswer(WebhookEndpointsResponse, { status: "ok", endpoints: await listWebhookEndpoints(caller.user.id) });
}

export async function webhooksAction({ request }: Args) {
  if (request.method !== "POST") return apiMethodNotAllowed(request, ["GET", "POST"]);
  const caller = await requireApiCaller(request, "webhooks");
  const { values, formData } = await readBody(request);
  const created = await createWebhookEndpoint(caller.user.id, {
    url: values.url,
    events: formData ? formData.getAll("events").map(String) : values.events,
    description: values.description,
  });
  return apiAnswer(WebhookEndpointCreatedResponse, { status: "ok", ...created });
}

export async function webhookItemAction({ request, params }: Args) {
  if (request.method !== "DELETE") return apiMethodNotAllowed(request, ["DELETE"]);
  const caller = await requireApiCaller(request, "webhooks");
  return apiAnswer(WebhookEndpointDeletedResponse, {
    status: "ok",
    deleted: await deleteWebhookEndpoint(caller.user.id, params.id ?? ""),
  });
}

export async function webhookDeliveriesLoader({ request, params }: Args) {
  const caller = await requireApiCaller(request, "webhooks");
  return apiAnswer(WebhookDeliveriesResponse, {
    status: "ok",
    deliveries: await listWebhookDeliveries(caller.user.id, params.id ?? ""),
  });
}
