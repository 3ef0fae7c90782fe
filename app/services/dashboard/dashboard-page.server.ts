/**
 * The dashboard page's server side that is about the page itself, not the data: the place selects as markup and
 * the unlock form's parsing. Here rather than in the route module, so that the browser build of the route does not
 * import what only its loader and action need.
 */
import type { AppLoadContext } from "@remix-run/node";
import { dashboardOrderSchema } from "~/domain/dashboard/dashboard-order";
import { parseDashboardSelection } from "~/domain/dashboard/dashboard-selection";
import { PLACE_SELECT_KEYS, placeSelectOptions } from "~/domain/dashboard/dashboard";
import { optionsHtml } from "~/utils/html";
import { drawOnServer } from "~/utils/server-drawn";
import type { DashboardData } from "./dashboard.server";

/** The country and region selects: the value shown chosen and the options as server-drawn markup. */
export function placeSelectsForPage(data: DashboardData, context: AppLoadContext | undefined) {
  const selects = placeSelectOptions({
    countries: data.countries,
    regions: data.regions,
    orderedRegions: data.available.order_list.region,
    country: data.country,
    location: data.location,
  });
  return {
    country: { value: selects.country.value, html: drawOnServer(context, PLACE_SELECT_KEYS.country, optionsHtml(selects.country.options, selects.country.value)) },
    region: selects.region && { value: selects.region.value, html: drawOnServer(context, PLACE_SELECT_KEYS.region, optionsHtml(selects.region.options, selects.region.value)) },
  };
}

/** The unlock form (buyDataModal's "Yes"), or null when it is not one. */
export function parseDashboardOrder(form: Record<string, FormDataEntryValue>) {
  const parsed = dashboardOrderSchema.safeParse(form);
  return parsed.success ? parsed.data : null;
}

/** What the page shows, read from its URL. */
export function dashboardSelectionOf(request: Request) {
  return parseDashboardSelection(new URL(request.url).searchParams);
}
