import type { LoaderFunctionArgs } from "@remix-run/node";
import { hazardBarsSvg } from "~/components/charts/chart-image.server";
import { parseHazardBarsQuery } from "~/domain/dashboard/charts/chart-images-query";
import { svgImageResponse, textError } from "~/services/maps/chart-images.server";

/** GET /charts/hazard-bars.svg?t&p: one hazard's scores across periods and scenarios, drawn from the URL alone. */
export function loader({ request }: LoaderFunctionArgs) {
  const query = parseHazardBarsQuery(new URL(request.url).searchParams);
  return query.success ? svgImageResponse(hazardBarsSvg(query.data)) : textError(query.error);
}
