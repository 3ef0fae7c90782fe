import { Link } from "@remix-run/react";
import { UPGRADE_TARIFF_WARNING_KEY } from "~/domain/dashboard/dashboard-nav";

/** The warnings.upgradeTariff notice at the top of a page the user's plan does not include, with the way to upgrade. */
export function UpgradeTariffWarning({ text }: { text: string }) {
  return (
    <p
      role="note"
      data-warning={UPGRADE_TARIFF_WARNING_KEY}
      className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {text}.{" "}
      <Link to="/dashboard/account" className="font-medium underline">
        Upgrade your plan
      </Link>
    </p>
  );
}
