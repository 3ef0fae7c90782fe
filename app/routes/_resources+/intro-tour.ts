import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/auth/auth";
import { readFormData } from "~/services/http/forms/form-body.server";
import { markTourSeen } from "~/services/dashboard/intro-tour.server";
import { requireUser } from "~/services/auth/session.server";

/** Skip, or Next on the last slide: remembered for the user (every browser), then back to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  await markTourSeen(user);
  return redirect(safeRedirectPath(form.get("returnTo"), "/dashboard"));
}

export function loader() {
  return redirect("/dashboard");
}
