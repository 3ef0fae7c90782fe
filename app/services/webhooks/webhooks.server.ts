/**
 * Webhook endpoints of an account and their deliveries. Deliveries are an outbox in `webhook_deliveries`, drained
 * as mail's is: rows claimed with FOR UPDATE SKIP LOCKED and a lease, so two instances never send one row at once;
 * a failure waits out the retry schedule, and the last one marks the row failed. A new dataset version is announced
 * by the first instance that inserts it into `dataset_announcements`, in the same transaction as its deliveries.
 */
import { outboxWorker } from "../infra/outbox-worker.server";
import http from "node:http";
import https from "node:https";
import { and, arrayContains, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { datasetAnnouncements, webhookDeliveries, webhookEndpoints, type WebhookEndpoint } from "#db/schema/index";
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  checkWebhookEvents,
  checkWebhookUrl,
  nextWebhookRetrySeconds,
  secretHint,
  type WebhookEvent,
} from "~/domain/api/webhooks/webhooks";
import { datasetPublishedEvent, servedRelease } from "~/domain/api/datasets/dataset-feed";
import { getEnv } from "~/env.server";
import { readDatasetIdentity } from "~/risk/engine/load-engine.server";
import { getDb } from "../infra/db.server";
import { logger } from "../infra/logger.server";
import { BadRequestError, ConflictError, NotFoundError } from "../http/errors.server";
import { newWebhookSecret, webhookSignature } from "./signature.server";
import { PrivateTargetError, assertPublicHost, publicOnlyLookup } from "./target-address.server";

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string;
  secret_hint: string;
  created_at: string;
}

export interface WebhookDeliveryView {
  id: number;
  event_id: string;
  event_type: string;
  status: "pending" | "sending" | "delivered" | "failed";
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

const allowPrivateTargets = () => getEnv().WEBHOOK_ALLOW_PRIVATE_TARGETS === true;

function view(row: WebhookEndpoint): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    description: row.description,
    secret_hint: secretHint(row.secret),
    created_at: row.createdAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listWebhookEndpoints(userId: string): Promise<WebhookEndpointView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(view);
}

/** Checks the URL (shape, then every address its host resolves to) and stores the endpoint; the secret is in this answer only. */
export async function createWebhookEndpoint(
  userId: string,
  input: { url: unknown; events?: unknown; description?: unknown },
): Promise<WebhookEndpointView & { secret: string }> {
  const allowPrivate = allowPrivateTargets();
  const checked = checkWebhookUrl(input.url, allowPrivate);
  if ("error" in checked) throw new BadRequestError(checked.error, "url");
  const events = checkWebhookEvents(input.events);
  if ("error" in events) throw new BadRequestError(events.error, "events");
  const description = typeof input.description === "string" ? input.description.trim() : "";
  if (description.length > WEBHOOK_DESCRIPTION_MAX)
    throw new BadRequestError(WEBHOOK_MESSAGES.descriptionTooLong, "description");
  try {
    await assertPublicHost(checked.url.hostname, allowPrivate);
  } catch (error) {
    const message =
      error instanceof PrivateTargetError ? WEBHOOK_MESSAGES.privateTarget : WEBHOOK_MESSAGES.unresolvable;
    throw new BadRequestError(message, "url");
  }
  const db = await getDb();
  const [{ held }] = (await db
    .select({ held: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))) as [{ held: number }];
  if (held >= MAX_WEBHOOK_ENDPOINTS) throw new ConflictError(WEBHOOK_MESSAGES.tooMany);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId, url: checked.url.toString(), events: events.events, secret, description })
    .returning();
  logger.info({ endpoint: row!.id, user: userId }, "webhook endpoint registered");
  return { ...view(row!), secret };
}

async function ownEndpoint(userId: string, id: string): Promise<WebhookEndpoint> {
  if (!UUID.test(id)) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** Deletes the endpoint with its deliveries: nothing more is sent to it. */
export async function deleteWebhookEndpoint(userId: string, id: string): Promise<WebhookEndpointView> {
  const row = await ownEndpoint(userId, id);
  const db = await getDb();
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
  return view(row);
}

/** The newest deliveries to one of the account's endpoints. */
export async function listWebhookDeliveries(userId: string, id: string, limit = 50): Promise<WebhookDeliveryView[]> {
  const row = await ownEndpoint(userId, id);
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, row.id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map((d) => ({
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    next_attempt_at: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
  }));
}

/**
 * Announces the served dataset version once across every instance: the instance whose insert of the version wins
 * queues one `dataset.published` delivery per subscribed endpoint, in the same transaction; the others find the
 * version there and queue nothing. Returns how many deliveries this call queued (null: announced before).
 */
export async function announceDatasetVersion(served: { version: string; sha256: string }): Promise<number | null> {
  const db = await getDb();
  const origin = getEnv().PUBLIC_URL;
  const queued = await db.transaction(async (tx) => {
    const [announced] = await tx
      .insert(datasetAnnouncements)
      .values({ version: served.version, checksum: served.sha256 })
      .onConflictDoNothing()
      .returning();
    if (!announced) return null;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(arrayContains(webhookEndpoints.events, ["dataset.published"]));
    if (!endpoints.length) return 0;
    const event = datasetPublishedEvent(servedRelease(origin, served, announced.announcedAt), announced.announcedAt);
    const body = JSON.stringify(event);
    await tx
      .insert(webhookDeliveries)
      .values(endpoints.map((e) => ({ endpointId: e.id, eventId: event.id, eventType: event.type, body })))
      .onConflictDoNothing();
    return endpoints.length;
  });
  if (queued !== null) logger.info({ version: served.version, deliveries: queued }, "dataset version announced");
  return queued;
}

/** On server start: announces the dataset in the data folder if no instance has, then delivers. */
export async function announceServedDataset(): Promise<void> {
  const queued = await announceDatasetVersion(await readDatasetIdentity());
  if (queued) void wakeWebhookWorker();
}

/** Lease on a claimed row: a worker that dies mid-send frees it after this long. */
const LEASE_SECONDS = 60;
const BATCH_SIZE = 10;

type Claimed = {
  id: number;
  attempts: number;
  body: string;
  eventId: string;
  eventType: string;
  url: string;
  secret: string;
};

async function claimDue(now: Date): Promise<Claimed[]> {
  const db = await getDb();
  const at = now.toISOString();
  const result = await db.execute(sql`
    update ${webhookDeliveries} set status = 'sending', attempts = attempts + 1,
      locked_until = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS}::double precision)
    where id in (
      select id from ${webhookDeliveries}
      where (status = 'pending' and next_attempt_at <= ${at}::timestamptz)
         or (status = 'sending' and locked_until < ${at}::timestamptz)
      order by id limit ${BATCH_SIZE}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  return db
    .select({
      id: webhookDeliveries.id,
      attempts: webhookDeliveries.attempts,
      body: webhookDeliveries.body,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(webhookDeliveries.id);
}

/** One POST: its status code, or the error that kept it from getting one. Redirects are not followed. */
function post(row: Claimed, now: Date): Promise<number> {
  const url = new URL(row.url);
  const timestamp = Math.floor(now.getTime() / 1000);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        lookup: publicOnlyLookup(allowPrivateTargets()),
        timeout: WEBHOOK_TIMEOUT_MS,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(row.body),
          "User-Agent": "ClimateRisk-Webhooks/1",
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(row.secret, timestamp, row.body),
          [WEBHOOK_EVENT_HEADER]: row.eventType,
          [WEBHOOK_DELIVERY_HEADER]: String(row.id),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS} ms`)));
    request.on("error", reject);
    request.end(row.body);
  });
}

async function deliver(row: Claimed, now: Date) {
  const db = await getDb();
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = await post(row, now);
    if (status < 200 || status > 299) error = `answered ${status}`;
  } catch (e) {
    error = e instanceof PrivateTargetError ? WEBHOOK_MESSAGES.privateTarget : (e as Error).message.slice(0, 500);
  }
  if (!error) {
    await db
      .update(webhookDeliveries)
      .set({ status: "delivered", lockedUntil: null, lastStatusCode: status, lastError: null, deliveredAt: now })
      .where(eq(webhookDeliveries.id, row.id));
    logger.info({ delivery: row.id, event: row.eventId, status }, "webhook delivered");
    return;
  }
  const delay = nextWebhookRetrySeconds(row.attempts);
  await db
    .update(webhookDeliveries)
    .set(
      delay === null
        ? { status: "failed", lockedUntil: null, lastStatusCode: status, lastError: error }
        : {
            status: "pending",
            lockedUntil: null,
            lastStatusCode: status,
            lastError: error,
            nextAttemptAt: new Date(now.getTime() + delay * 1000),
          },
    )
    .where(eq(webhookDeliveries.id, row.id));
  logger.warn(
    { delivery: row.id, event: row.eventId, attempts: row.attempts, retryInSeconds: delay, err: error },
    delay === null ? "webhook failed for good" : "webhook delivery failed; will retry",
  );
}

const webhookWorker = outboxWorker("webhook", () => deliverDueWebhooks());

/**
 * One worker pass at `now` (a test moves it forward instead of waiting out the backoff): sends every due delivery;
 * returns how many it tried. Safe on many instances at once.
 */
export async function deliverDueWebhooks(now: () => Date = () => new Date()): Promise<number> {
  let tried = 0;
  while (!webhookWorker.stopping) {
    const batch = await claimDue(now());
    if (!batch.length) return tried;
    await Promise.all(batch.map((row) => deliver(row, now())));
    tried += batch.length;
  }
  return tried;
}

/** Runs a worker pass soon (at most one at a time per process). */
export function wakeWebhookWorker(): Promise<void> {
  return webhookWorker.wake();
}

/** Retries and other instances' leftovers: a pass every 15 s. */
export function startWebhookWorker(intervalMs = 15_000) {
  webhookWorker.start(intervalMs);
}
