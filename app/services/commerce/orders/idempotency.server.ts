/**
 * Idempotency, stated once: the first request with a key runs and its answer is stored; any later request with the
 * same owner, scope and key gets that answer back without running again.
 *
 * The claim of the key, the work and the stored answer commit in ONE transaction. A crash at any point either
 * leaves nothing behind (the retry runs the work once) or leaves the work done together with its answer (the retry
 * reads it). A concurrent request with the same key blocks on the key's unique index until the first transaction
 * ends, then reads the committed answer.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { idempotencyKeys } from "#db/schema/index";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import {
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  IDEMPOTENT_REPLAYED_HEADER,
} from "~/domain/commerce/orders";
import { getDb } from "../../infra/db.server";
import { BadRequestError, ConflictError, UnprocessableEntityError, withErrorCode } from "../../http/errors.server";
import { logger } from "../../infra/logger.server";
import type { Tx } from "../ledger.server";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export function assertIdempotencyKey(key: unknown): string {
  if (key === undefined || key === null || key === "")
    throw new BadRequestError(`${IDEMPOTENCY_HEADER} ${IDEMPOTENCY_KEY_REQUIRED_MESSAGE}`, "idempotency_key");
  if (typeof key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new BadRequestError(`${IDEMPOTENCY_HEADER} ${IDEMPOTENCY_KEY_MESSAGE}`, "idempotency_key");
  }
  return key;
}

/** The key of an API request: the header, else an `idempotency_key` field of the body. */
export function idempotencyKeyOf(request: Request, body?: Record<string, unknown>): string {
  return assertIdempotencyKey(request.headers.get(IDEMPOTENCY_HEADER) ?? body?.idempotency_key);
}

/** JSON with object keys sorted, so the same parameters always hash the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHashOf(params: unknown): string {
  return crypto.createHash("sha256").update(canonicalJson(params)).digest("hex");
}

export interface IdempotentRequest {
  ownerId: string | null;
  key: string;
  scope: string;
  /** What the request asks for; a repeat of the key with other parameters is refused (422), not answered. */
  params: unknown;
}

/** The transaction the work runs in, and work to do only once it has committed (never on a replay). */
export interface UnitOfWork {
  tx: Tx;
  afterCommit: (task: () => Promise<void>) => void;
}

/** Answers that were stored by an earlier request with the same key and given back, not run again. */
const replayedAnswers = new WeakSet<object>();

/** Whether an answer of withIdempotency is a replay (the API says so in `Idempotent-Replayed: true`). */
export function isReplayedAnswer(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && replayedAnswers.has(answer);
}

/** The header a replayed answer carries; none on a first answer. */
export function replayHeaders(answer: unknown): Record<string, string> {
  return isReplayedAnswer(answer) ? { [IDEMPOTENT_REPLAYED_HEADER]: "true" } : {};
}

export async function withIdempotency<T>(
  request: IdempotentRequest,
  run: (work: UnitOfWork) => Promise<T>,
): Promise<T> {
  assertIdempotencyKey(request.key);
  const owner = request.ownerId ?? "anonymous";
  const requestHash = requestHashOf(request.params);
  const where = and(
    eq(idempotencyKeys.owner, owner),
    eq(idempotencyKeys.scope, request.scope),
    eq(idempotencyKeys.key, request.key),
  );
  const afterCommit: (() => Promise<void>)[] = [];
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    // Waits for a concurrent transaction holding the same key; inserts nothing once that one has committed.
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ owner, scope: request.scope, key: request.key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) {
      const [row] = await tx.select().from(idempotencyKeys).where(where);
      if (!row || row.state !== "done") throw new ConflictError(COMMERCE_MESSAGES.keyInProgress);
      if (row.requestHash !== null && row.requestHash !== requestHash)
        throw withErrorCode(
          new UnprocessableEntityError(COMMERCE_MESSAGES.keyReused, "idempotency_key"),
          "idempotency_key_reused",
        );
      if (typeof row.response === "object" && row.response !== null) replayedAnswers.add(row.response);
      return row.response as T;
    }
    const answer = await run({ tx, afterCommit: (task) => afterCommit.push(task) });
    await tx
      .update(idempotencyKeys)
      .set({ state: "done", response: (answer ?? null) as unknown })
      .where(where);
    return answer;
  });
  for (const task of afterCommit) {
    await task().catch((error: unknown) =>
      logger.warn({ err: error, scope: request.scope }, "follow-up work of a committed request failed"),
    );
  }
  return result;
}
