import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DashboardFooter, DashboardSidebar, DashboardTopBar } from "~/components/layout/dashboard-chrome";
import { IntroTour as IntroTourOnServer } from "~/components/tour/intro-tour.server";
import { dashboardLayoutResponse } from "~/services/dashboard/dashboard-layout.server";
import { lazyInBrowser } from "~/utils/lazy-in-browser";

// Shown after sign-up and on demand: its code loads only then.
const IntroTour = lazyInBrowser<Record<string, never>>(
  () => import("~/components/tour/intro-tour").then((m) => ({ default: m.IntroTour })),
  IntroTourOnServer,
);

export async function loader({ request }: LoaderFunctionArgs) {
  return dashboardLayoutResponse(request);
}

export default function DashboardLayout() {
  const { user, showTour } = useLoaderData<typeof loader>();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  return (
    <div className="flex min-h-screen flex-col" data-intro-tour={showTour ? "open" : "closed"}>
      <DashboardTopBar userName={name} plan={user.planCode} />
      <div className="flex flex-1 flex-col md:flex-row">
        <DashboardSidebar plan={user.planCode} isAdmin={user.role === "admin"} />
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
      <DashboardFooter />
      {showTour ? <IntroTour /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
