/**
 * The login page's loader and action (log in, sign up and its confirmation, forgotten and reset password), with Remix's
 * `json` and `redirect` called here: a page module (ADR 022).
 */
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { AUTH_MESSAGES, AUTH_NOTICES, mailOutboxNote, parseAuthNotice, safeRedirectPath } from "~/domain/auth/auth";
import { outboxPageAccess } from "~/env.server";
import { AuthActionSchema, parseAuthView } from "~/domain/auth/auth-forms";
import { requestClientAddress } from "../http/client-address.server";
import { isAppError } from "../http/errors.server";
import { replyWithServiceError } from "../http/forms/form-errors.server";
import { redirectWithToast, toastHeader } from "../http/forms/toast.server";
import { readFormData } from "../http/forms/form-body.server";
import {
  acceptPasswordReset,
  checkPasswordResetToken,
  checkSignupToken,
  confirmSignup,
  logIn,
  resetPassword,
  signUp,
} from "./auth.server";
import { getSessionUser, serializeSessionCookie } from "./session.server";

export async function loginPageResponse(request: Request) {
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
    // The sign-up and reset e-mails of a server without SMTP stay in its outbox: the page says where, and how to open them.
    mailNote: notice === "signup-sent" || notice === "reset-sent" ? mailOutboxNote(outboxPageAccess()) : null,
  });
}

export async function loginActionResponse(request: Request, context: AppLoadContext) {
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
        return redirectWithToast("/dashboard/login?notice=signup-sent", {
          type: "success",
          description: AUTH_MESSAGES.signupSent,
        });
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
        return redirectWithToast("/dashboard/login?notice=reset-sent", {
          type: "success",
          description: AUTH_MESSAGES.resetSent,
        });
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
