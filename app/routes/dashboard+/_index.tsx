import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import leafletCss from "leaflet/dist/leaflet.css";
import { PageHeader } from "~/components/ui/page-header";
import { MessageModal } from "~/components/modals/message-modal";
import type { SafeHtml } from "~/domain/content/safe-html";
import { PlaceChooser, SlotForm, useDashboardNavigation } from "~/components/dashboard/dashboard-controls";
import { DashboardMap } from "~/components/dashboard/dashboard-map";
import { PlaceSearch } from "~/components/dashboard/place-search";
import { FloodLossSection as FloodLossSectionOnServer } from "~/components/dashboard/flood/flood-loss-section.server";
import { DashboardNotices, ScoresSection } from "~/components/dashboard/scores/scores-section";
import { UnlockDialog as UnlockDialogOnServer } from "~/components/dashboard/unlock-dialog.server";
import { HazardSeriesTable, LevelDistribution } from "~/components/dashboard/scores/score-charts";
import { PERIODS, SCENARIOS } from "~/domain/hazards/scenarios";
import { dashboardPageResponse, unlockFromDashboard } from "~/services/dashboard/dashboard-page.server";
import { pageTitle } from "~/utils/meta";
import { lazyInBrowser } from "~/utils/lazy-in-browser";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletCss }];
export const meta: MetaFunction = () => [{ title: pageTitle("Scenario Analysis for One Location") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return dashboardPageResponse(request, context);
}

// Only when an unlock is asked for: its code loads only then.
const UnlockDialog = lazyInBrowser(() => import("~/components/dashboard/unlock-dialog"), UnlockDialogOnServer);
const FloodLossSection = lazyInBrowser(
  () => import("~/components/dashboard/flood/flood-loss-section"),
  FloodLossSectionOnServer,
);

/** The confirmed unlock (buyDataModal's "Yes"). */
export async function action({ request }: ActionFunctionArgs) {
  return unlockFromDashboard(request);
}

export default function Page() {
  const d = useLoaderData<typeof loader>();
  const { params, pending, changingHexagon, changingCountryPeriod, autoSubmit } = useDashboardNavigation();
  const futureLabel = `${SCENARIOS[d.sel.scenario].name} ${PERIODS[d.sel.period].name}`;

  return (
    <div>
      <PageHeader
        title="Scenario Analysis for One Location"
        lead={
          <span className="hidden sm:inline">Choose a place, a scenario and a horizon to see its hazard scores.</span>
        }
      />
      <div className="mt-4">
        <PlaceSearch defaultQuery={d.sel.q} />
      </div>

      <div className="card mt-4 grid gap-4 lg:grid-cols-2">
        <SlotForm d={d} onChange={autoSubmit} />
        <PlaceChooser d={d} params={params} onChange={autoSubmit} />
      </div>

      <DashboardNotices d={d} changingCountryPeriod={changingCountryPeriod} changingHexagon={changingHexagon} />
      <ScoresSection d={d} futureLabel={futureLabel} pending={!!pending} />
      {d.flood ? <FloodLossSection flood={d.flood} /> : null}
      <DashboardMap d={d} params={params} futureLabel={futureLabel} />

      <HazardSeriesTable series={d.series} />
      <LevelDistribution distribution={d.distribution} />

      {d.purchase ? <UnlockDialog purchase={d.purchase} placeTitle={d.place?.title ?? ""} /> : null}
      {d.message ? (
        <MessageModal title={d.message.title} html={d.message.html as SafeHtml} closeHref={d.message.closeHref} />
      ) : null}
    </div>
  );
}
