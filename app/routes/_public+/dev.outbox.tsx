import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/ui/page-header";
import { ERROR_MESSAGES } from "~/domain/forms/errors";
import { redactSecretParams } from "~/domain/http/redaction";
import { isProduction, outboxPageAccess } from "~/env.server";
import { listOutbox } from "~/services/mail/mail.server";
import { requireAdmin } from "~/services/auth/admin.server";
import { pageTitle } from "~/utils/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("Mail outbox") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = outboxPageAccess();
  if (access === "off") throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
  if (access === "admin") await requireAdmin(request);
  const messages = await listOutbox(50);
  // A reset link logs in as its owner and a confirmation link subscribes someone else's address: a production
  // server shows no secret of a link to anybody, administrators included.
  const visible = isProduction() ? redactSecretParams : (text: string) => text;
  return json(
    {
      messages: messages.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: visible(m.text),
        createdAt: m.createdAt.toISOString(),
        attachments: m.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          bytes: Math.floor((a.contentBase64.length * 3) / 4),
        })),
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Development mailbox: mail that would have gone out by SMTP, newest first. */
export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-10">
      <PageHeader title="Mail outbox" lead="Messages kept here because no SMTP server is configured (SMTP_URL)." />
      {messages.length === 0 ? <p>No messages yet.</p> : null}
      <ol className="space-y-4">
        {messages.map((m) => (
          <li key={m.id} className="card">
            <article aria-labelledby={`mail-${m.id}`}>
              <h2 id={`mail-${m.id}`} className="font-semibold">
                {m.subject}
              </h2>
              <p className="text-sm text-slate-600">
                To <span data-testid="mail-to">{m.to}</span> · <time dateTime={m.createdAt}>{m.createdAt}</time>
              </p>
              <pre className="mt-3 whitespace-pre-wrap break-words text-sm">{linkify(m.text)}</pre>
              {m.attachments.length ? (
                <ul className="mt-2 text-sm text-slate-600">
                  {m.attachments.map((a) => (
                    <li key={a.filename}>
                      Attachment: {a.filename} ({a.contentType}, {a.bytes} bytes)
                    </li>
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part} className="text-brand-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
