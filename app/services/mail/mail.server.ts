/**
 * All mail goes through a queue in the `mail_outbox` table: a request stores its message and is answered at once;
 * a worker delivers it by SMTP with retries and backoff. Rows are claimed with `FOR UPDATE SKIP LOCKED` and a
 * lease, so two server instances never send the same row. Without SMTP_URL the row is simply kept (`stored`) for the
 * development outbox page.
 */
import { outboxWorker } from "../infra/outbox-worker.server";
import nodemailer, { type Transporter } from "nodemailer";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { mailOutbox, type MailAttachmentRecord } from "#db/schema/index";
import {
  MAIL_MESSAGES,
  OUTBOX_RETENTION,
  RECIPIENT_LIMITS,
  nextRetryDelaySeconds,
  type MailKind,
} from "~/domain/content/forms/mail";
import { getEnv } from "~/env.server";
import { getDb } from "../infra/db.server";
import { TooManyRequestsError } from "../http/errors.server";
import { logger } from "../infra/logger.server";
import { isOverLimit, recordEvent } from "../http/rate-limit.server";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  replyTo?: string;
  /** Decides the per-recipient limit; `team` is our own mailbox. */
  kind?: MailKind;
}

/** Too many messages of one kind to one address in the window. */
export class RecipientLimitError extends TooManyRequestsError {
  constructor(windowMinutes: number) {
    super(MAIL_MESSAGES.recipientLimited, windowMinutes * 60);
  }
}

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function smtpTransport(url: string): Transporter {
  if (!transporter || transporterUrl !== url) {
    transporter = nodemailer.createTransport(url);
    transporterUrl = url;
  }
  return transporter;
}

/**
 * Counts one message of this kind to this address; throws RecipientLimitError when the window is full. The inbox
 * belongs to someone else, so DISABLE_RATE_LIMIT does not lift this.
 */
export async function guardRecipient(kind: MailKind, to: string) {
  const limit = RECIPIENT_LIMITS[kind];
  if (!limit) return;
  const key = `mail:${kind}:${to.trim().toLowerCase()}`;
  if (await isOverLimit(key, limit.perRecipient, limit.windowMinutes))
    throw new RecipientLimitError(limit.windowMinutes);
  await recordEvent(key);
}

/** Lease on a claimed row: a worker that dies mid-send frees it after this long. */
const LEASE_SECONDS = 120;
const BATCH_SIZE = 10;

/**
 * Stores the message (after the per-recipient limit) and, with SMTP, wakes the worker. Resolves once the row is
 * stored: an SMTP outage never fails the request that asked for the mail.
 */
export async function sendMail(message: MailMessage): Promise<{ id: number; queued: boolean }> {
  await guardRecipient(message.kind ?? "other", message.to);
  const stored = await storeMail(await getDb(), message);
  if (stored.queued) void wakeMailWorker();
  if (Math.random() < 0.05) void pruneOutbox().catch((error) => logger.error({ err: error }, "outbox prune failed"));
  return stored;
}

/**
 * Stores the message with the caller's executor: inside a transaction the mail commits, or not, with the work that
 * sends it (a purchase's confirmation is never lost nor written twice). The caller wakes the worker after commit.
 */
export async function storeMail(
  executor: Pick<Awaited<ReturnType<typeof getDb>>, "insert">,
  message: MailMessage,
): Promise<{ id: number; queued: boolean }> {
  const env = getEnv();
  const kind = message.kind ?? "other";
  const attachments: MailAttachmentRecord[] = (message.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    contentBase64: a.content.toString("base64"),
  }));
  const smtp = Boolean(env.SMTP_URL);
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      to: message.to,
      from: env.MAIL_FROM,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments,
      transport: smtp ? "smtp" : "outbox",
      kind,
      status: smtp ? "pending" : "stored",
    })
    .returning({ id: mailOutbox.id });
  logger.info({ id: row!.id, kind, subject: message.subject }, smtp ? "mail queued" : "mail stored in outbox");
  return { id: row!.id, queued: smtp };
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Claims due rows (pending and due, or sending with an expired lease) for this worker, atomically. */
async function claimDueMail(): Promise<OutboxRow[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    update ${mailOutbox} set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${LEASE_SECONDS}::double precision)
    where id in (
      select id from ${mailOutbox}
      where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
      order by id limit ${BATCH_SIZE}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(mailOutbox.id);
}

async function deliver(row: OutboxRow, url: string) {
  const db = await getDb();
  try {
    await smtpTransport(url).sendMail({
      from: row.from,
      to: row.to,
      replyTo: row.replyTo ?? undefined,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      attachments: row.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, "base64"),
      })),
    });
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    logger.info({ id: row.id, kind: row.kind }, "mail sent via smtp");
  } catch (error) {
    const delay = nextRetryDelaySeconds(row.attempts);
    const lastError = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
    await db
      .update(mailOutbox)
      .set(
        delay === null
          ? { status: "failed", lockedUntil: null, lastError }
          : { status: "pending", lockedUntil: null, lastError, nextAttemptAt: new Date(Date.now() + delay * 1000) },
      )
      .where(eq(mailOutbox.id, row.id));
    logger.warn(
      { id: row.id, attempts: row.attempts, retryInSeconds: delay, err: lastError },
      delay === null ? "mail failed for good" : "mail delivery failed; will retry",
    );
  }
}

/** The passes below check `mailWorker.stopping`: the send in flight finishes, nothing new is claimed. */
const mailWorker = outboxWorker("mail", () => deliverDueMail());

/** Claimed rows the worker will not send now go back to the queue at once, instead of waiting out the lease. */
async function release(rows: OutboxRow[]) {
  if (!rows.length) return;
  const db = await getDb();
  await db
    .update(mailOutbox)
    .set({ status: "pending", lockedUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
    .where(
      and(
        inArray(
          mailOutbox.id,
          rows.map((r) => r.id),
        ),
        eq(mailOutbox.status, "sending"),
      ),
    );
}

/** One worker pass: delivers every due message; returns how many it tried. Safe to run on many instances at once. */
export async function deliverDueMail(): Promise<number> {
  const url = getEnv().SMTP_URL;
  if (!url) return 0;
  let tried = 0;
  while (!mailWorker.stopping) {
    const batch = await claimDueMail();
    if (!batch.length) return tried;
    for (const [i, row] of batch.entries()) {
      if (mailWorker.stopping) {
        await release(batch.slice(i));
        return tried;
      }
      await deliver(row, url);
      tried++;
    }
  }
  return tried;
}

/** Runs a worker pass soon (coalesced: at most one pass at a time per process). */
export function wakeMailWorker(): Promise<void> {
  return mailWorker.wake();
}

/** Retries and leftovers of other instances: a pass every 30 s while SMTP is configured. */
export function startMailWorker(intervalMs = 30_000) {
  if (getEnv().SMTP_URL) mailWorker.start(intervalMs);
}

/** Caps the outbox: delivered and stored rows older than the retention, and any beyond the newest maxRows, go. */
export async function pruneOutbox() {
  const db = await getDb();
  const done = inArray(mailOutbox.status, ["sent", "stored", "failed"]);
  await db
    .delete(mailOutbox)
    .where(and(done, lt(mailOutbox.createdAt, new Date(Date.now() - OUTBOX_RETENTION.maxAgeDays * 86_400_000))));
  const [edge] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .offset(OUTBOX_RETENTION.maxRows)
    .limit(1);
  if (edge) await db.delete(mailOutbox).where(and(done, lt(mailOutbox.id, edge.id + 1)));
}

export async function listOutbox(limit = 50) {
  const db = await getDb();
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
