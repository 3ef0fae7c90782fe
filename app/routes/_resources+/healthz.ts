import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { getDb, getDbMode } from "~/services/infra/db.server";
import { logger } from "~/services/infra/logger.server";
import { resourceHandler } from "~/services/http/security-headers.server";

/** GET /healthz: the database answers. */
async function health() {
  const started = performance.now();
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return json(
      { status: "ok", database: await getDbMode(), latencyMs: Math.round(performance.now() - started) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    return json({ status: "error", database: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}

export const loader = resourceHandler(health);
