import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AuthPanel, authViewTitle } from "~/components/forms/auth-forms";
import { Modal } from "~/components/ui/modal";
import { SITE_NAME } from "~/domain/content/site";
import { loginActionResponse, loginPageResponse } from "~/services/auth/login-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? authViewTitle(data.view) : "Log in"} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return loginPageResponse(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return loginActionResponse(request, context);
}

export default function LoginPage() {
  const { view, redirectTo, resetToken, resetTokenError, notice, mailNote } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-lg font-bold text-brand-700">
            {SITE_NAME}
          </Link>
          <Link to="/" className="text-sm text-slate-700 underline">
            Back to the website
          </Link>
        </div>
      </header>
      <main id="main" className="flex-1">
        <h1 className="sr-only">{authViewTitle(view)}</h1>
        <Modal title={authViewTitle(view)} closeHref="/">
          {notice ? (
            <p
              role="status"
              className="mb-4 rounded-md border-l-4 border-green-600 bg-green-50 p-3 text-sm text-green-900"
            >
              {notice}
            </p>
          ) : null}
          {mailNote ? (
            <p
              className="mb-4 rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="mail-outbox-note"
            >
              {mailNote.text}{" "}
              {mailNote.href ? (
                <a href={mailNote.href} className="font-semibold underline">
                  Open the mail outbox
                </a>
              ) : null}
            </p>
          ) : null}
          <AuthPanel
            view={view}
            lastResult={lastResult}
            redirectTo={redirectTo}
            resetToken={resetToken}
            resetTokenError={resetTokenError}
          />
        </Modal>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
