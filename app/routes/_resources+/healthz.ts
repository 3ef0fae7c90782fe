import { json } from "@remix-run/node";
import { databaseHealth } from "~/services/infra/db-health.server";
import { logger } from "~/services/infra/logger.server";
import { resourceHandler } from "~/services/http/security-headers.server";

/** GET /healthz: the database answers, within a second (503 when it does not). */
async function health() {
  const health = await databaseHealth();
  if (health.ok) {
    const { mode, latencyMs, pool } = health;
    return json(
      { status: "ok", database: mode, latencyMs, ...(pool ? { pool } : {}) },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  if (health.error) logger.error({ err: health.error }, "health check failed");
  else logger.warn("health check: the database did not answer in time");
  return json(
    { status: "error", database: health.database },
    { status: 503, headers: { "Cache-Control": "no-store" } },
  );
}

export const loader = resourceHandler(health);
