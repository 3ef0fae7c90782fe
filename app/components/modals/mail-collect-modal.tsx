import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { notify } from "~/components/layout/toaster";
import { CheckboxField, ErrorList, Field, HoneypotField, Spinner, SubmitButton } from "~/components/forms/fields";
import { postJson } from "~/components/forms/public-api-submit";
import { Modal } from "~/components/ui/modal";
import { apiUrl, API_PATHS } from "~/domain/api/api-paths";
import {
  documentResultMessage,
  mailCollectText,
  MailCollectSchema,
  type DocumentInfo,
} from "~/domain/content/documents";
import { HONEYPOT_FIELD, REDIRECT_FIELD } from "~/domain/content/forms/public-forms";
import { usePageHydrates } from "~/utils/hydration";
import { useNonce } from "~/utils/nonce-provider";

export function documentAction(documentId: string) {
  return `${apiUrl(API_PATHS.getEmail)}?document_id=${encodeURIComponent(documentId)}`;
}

interface MailCollectModalProps {
  document: DocumentInfo;
  /** Current URL (with the query that opened the modal): where a no-JavaScript post comes back to. */
  returnTo: string;
  closeHref: string;
  /** Address the document was already sent to: the modal opens as "resend". */
  sentTo?: string;
  /** Show the full form even though the document was sent before. */
  editing?: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * E-mail collection for the Methodology, Technical documentation and Pricing list.
 * Without JavaScript it is a plain form posting to the API route, which redirects back; with JavaScript it
 * validates as you type and posts JSON. Send stays disabled until the terms are ticked: by React where the page
 * is hydrated, by a CSS :has() rule on the static pages (styles/tailwind.css), and the server checks the box too.
 * A document sent before is sent again at once.
 */
export function MailCollectModal({
  document,
  returnTo,
  closeHref,
  sentTo,
  editing,
  lastResult,
}: MailCollectModalProps) {
  const resend = Boolean(sentTo) && !editing && !lastResult;
  return (
    <Modal title={document.name} closeHref={closeHref}>
      {resend ? (
        <ResendForm document={document} email={sentTo!} returnTo={returnTo} closeHref={closeHref} />
      ) : (
        <MailCollectForm
          document={document}
          returnTo={returnTo}
          closeHref={closeHref}
          lastResult={lastResult}
          defaultEmail={sentTo}
        />
      )}
    </Modal>
  );
}

function useSendDocument(document: DocumentInfo, closeHref: string) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send(email: string, honeypot: string) {
    setPending(true);
    setError(null);
    const { ok, body } = await postJson(documentAction(document.id), { email, [HONEYPOT_FIELD]: honeypot });
    const result = documentResultMessage(ok, body);
    setPending(false);
    if (result.success) {
      notify({ type: "success", title: result.message });
      navigate(closeHref, { replace: true, preventScrollReset: true });
    } else {
      setError(result.message);
      notify({ type: "error", title: result.message });
    }
  }
  return { send, pending, error };
}

function MailCollectForm({
  document,
  returnTo,
  closeHref,
  lastResult,
  defaultEmail,
}: {
  document: DocumentInfo;
  returnTo: string;
  closeHref: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultEmail?: string;
}) {
  const hydrated = useHydrated();
  const { send, pending, error } = useSendDocument(document, closeHref);
  const [accepted, setAccepted] = useState(false);
  const [form, fields] = useForm({
    id: `mail-collect-${document.id}`,
    lastResult,
    defaultValue: { email: defaultEmail ?? "" },
    constraint: getZodConstraint(MailCollectSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MailCollectSchema }),
    onSubmit(event, { submission, formData }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      void send(submission.value.email, String(formData.get(HONEYPOT_FIELD) ?? ""));
    },
  });
  return (
    <form method="post" action={documentAction(document.id)} className="terms-gated" {...getFormProps(form)}>
      <p className="mb-4 text-slate-700">{mailCollectText(document)}</p>
      <input type="hidden" name={REDIRECT_FIELD} value={returnTo} />
      <HoneypotField name={HONEYPOT_FIELD} />
      <ErrorList id={form.errorId} errors={error ? [error] : form.errors} />
      <Field
        label="E-mail"
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          placeholder: "name@company.com",
        }}
        errors={fields.email.errors}
      />
      <CheckboxField
        label={
          <>
            I accept the{" "}
            <Link to="/terms" target="_blank" rel="noopener" className="underline">
              Terms &amp; Conditions
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </>
        }
        inputProps={{
          ...getInputProps(fields.terms, { type: "checkbox" }),
          onChange: (event) => setAccepted(event.currentTarget.checked),
        }}
        errors={fields.terms.errors}
      />
      <button
        type="submit"
        className="btn-primary terms-gated-send w-full"
        disabled={pending || (hydrated && !accepted)}
        aria-busy={pending || undefined}
      >
        {pending ? <Spinner /> : null}
        Send
      </button>
      {!hydrated || !accepted ? (
        <p className="terms-gated-hint mt-2 text-center text-xs text-slate-600">Tick the terms to enable Send.</p>
      ) : null}
    </form>
  );
}

function ResendForm({
  document,
  email,
  returnTo,
  closeHref,
}: {
  document: DocumentInfo;
  email: string;
  returnTo: string;
  closeHref: string;
}) {
  const { send, pending, error } = useSendDocument(document, closeHref);
  const hydrates = usePageHydrates();
  const nonce = useNonce();
  const formId = `resend-${document.id}`;
  const started = useRef(false);
  // Opened again after a send: the document goes out at once (once, even if effects run twice).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void send(email, "");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one send per opening
  }, []);
  return (
    <form
      id={formId}
      method="post"
      action={documentAction(document.id)}
      onSubmit={(event) => {
        event.preventDefault();
        void send(email, "");
      }}
    >
      <p className="mb-4 text-slate-700" aria-live="polite">
        {pending ? (
          <>
            Sending the {document.modalName} again to <strong>{email}</strong>…
          </>
        ) : (
          <>
            We already sent the {document.modalName} to <strong>{email}</strong>. Send it again?
          </>
        )}
      </p>
      {/* After sending, the page comes back without the modal, so the document is not sent a third time. */}
      <input type="hidden" name={REDIRECT_FIELD} value={closeHref} />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="terms" value="on" />
      <ErrorList errors={error ? [error] : undefined} />
      <SubmitButton pending={pending}>Send again</SubmitButton>
      <p className="mt-4 text-center text-sm">
        <Link
          to={`${returnTo}${returnTo.includes("?") ? "&" : "?"}edit=1`}
          replace
          preventScrollReset
          className="text-brand-700 underline"
        >
          Send it to another address
        </Link>
      </p>
      {/* A static page has no React to send it: two lines of script do, and without script the button is there. */}
      {hydrates ? null : (
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: `document.getElementById(${JSON.stringify(formId)}).requestSubmit();` }}
        />
      )}
    </form>
  );
}
