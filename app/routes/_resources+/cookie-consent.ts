import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { serialize } from "cookie";
import { z } from "zod";
import { safeRedirectPath } from "~/domain/auth/auth";
import {
  ACCEPT_ALL,
  CONSENT_COOKIE_NAME,
  CONSENT_MAX_AGE_SECONDS,
  NECESSARY_ONLY,
  serializeConsent,
  type Consent,
} from "~/domain/content/cookie-consent";
import { isProduction } from "~/env.server";
import { localeCookie } from "~/services/http/locale.server";
import { toastHeader } from "~/services/http/forms/toast.server";
import { readFormData } from "~/services/http/forms/form-body.server";

const ConsentForm = z.object({
  choice: z.enum(["all", "necessary", "custom"]),
  analytics: z.literal("on").optional(),
  marketing: z.literal("on").optional(),
  returnTo: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const parsed = ConsentForm.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return new Response("Invalid cookie choice", { status: 400 });
  const form = parsed.data;
  const consent: Consent =
    form.choice === "all"
      ? ACCEPT_ALL
      : form.choice === "necessary"
        ? NECESSARY_ONLY
        : { necessary: true, analytics: Boolean(form.analytics), marketing: Boolean(form.marketing) };
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    serialize(CONSENT_COOKIE_NAME, serializeConsent(consent), {
      path: "/",
      sameSite: "lax",
      secure: isProduction(),
      maxAge: CONSENT_MAX_AGE_SECONDS,
    }),
  );
  // The locale is a necessary cookie: it is set with whatever choice the visitor makes.
  headers.append("Set-Cookie", localeCookie());
  headers.append(
    "Set-Cookie",
    toastHeader({ type: "success", description: "Your cookie settings are saved" })["Set-Cookie"],
  );
  return redirect(safeRedirectPath(form.returnTo, "/"), { headers });
}

export function loader() {
  return redirect("/");
}
