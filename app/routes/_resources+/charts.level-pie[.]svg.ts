import type { LoaderFunctionArgs } from "@remix-run/node";
import { levelPieSvg } from "~/components/charts/chart-image.server";
import { parseLevelPieQuery } from "~/domain/dashboard/charts/chart-images-query";
import { svgImageResponse, textError } from "~/services/maps/chart-images.server";

/** GET /charts/level-pie.svg?t&c: a place's hexagons by risk level for one hazard, drawn from the URL alone. */
export function loader({ request }: LoaderFunctionArgs) {
  const query = parseLevelPieQuery(new URL(request.url).searchParams);
  return query.success ? svgImageResponse(levelPieSvg(query.data)) : textError(query.error);
}
