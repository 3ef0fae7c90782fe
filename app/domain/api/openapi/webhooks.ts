/** The "Datasets" paths: the dataset-version feed and the webhook endpoints that announce a new version. */
import { API_PATHS } from "../api-paths";
import { DATASET_CHECKSUM_FILE } from "../datasets/dataset-feed";
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_RETRY_TEXT,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_TEXT,
} from "../webhooks/webhooks";
import * as hooks from "../../api-contract/webhooks";
import { z } from "../../api-contract/zod";
import type { ApiOperation, RegisterPaths } from "./operation";
import { BODY_ERRORS, SIGNED_IN_ERRORS, json } from "./shared";

const idParams = z.object({
  id: z.string().uuid().openapi({
    description: "The endpoint's id, from GET /v1/webhooks.",
    example: "3f6d1c2e-8b4a-4f0e-9c1d-7a2b5e6f8091",
  }),
});

const ACCESS_TEXT =
  "A signed-in session, or an API key with the `webhooks` scope; an account sees and changes only its own endpoints.";

export const WEBHOOKS_TEXT = [
  "A registered endpoint gets a POST for each event it subscribes to. `dataset.published` is sent once per new dataset version, when the first server instance starts serving it, however many instances start.",
  WEBHOOK_SIGNATURE_TEXT,
  WEBHOOK_RETRY_TEXT,
].join("\n\n");

export function webhookOperations(): ApiOperation[] {
  return [
    {
      id: "datasetsList",
      method: "get",
      path: API_PATHS.datasets,
      tag: "Datasets",
      summary: "Published dataset versions",
      description: `Every published version of the hazard dataset, newest first: when it was published, what changed, a link to its changelog entry and to the methodology, and the SHA-256 of its scores file (${DATASET_CHECKSUM_FILE}). \`current\` marks the version the API answers from. The same list as an Atom feed: ${API_PATHS.datasetsAtom}. To hear of a new version without polling, register a webhook (POST ${API_PATHS.webhooks}).`,
      access: "none",
      response: { schema: hooks.DatasetsResponse, description: "The versions, newest first." },
      errors: [429],
    },
    {
      id: "webhooksList",
      method: "get",
      path: API_PATHS.webhooks,
      tag: "Datasets",
      summary: "Webhook endpoints of the account",
      description: `Oldest first; a secret is never shown again, only its first characters. ${ACCESS_TEXT}`,
      access: "webhooks",
      response: { schema: hooks.WebhookEndpointsResponse, description: "The endpoints." },
      errors: SIGNED_IN_ERRORS,
    },
    {
      id: "webhooksCreate",
      method: "post",
      path: API_PATHS.webhooks,
      tag: "Datasets",
      summary: "Register a webhook endpoint",
      description: `The answer holds the endpoint's signing secret: shown this once. Up to ${MAX_WEBHOOK_ENDPOINTS} endpoints per account (409 beyond). ${ACCESS_TEXT}\n\n${WEBHOOKS_TEXT}`,
      access: "webhooks",
      body: json(hooks.CreateWebhookEndpointBody),
      response: {
        schema: hooks.WebhookEndpointCreatedResponse,
        description: "The endpoint and its secret, shown once.",
      },
      errors: [...BODY_ERRORS, ...SIGNED_IN_ERRORS, 409],
    },
    {
      id: "webhooksDelete",
      method: "delete",
      path: API_PATHS.webhookItem("{id}"),
      tag: "Datasets",
      summary: "Delete a webhook endpoint",
      description: `Nothing more is sent to it, retries included; its deliveries go with it. ${ACCESS_TEXT}`,
      access: "webhooks",
      params: idParams,
      response: { schema: hooks.WebhookEndpointDeletedResponse, description: "The deleted endpoint." },
      errors: [...SIGNED_IN_ERRORS, 404],
    },
    {
      id: "webhookDeliveries",
      method: "get",
      path: API_PATHS.webhookDeliveries("{id}"),
      tag: "Datasets",
      summary: "Deliveries to a webhook endpoint",
      description: `The newest 50, newest first: each event's status, attempts, the last HTTP status and error, and when it is tried next. ${WEBHOOK_RETRY_TEXT} ${ACCESS_TEXT}`,
      access: "webhooks",
      params: idParams,
      response: { schema: hooks.WebhookDeliveriesResponse, description: "The deliveries." },
      errors: [...SIGNED_IN_ERRORS, 404],
    },
  ];
}

/** The delivery body, a component of its own so the `webhooks` section can point to it. */
export const DELIVERY_SCHEMAS = { DatasetPublishedEvent: hooks.DatasetPublishedEvent } as const;

export const registerWebhookPaths: RegisterPaths = (add) => add(...webhookOperations());

/** The `webhooks` section of the document (OpenAPI 3.1): what a registered endpoint receives. */
export const DATASET_PUBLISHED_WEBHOOK = {
  method: "post" as const,
  path: "dataset.published",
  operationId: "datasetPublished",
  // Sent by the platform, signed with the endpoint's secret: no credential of the receiver's.
  security: [],
  summary: "A new dataset version is served",
  description: WEBHOOKS_TEXT,
  request: {
    headers: z.object({
      [WEBHOOK_SIGNATURE_HEADER]: z
        .string()
        .openapi({ description: "t=<Unix seconds>,v1=<hex HMAC-SHA256 of `<t>.<raw body>`>" }),
    }),
    body: { content: { "application/json": { schema: hooks.DatasetPublishedEvent } } },
  },
  responses: { 200: { description: "Any 2xx within 10 s acknowledges the delivery; anything else is retried." } },
};
