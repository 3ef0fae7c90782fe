import type { LoaderFunctionArgs } from "@remix-run/node";
import { loader as notFound } from "~/components/not-found-route";
import { localeRedirect } from "~/services/http/locale.server";

export { default, ErrorBoundary } from "~/components/not-found-route";

/** Any path no page claims: a localised link (/fr/pricing) goes to its English page; the rest is 404. */
export function loader({ request }: LoaderFunctionArgs) {
  const redirect = localeRedirect(request);
  if (redirect) throw redirect;
  return notFound();
}
