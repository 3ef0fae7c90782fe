/**
 * Webhooks end to end in one process, on the test database (PGlite, or PostgreSQL with DATABASE_URL): an endpoint is
 * registered through the API and its secret shown once; a dataset version no instance has announced queues one
 * delivery per endpoint however many announce it at once; the delivery carries a signature that checks out by the
 * algorithm the document states; an endpoint that keeps failing is retried on the schedule, then marked failed;
 * private and loopback targets are refused unless the test setting allows them.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { webhookDeliveries } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS } from "~/domain/api/api-paths";
import { CHANGELOG_DATASET_VERSION } from "~/domain/api/api-changelog";
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_SIGNATURE_TEXT,
} from "~/domain/api/webhooks/webhooks";
import { resetEnvCacheForTesting } from "~/env.server";
import { readDatasetIdentity } from "~/risk/engine/load-engine.server";
import { createApiKey } from "~/services/api/keys/api-keys.server";
import { createSession } from "~/services/auth/session.server";
import { announceDatasetVersion, deliverDueWebhooks } from "~/services/webhooks/webhooks.server";
import * as listRoute from "../../../app/routes/api+/v1+/webhooks+/_index";
import * as deliveriesRoute from "../../../app/routes/api+/v1+/webhooks+/$id.deliveries";
import * as itemRoute from "../../../app/routes/api+/v1+/webhooks+/$id";
import * as datasetsRoute from "../../../app/routes/api+/v1+/datasets";
import * as atomRoute from "../../../app/routes/api+/v1+/datasets[.]atom";

const getDb = setupTestDatabase();

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response>;
const call = (
  handler: unknown,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  params = {},
) =>
  (handler as Handler)({
    request: new Request(`http://localhost/api${path}`, {
      method,
      headers: { ...headers, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
    params,
    context: {},
  });

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver that answers each POST with the next status of `statuses` (the last one repeats). */
async function receiver(statuses: number[] = [204]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The check the document tells a receiver to make, written from its words, not from the server's code. */
function documentedCheck(secret: string, header: string, body: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const expected = crypto.createHmac("sha256", secret).update(`${parts.t}.${body}`, "utf8").digest("hex");
  return (
    Math.abs(nowSeconds - Number(parts.t)) <= 300 &&
    crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1 ?? "".padEnd(64, "0")))
  );
}

function allowPrivateTargets(allow: boolean) {
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = allow ? "true" : "false";
  resetEnvCacheForTesting();
}

async function account() {
  const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  const token = await createSession(user.id);
  return { user, auth: { Authorization: `Bearer ${token}` } };
}

async function register(auth: Record<string, string>, url: string) {
  const res = await call(listRoute.action, "POST", API_PATHS.webhooks, auth, { url, description: "nightly" });
  return { res, body: (await res.json()) as Record<string, unknown> & { id: string; secret: string } };
}

const deliveriesOf = async (endpointId: string) =>
  getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

afterEach(() => allowPrivateTargets(true));
beforeEach(() => allowPrivateTargets(true));

describe("dataset-version feed", () => {
  it("lists the changelog's releases with the served one current, its checksum the served file's, in JSON and Atom", async () => {
    const res = await call(datasetsRoute.loader, "GET", API_PATHS.datasets, {});
    expect(res.status).toBe(200);
    const body = (await res.json()) as { current_version: string; versions: Record<string, unknown>[] };
    const served = await readDatasetIdentity();
    expect(body.current_version).toBe(served.version);
    expect(body.versions[0]).toMatchObject({
      version: CHANGELOG_DATASET_VERSION,
      current: true,
      checksum: `sha256:${served.sha256}`,
    });
    expect(body.versions.filter((v) => v.current)).toHaveLength(1);
    const atom = await call(atomRoute.loader, "GET", API_PATHS.datasetsAtom, {});
    expect(atom.headers.get("Content-Type")).toContain("application/atom+xml");
    const xml = await atom.text();
    expect(xml.match(/<entry>/g)).toHaveLength(body.versions.length);
    expect(xml).toContain(`sha256:${served.sha256}`);
  });
});

describe("webhook endpoints", () => {
  it("registers with a session, shows the secret once, and a key needs the webhooks scope", async () => {
    const { user, auth } = await account();
    const { res, body } = await register(auth, "http://127.0.0.1:9/hook");
    expect(res.status).toBe(200);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = (await (await call(listRoute.loader, "GET", API_PATHS.webhooks, auth)).json()) as {
      endpoints: Record<string, unknown>[];
    };
    expect(list.endpoints).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(body.secret);
    expect(list.endpoints[0]!.secret_hint).toBe(`${body.secret.slice(0, 10)}…`);

    const readKey = (await createApiKey(user, { name: "reader" })).key;
    const refused = await call(listRoute.loader, "GET", API_PATHS.webhooks, { Authorization: `Bearer ${readKey}` });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("insufficient_scope");
    const hookKey = (await createApiKey(user, { name: "hooks", scopes: ["webhooks"] })).key;
    const byKey = await call(listRoute.loader, "GET", API_PATHS.webhooks, { Authorization: `Bearer ${hookKey}` });
    expect(byKey.status).toBe(200);

    const deleted = await call(itemRoute.action, "DELETE", API_PATHS.webhookItem(body.id), auth, undefined, {
      id: body.id,
    });
    expect(deleted.status).toBe(200);
    const again = await call(itemRoute.action, "DELETE", API_PATHS.webhookItem(body.id), auth, undefined, {
      id: body.id,
    });
    expect(again.status).toBe(404);
  });

  it("refuses private, loopback and link-local targets and plain http when private targets are not allowed", async () => {
    allowPrivateTargets(false);
    const { auth } = await account();
    for (const url of [
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://[::1]/hook",
      "https://169.254.169.254/latest",
      "https://localhost/hook",
      "https://[::ffff:192.168.0.1]/x",
    ]) {
      const { res, body } = await register(auth, url);
      expect(res.status, url).toBe(400);
      expect(body.error, url).toBe(WEBHOOK_MESSAGES.privateTarget);
    }
    const { res, body } = await register(auth, "http://93.184.215.14/hook");
    expect(res.status).toBe(400);
    expect(body.error).toBe(WEBHOOK_MESSAGES.urlInvalid);
  });
});

describe("dataset.published deliveries", () => {
  it("one signed delivery per endpoint for a new version, however many announce it at once", async () => {
    const hook = await receiver();
    try {
      const a = await account();
      const b = await account();
      const first = (await register(a.auth, hook.url)).body;
      const second = (await register(b.auth, hook.url)).body;
      const served = await readDatasetIdentity();
      // Two instances starting together: both try to announce the version; one wins.
      const outcomes = await Promise.all([announceDatasetVersion(served), announceDatasetVersion(served)]);
      expect(outcomes.filter((n) => n === null)).toHaveLength(1);
      expect(outcomes.find((n) => n !== null)).toBeGreaterThanOrEqual(2);
      expect(await announceDatasetVersion(served)).toBeNull();
      expect(await deliveriesOf(first.id)).toHaveLength(1);
      expect(await deliveriesOf(second.id)).toHaveLength(1);

      await deliverDueWebhooks();
      const ours = hook.received.filter((r) => r.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
      expect(ours).toHaveLength(2);
      const now = Math.floor(Date.now() / 1000);
      const secrets = [first.secret, second.secret];
      for (const r of ours) {
        const header = String(r.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(secrets.filter((s) => documentedCheck(s, header, r.body, now))).toHaveLength(1);
        expect(documentedCheck(secrets[0]!, header, `${r.body} `, now)).toBe(false);
        expect(r.headers["content-type"]).toBe("application/json");
        const event = JSON.parse(r.body) as { type: string; data: { version: string; checksum: string } };
        expect(event.type).toBe("dataset.published");
        expect(event.data).toMatchObject({ version: served.version, checksum: `sha256:${served.sha256}` });
      }
      expect(WEBHOOK_SIGNATURE_TEXT).toContain("HMAC-SHA256");
      const [row] = await deliveriesOf(first.id);
      expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 204 });

      const listed = await call(
        deliveriesRoute.loader,
        "GET",
        API_PATHS.webhookDeliveries(first.id),
        a.auth,
        undefined,
        {
          id: first.id,
        },
      );
      expect(((await listed.json()) as { deliveries: unknown[] }).deliveries).toMatchObject([
        { status: "delivered", attempts: 1, last_status_code: 204, event_type: "dataset.published" },
      ]);
    } finally {
      await hook.close();
    }
  });

  it("retries a failing endpoint on the backoff schedule, then marks the delivery failed", async () => {
    const hook = await receiver([500]);
    try {
      const { auth } = await account();
      const endpoint = (await register(auth, hook.url)).body;
      expect(await announceDatasetVersion({ version: "9.9.9-test", sha256: "ab".repeat(32) })).toBeGreaterThanOrEqual(
        1,
      );
      let clock = Date.now();
      const now = () => new Date(clock);
      await deliverDueWebhooks(now);
      const mine = () => hook.received.filter((r) => r.body.includes("9.9.9-test")).length;
      expect(mine()).toBe(1);
      for (const [i, delay] of WEBHOOK_RETRY_DELAYS_SECONDS.entries()) {
        const [row] = await deliveriesOf(endpoint.id);
        expect(row).toMatchObject({ status: "pending", attempts: i + 1, lastStatusCode: 500 });
        // Not before its time...
        clock += (delay - 1) * 1000;
        await deliverDueWebhooks(now);
        expect(mine()).toBe(i + 1);
        // ...and at it.
        clock += 1000;
        await deliverDueWebhooks(now);
        expect(mine()).toBe(i + 2);
      }
      const [row] = await deliveriesOf(endpoint.id);
      expect(row).toMatchObject({ status: "failed", attempts: WEBHOOK_MAX_ATTEMPTS, lastStatusCode: 500 });
      clock += 86_400_000;
      await deliverDueWebhooks(now);
      expect(mine()).toBe(WEBHOOK_MAX_ATTEMPTS);
    } finally {
      await hook.close();
    }
  });
});
