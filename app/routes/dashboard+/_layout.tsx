import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { parse } from "cookie";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DashboardFooter, DashboardSidebar, DashboardTopBar } from "~/components/layout/dashboard-chrome";
import { IntroTour } from "~/components/tour/intro-tour";
import { INTRO_TOUR_COOKIE } from "~/domain/dashboard-nav";
import { requireUser } from "~/services/session.server";

export const DASHBOARD_LAYOUT_ID = "routes/dashboard+/_layout";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const tourSeen = parse(request.headers.get("Cookie") ?? "")[INTRO_TOUR_COOKIE] === "1";
  return json(
    { user, showTour: !tourSeen },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function DashboardLayout() {
  const { user, showTour } = useLoaderData<typeof loader>();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  return (
    <div className="flex min-h-screen flex-col">
      <DashboardTopBar userName={name} plan={user.planCode} />
      <div className="flex flex-1 flex-col md:flex-row">
        <DashboardSidebar plan={user.planCode} isAdmin={user.role === "admin"} />
        <main id="main" className="flex-1 p-6">
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
