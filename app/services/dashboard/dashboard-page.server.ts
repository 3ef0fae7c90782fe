/**
 * The dashboard page's server side that is about the page itself, not the data: what its loader answers (the data
 * less what the page never reads, the long lists and explanations as server-drawn markup), the place selects as
 * markup and the unlock form's handling. With Remix's
 * `json` and `redirect`: the dashboard's page module (ADR 022).
 */
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { cardBandMeanings } from "~/components/dashboard/band-meaning.server";
import { whyKey } from "~/components/dashboard/scores/score-card";
import { explanationHtml } from "~/components/dashboard/scores/score-explanation.server";
import { PLACE_VIEW_TEXT, unlockHrefs, withoutExplanations } from "~/domain/dashboard/dashboard";
import { getEnv } from "~/env.server";
import { mapDataForPage } from "../maps/map-data.server";
import { dashboardOrderSchema } from "~/domain/dashboard/dashboard-order";
import { parseDashboardSelection } from "~/domain/dashboard/dashboard-selection";
import { PLACE_SELECT_KEYS, placeSelectOptions } from "~/domain/dashboard/dashboard";
import { optionsHtml } from "~/utils/html";
import { drawOnServer } from "~/utils/server-drawn";
import {
  LimitReachedError,
  getUserEntitlements,
  grantLocation,
  isLocationInDataset,
} from "../commerce/entitlements.server";
import { messageHtml } from "../content/safe-html.server";
import { dashboardMessageOf, withMessage, withoutMessage } from "~/domain/dashboard/message-modal";
import { requireUser } from "../auth/session.server";
import { readFormData } from "../http/forms/form-body.server";
import { redirectWithToast } from "../http/forms/toast.server";
import { floodViewForPage } from "../flood/flood-view.server";
import { loadDashboard, loadDashboardMap, type DashboardData, type DashboardUser } from "./dashboard.server";

/** The message modal the URL's flag opens, its HTML sanitised, and where its button leads (the page without it). */
function dashboardMessage(url: URL) {
  const message = dashboardMessageOf(url.searchParams);
  return message
    ? {
        title: message.title,
        html: messageHtml(message.html),
        closeHref: withoutMessage(url.pathname, url.searchParams),
      }
    : null;
}

/** The loader's answer: the page of the signed-in user (or the redirect to the login). */
export async function dashboardPageResponse(request: Request, context: AppLoadContext | undefined) {
  const page = await dashboardPage(await requireUser(request), request, context);
  return json(page, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * The confirmed unlock (buyDataModal's "Yes"): orders the location from what the plan and credits leave, then
 * returns to the place it was asked from, now showing the unlocked level, and says what is left.
 */
export async function unlockFromDashboard(request: Request): Promise<Response> {
  const user = await requireUser(request);
  const order = parseDashboardOrder(Object.fromEntries(await readFormData(request)));
  if (!order) return redirect("/dashboard");
  const back = order.back ?? `/dashboard?${new URLSearchParams({ location_code: order.location_code })}`;
  try {
    // A hexagon the data does not cover (at sea) has nothing to unlock: the message modal says so, nothing is ordered.
    if (!isLocationInDataset(order.location_code)) return redirect(withMessage(back, "noDataHexagon"));
    const granted = await grantLocation(user.id, order.location_code, "order");
    const left = (await getUserEntitlements(user)).remaining[granted.kind];
    return redirectWithToast(back, {
      type: "success",
      description: PLACE_VIEW_TEXT.unlocked(granted.kind, granted.code, left),
    });
  } catch (error) {
    // Spent elsewhere in the meantime: show the dialog again, which now offers credits.
    if (error instanceof LimitReachedError && (error.kind === "hexagon" || error.kind === "region"))
      return redirect(unlockHrefs(new URLSearchParams(back.split("?")[1] ?? ""), error.kind).open);
    throw error;
  }
}

/** Everything the page shows for the user and the place, scenario and period its URL names. */
export async function dashboardPage(user: DashboardUser, request: Request, context: AppLoadContext | undefined) {
  const sel = dashboardSelectionOf(request);
  const data = await loadDashboard(user, sel);
  const map = await loadDashboardMap(user, data, sel);
  // The long lists and the explanations reach the page as server-drawn markup (app/utils/server-drawn.tsx).
  const {
    countries: _countries,
    regions: _regions,
    available: _available,
    hazardIds: _hazardIds,
    hist,
    future,
    ...rest
  } = data;
  const why = Object.fromEntries(
    [...(future?.aggregate ? [future.aggregate] : []), ...(future?.hazards ?? [])].map((h) => [
      h.hazard_id,
      drawOnServer(context, whyKey(h.hazard_id), explanationHtml(h, data.datasetVersion)),
    ]),
  );
  return {
    ...rest,
    hist: withoutExplanations(hist),
    future: withoutExplanations(future),
    why,
    meanings: cardBandMeanings(hist?.hazards ?? [], future?.hazards ?? []),
    placeSelects: placeSelectsForPage(data, context),
    sel,
    map: map && mapDataForPage(map),
    tileUrl: getEnv().MAP_TILE_URL ?? null,
    message: dashboardMessage(new URL(request.url)),
    flood: await floodViewForPage(data.place?.reportPoint ?? null, sel, new URL(request.url)),
  };
}

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
    country: {
      value: selects.country.value,
      html: drawOnServer(
        context,
        PLACE_SELECT_KEYS.country,
        optionsHtml(selects.country.options, selects.country.value),
      ),
    },
    region: selects.region && {
      value: selects.region.value,
      html: drawOnServer(context, PLACE_SELECT_KEYS.region, optionsHtml(selects.region.options, selects.region.value)),
    },
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
