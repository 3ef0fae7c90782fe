/** Signing a webhook delivery as WEBHOOK_SIGNATURE_TEXT tells a receiver to check it, and new endpoint secrets. */
import crypto from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "~/domain/api/webhooks/webhooks";

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  const digest = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

/** A new endpoint's secret: whsec_ and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
}
