import { Link } from "@remix-run/react";
import { Spinner } from "~/components/forms/fields";
import { Modal } from "~/components/ui/modal";
import type { SafeHtml } from "~/domain/content/safe-html";

export const MESSAGE_MODAL_CLOSE_LABEL = "Close";

interface MessageModalProps {
  title: string;
  /** Sanitised on the server (messageHtml), so links and emphasis survive and nothing else does. */
  html: SafeHtml;
  /** Label of the one button; the spec's default is "Close". */
  buttonLabel?: string;
  /** Centre the message text (short confirmations). */
  centred?: boolean;
  /** The action behind the message is still running: the button waits and the dialog says it is busy. */
  loading?: boolean;
  /** Where the button goes (works without JavaScript), or a handler. */
  closeHref?: string;
  onClose?: () => void;
}

/** The spec's message modal (flag messageButtonModal): a title, an HTML message and one button. */
export function MessageModal({
  title,
  html,
  buttonLabel = MESSAGE_MODAL_CLOSE_LABEL,
  centred,
  loading,
  closeHref,
  onClose,
}: MessageModalProps) {
  const buttonClass = "btn-primary mt-6 w-full";
  const label = (
    <>
      {loading ? <Spinner /> : null}
      {buttonLabel}
    </>
  );
  return (
    <Modal title={title} closeHref={loading ? undefined : closeHref} onClose={loading ? undefined : onClose} size="sm">
      <div aria-busy={loading || undefined}>
        <div
          className={`prose-sm text-slate-700 ${centred ? "text-center" : ""}`}
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {onClose || loading || !closeHref ? (
          <button type="button" className={buttonClass} onClick={onClose} disabled={loading}>
            {label}
          </button>
        ) : (
          <Link to={closeHref} replace preventScrollReset className={`${buttonClass} inline-flex justify-center`}>
            {label}
          </Link>
        )}
      </div>
    </Modal>
  );
}
