import { contactMessages } from "#db/schema/index";
import type { ContactInput } from "~/domain/content/forms/contact";
import { HONEYPOT_FIELD } from "~/domain/content/forms/public-forms";
import { SITE_NAME } from "~/domain/content/site";
import { getEnv } from "~/env.server";
import { getDb } from "../../infra/db.server";
import { sendMail } from "../../mail/mail.server";
import { guardPublicForm, isHoneypotFilled } from "./public-forms.server";

/** Stores the message and mails it to the team mailbox; replying answers the sender directly. */
export async function sendContactMessage(input: ContactInput & { ip: string; honeypot?: unknown }): Promise<{ id: number | null }> {
  if (isHoneypotFilled({ [HONEYPOT_FIELD]: input.honeypot })) return { id: null };
  await guardPublicForm("contact", input.ip);
  const db = await getDb();
  const [row] = await db
    .insert(contactMessages)
    .values({ firstName: input.firstname, lastName: input.lastname, email: input.email, message: input.message, ip: input.ip })
    .returning({ id: contactMessages.id });
  const name = `${input.firstname} ${input.lastname}`.trim();
  await sendMail({
    to: getEnv().TEAM_MAILBOX,
    replyTo: input.email,
    subject: `[${SITE_NAME} contact] Message from ${name}`,
    kind: "team",
    text: [`From: ${name} <${input.email}>`, `Message #${row?.id ?? "?"}`, "", input.message].join("\n"),
  });
  return { id: row?.id ?? null };
}
