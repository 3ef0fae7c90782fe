import nodemailer, { type Transporter } from "nodemailer";
import { desc } from "drizzle-orm";
import { mailOutbox, type MailAttachmentRecord } from "#db/schema/index";
import { getEnv } from "~/env.server";
import { getDb } from "./db.server";
import { logger } from "./logger.server";

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
 * Sends through SMTP when SMTP_URL is set; otherwise the message is kept in the outbox table,
 * where the development outbox page shows it.
 */
export async function sendMail(message: MailMessage): Promise<{ transport: "smtp" | "outbox" }> {
  const env = getEnv();
  if (env.SMTP_URL) {
    await smtpTransport(env.SMTP_URL).sendMail({
      from: env.MAIL_FROM,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
    });
    logger.info({ to: message.to, subject: message.subject }, "mail sent via smtp");
    return { transport: "smtp" };
  }
  const db = await getDb();
  const attachments: MailAttachmentRecord[] = (message.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    contentBase64: a.content.toString("base64"),
  }));
  await db.insert(mailOutbox).values({
    to: message.to,
    from: env.MAIL_FROM,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments,
    transport: "outbox",
  });
  logger.info({ to: message.to, subject: message.subject }, "mail stored in outbox");
  return { transport: "outbox" };
}

export async function listOutbox(limit = 50) {
  const db = await getDb();
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
