import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { serialize } from "cookie";
import { safeRedirectPath } from "~/domain/auth";
import { INTRO_TOUR_COOKIE } from "~/domain/dashboard-nav";
import { isProduction } from "~/env.server";
import { readFormData } from "~/services/form-body.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const returnTo = safeRedirectPath(form.get("returnTo"), "/dashboard");
  return redirect(returnTo, {
    headers: {
      "Set-Cookie": serialize(INTRO_TOUR_COOKIE, "1", {
        path: "/",
        sameSite: "lax",
        secure: isProduction(),
        maxAge: 365 * 24 * 60 * 60,
      }),
    },
  });
}

export function loader() {
  return redirect("/dashboard");
}
