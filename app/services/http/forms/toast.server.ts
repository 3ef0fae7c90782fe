import { parse, serialize } from "cookie";
import { redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/auth/auth";
import { TOAST_COOKIE_NAME, type Toast } from "~/domain/forms/toast";
import { toastSchema, type ToastInput } from "~/domain/forms/toast-schema";
import { isProduction } from "~/env.server";

function serializeToast(toast: ToastInput | null) {
  const value = toast ? Buffer.from(JSON.stringify(toastSchema.parse(toast))).toString("base64url") : "";
  return serialize(TOAST_COOKIE_NAME, value, {
    httpOnly: true,
    secure: isProduction(),
    sameSite: "lax",
    path: "/",
    maxAge: toast ? 60 : 0,
  });
}

export function toastHeader(toast: ToastInput) {
  return { "Set-Cookie": serializeToast(toast) };
}

/** Reads the flashed toast (if any) and the header that clears it. */
export function readToast(request: Request): { toast: Toast | null; headers: HeadersInit | undefined } {
  const raw = parse(request.headers.get("Cookie") ?? "")[TOAST_COOKIE_NAME];
  if (!raw) return { toast: null, headers: undefined };
  let toast: Toast | null = null;
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    toast = parsed.success ? parsed.data : null;
  } catch {
    toast = null;
  }
  return { toast, headers: { "Set-Cookie": serializeToast(null) } };
}

export function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", serializeToast(toast));
  return redirect(url, { ...init, headers });
}

export type { Toast };

/**
 * Back to the page the request came from (the Referer's path, so always on this site), else the fallback, with
 * a toast: how a failed download speaks, with or without JavaScript, instead of a bare error page.
 */
export function redirectBackWithToast(request: Request, fallback: string, toast: ToastInput) {
  let back: string | null = null;
  try {
    const referer = request.headers.get("Referer");
    if (referer) {
      const url = new URL(referer);
      if (url.pathname !== new URL(request.url).pathname) back = `${url.pathname}${url.search}`;
    }
  } catch {
    back = null;
  }
  return redirectWithToast(safeRedirectPath(back, fallback), toast);
}
