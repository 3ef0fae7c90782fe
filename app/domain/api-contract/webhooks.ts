/** Answers and bodies of the dataset feed (/v1/datasets) and the webhook endpoints (/v1/webhooks). */
import { datasetPublishedEvent, datasetReleases } from "../api/datasets/dataset-feed";
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_TEXT,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_URL_MAX,
} from "../api/webhooks/webhooks";
import { CHANGELOG_DATASET_VERSION } from "../api/api-changelog";
import { ok } from "./common";
import { z, obj } from "./zod";

const EXAMPLE_ORIGIN = "https://climate.example.org";
/** The changelog's own releases, as the feed lists them on a server that serves the newest. */
const exampleReleases = datasetReleases(EXAMPLE_ORIGIN, CHANGELOG_DATASET_VERSION);

export const DatasetRelease = obj({
  id: z.string().openapi({ description: "The release's id: `dataset-` and its version; the changelog's anchor." }),
  version: z.string().openapi({ description: "The dataset version answers name in `dataset_version`." }),
  title: z.string(),
  published_at: z.string().datetime().openapi({ description: "When the version was published." }),
  checksum: z
    .string()
    .regex(/^sha256:[0-9a-f]{64}$/)
    .openapi({ description: "`sha256:` and the hex SHA-256 of the version's scores file, risk-cells.bin.gz." }),
  changes: z.array(z.string()).openapi({ description: "What changed from the version before, in plain words." }),
  changelog_url: z.string().url().openapi({ description: "The release's entry in the changelog." }),
  methodology_url: z.string().url().openapi({ description: "How the scores are made." }),
  current: z.boolean().openapi({ description: "true for the version the API answers from now." }),
}).openapi("DatasetRelease", { example: exampleReleases[0] });

export const DatasetsResponse = obj({
  status: ok,
  current_version: z.string().openapi({ description: "The version the API answers from now." }),
  versions: z.array(DatasetRelease).openapi({ description: "Every published version, newest first." }),
}).openapi("DatasetsResponse", {
  example: { status: "ok", current_version: CHANGELOG_DATASET_VERSION, versions: exampleReleases.slice(0, 2) },
});

const Event = z
  .enum(WEBHOOK_EVENTS)
  .openapi({ description: WEBHOOK_EVENTS.map((e) => `${e}: ${WEBHOOK_EVENT_TEXT[e]}`).join(" ") });

const endpointFields = {
  id: z.string().uuid().openapi({ description: "The endpoint's id: DELETE /v1/webhooks/{id} removes it." }),
  url: z.string().url().openapi({ description: "Where deliveries are POSTed." }),
  events: z.array(Event),
  description: z.string(),
  secret_hint: z.string().openapi({
    description: "The secret's first characters: names it without revealing it (the secret is shown once).",
  }),
  created_at: z.string().datetime(),
};

const endpointExample = {
  id: "3f6d1c2e-8b4a-4f0e-9c1d-7a2b5e6f8091",
  url: "https://hooks.example.com/climate-risk",
  events: ["dataset.published"] as "dataset.published"[],
  description: "re-run the nightly scores",
  secret_hint: "whsec_p4Zq…",
  created_at: "2026-11-29T09:00:00.000Z",
};

export const WebhookEndpoint = obj(endpointFields).openapi("WebhookEndpoint", { example: endpointExample });

export const WebhookEndpointsResponse = obj({ status: ok, endpoints: z.array(WebhookEndpoint) }).openapi(
  "WebhookEndpointsResponse",
  { example: { status: "ok", endpoints: [endpointExample] } },
);

export const WebhookEndpointCreatedResponse = obj({
  status: ok,
  secret: z.string().openapi({
    description: "The signing secret: shown in this answer only. Keep it to verify each delivery's signature.",
  }),
  ...endpointFields,
}).openapi("WebhookEndpointCreatedResponse", {
  example: { status: "ok", secret: "whsec_p4Zq8rV2mN0xL5tY7wB3cD9eF1gH6jK0aS2dQ4uI8oP", ...endpointExample },
});

export const WebhookEndpointDeletedResponse = obj({ status: ok, deleted: WebhookEndpoint }).openapi(
  "WebhookEndpointDeletedResponse",
  { example: { status: "ok", deleted: endpointExample } },
);

export const CreateWebhookEndpointBody = z
  .object({
    url: z.string().max(WEBHOOK_URL_MAX).openapi({
      description:
        "An https:// URL on the public internet: a host that resolves to a private, loopback or link-local address is refused, at registration and again at every delivery.",
      example: "https://hooks.example.com/climate-risk",
    }),
    events: z
      .array(Event)
      .optional()
      .openapi({ description: "The events to send; all of them when left out.", example: ["dataset.published"] }),
    description: z
      .string()
      .max(WEBHOOK_DESCRIPTION_MAX)
      .optional()
      .openapi({ description: "What the endpoint is for.", example: "re-run the nightly scores" }),
  })
  .openapi("CreateWebhookEndpointBody");

const deliveryExample = {
  id: 17,
  event_id: "evt_dataset-4.13.0",
  event_type: "dataset.published",
  status: "delivered" as const,
  attempts: 2,
  last_status_code: 204,
  last_error: null,
  next_attempt_at: null,
  delivered_at: "2026-11-29T09:00:31.000Z",
  created_at: "2026-11-29T09:00:00.000Z",
};

export const WebhookDelivery = obj({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(["pending", "sending", "delivered", "failed"]).openapi({
    description: `pending: waiting for its next attempt; sending: being sent; delivered: a 2xx came back; failed: ${WEBHOOK_MAX_ATTEMPTS} attempts got none.`,
  }),
  attempts: z.number().int(),
  last_status_code: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "The last attempt's HTTP status; null if none came." }),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().datetime().nullable(),
  delivered_at: z.string().datetime().nullable(),
  created_at: z.string().datetime(),
}).openapi("WebhookDelivery", { example: deliveryExample });

export const WebhookDeliveriesResponse = obj({ status: ok, deliveries: z.array(WebhookDelivery) }).openapi(
  "WebhookDeliveriesResponse",
  { example: { status: "ok", deliveries: [deliveryExample] } },
);

/** The body every dataset.published delivery carries. */
export const DatasetPublishedEvent = obj({
  id: z.string().openapi({ description: "The event's id: the same in every endpoint's delivery and retry." }),
  type: z.literal("dataset.published"),
  created_at: z.string().datetime(),
  data: DatasetRelease,
}).openapi("DatasetPublishedEvent", {
  example: datasetPublishedEvent(exampleReleases[0]!, new Date("2026-11-29T09:00:00.000Z")),
});
