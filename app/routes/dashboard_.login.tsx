import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AuthPanel, authViewTitle } from "~/components/forms/auth-forms";
import { Modal } from "~/components/ui/modal";
import { AUTH_MESSAGES, AUTH_NOTICES, parseAuthNotice, safeRedirectPath } from "~/domain/auth/auth";
import { AuthActionSchema, parseAuthView } from "~/domain/auth/auth-forms";
import { SITE_NAME } from "~/domain/content/site";
import { acceptPasswordReset, checkPasswordResetToken, checkSignupToken, confirmSignup, logIn, resetPassword, signUp } from "~/services/auth/auth.server";
import { requestClientAddress } from "~/services/http/client-address.server";
import { isAppError } from "~/services/http/errors.server";
import { replyWithServiceError } from "~/services/http/forms/form-errors.server";
import { getSessionUser, serializeSessionCookie } from "~/services/auth/session.server";
import { redirectWithToast, toastHeader } from "~/services/http/forms/toast.server";
import { readFormData } from "~/services/http/forms/form-body.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? authViewTitle(data.view) : "Log in"} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const view = parseAuthView(url.searchParams.get("view"));
  const redirectTo = url.searchParams.get("redirectTo") ?? undefined;
  if (view !== "reset" && view !== "confirm" && (await getSessionUser(request))) {
    throw redirect(safeRedirectPath(redirectTo));
  }
  let resetToken: string | undefined;
  let resetTokenError: string | undefined;
  if (view === "reset") {
    resetToken = url.searchParams.get("token") ?? undefined;
    if (!resetToken) resetTokenError = AUTH_MESSAGES.resetInvalid;
    else {
      try {
        await checkPasswordResetToken(resetToken);
      } catch (error) {
        if (!isAppError(error)) throw error;
        resetTokenError = error.message;
      }
    }
  }
  if (view === "confirm") {
    resetToken = url.searchParams.get("token") ?? undefined;
    if (!resetToken) resetTokenError = AUTH_MESSAGES.signupInvalid;
    else {
      try {
        await checkSignupToken(resetToken);
      } catch (error) {
        if (!isAppError(error)) throw error;
        resetTokenError = error.message;
      }
    }
  }
  const notice = parseAuthNotice(url.searchParams.get("notice"));
  return json({
    view,
    redirectTo: redirectTo ? safeRedirectPath(redirectTo) : undefined,
    resetToken,
    resetTokenError,
    notice: notice ? AUTH_NOTICES[notice] : undefined,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: AuthActionSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const value = submission.value;
  const userAgent = request.headers.get("user-agent");
  const client = requestClientAddress(request, context);
  try {
    switch (value.intent) {
      case "login": {
        const { token } = await logIn({
          email: value.email,
          password: value.password,
          ip: client,
          userAgent,
        });
        return redirect(safeRedirectPath(value.redirectTo), {
          headers: [
            ["Set-Cookie", serializeSessionCookie(token)],
            ["Set-Cookie", toastHeader({ type: "success", description: AUTH_MESSAGES.loggedIn })["Set-Cookie"]],
          ],
        });
      }
      case "signup":
        // Answered before the per-address work: a new address and one with an account get the same answer.
        await signUp(value, client, value.redirectTo ? safeRedirectPath(value.redirectTo) : undefined);
        return redirectWithToast("/dashboard/login?notice=signup-sent", { type: "success", description: AUTH_MESSAGES.signupSent });
      case "confirm_signup": {
        const { token, redirectTo } = await confirmSignup(value.token, userAgent);
        return redirect(safeRedirectPath(redirectTo), {
          headers: [
            ["Set-Cookie", serializeSessionCookie(token)],
            ["Set-Cookie", toastHeader({ type: "success", description: AUTH_MESSAGES.signedUp })["Set-Cookie"]],
          ],
        });
      }
      case "forgot":
        // Answered before the per-address work: known and unknown addresses take the same time.
        await acceptPasswordReset(value.email, client);
        return redirectWithToast("/dashboard/login?notice=reset-sent", { type: "success", description: AUTH_MESSAGES.resetSent });
      case "reset":
        await resetPassword(value.token, value.password);
        return redirectWithToast("/dashboard/login?notice=password-changed", {
          type: "success",
          description: AUTH_MESSAGES.passwordChanged,
        });
    }
  } catch (error) {
    const { reply, status, headers } = replyWithServiceError(submission, error, ["password", "confirmPassword"]);
    return json(reply, { status, headers });
  }
}

export default function LoginPage() {
  const { view, redirectTo, resetToken, resetTokenError, notice } = useLoaderData<typeof loader>();
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
            <p role="status" className="mb-4 rounded-md border-l-4 border-green-600 bg-green-50 p-3 text-sm text-green-900">
              {notice}
            </p>
          ) : null}
          <AuthPanel view={view} lastResult={lastResult} redirectTo={redirectTo} resetToken={resetToken} resetTokenError={resetTokenError} />
        </Modal>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
