import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseRegionalQuery, regionalCsv, regionalCsvFilename } from "~/domain/geo/regional";
import { isAppError } from "~/services/http/errors.server";
import { regionalView } from "~/services/maps/regional.server";
import { requireUser } from "~/services/auth/session.server";

/** GET /dashboard/regional.csv?location_code&hazard_id&scenario&period&sort&dir: the regional table as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseRegionalQuery(new URL(request.url).searchParams);
  try {
    const view = await regionalView({ user, viaApiKey: false }, query);
    if (!view.allowed) return new Response(view.message, { status: 403 });
    return new Response(regionalCsv(query, view.rows), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${regionalCsvFilename(query)}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (isAppError(error)) return new Response(error.message, { status: error.status });
    throw error;
  }
}
