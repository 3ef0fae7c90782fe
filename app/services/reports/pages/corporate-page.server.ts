/**
 * The corporate disclosure page's loader and action (the export), with Remix's `json` and `redirect` called here: a
 * page module (ADR 022).
 */
import { json, redirect } from "@remix-run/node";
import { pageUpgradeWarning } from "~/domain/dashboard/dashboard-nav";
import { CorporateExportSchema, CorporateQuerySchema, corporateFormFields } from "~/domain/reports/corporate-forms";
import { template5Kinds } from "~/domain/reports/eba/template5";
import { isAppError } from "~/services/http/errors.server";
import { readFormData } from "~/services/http/forms/form-body.server";
import { disclosureFor, exportDisclosure } from "~/services/reports/corporate.server";
import { listUserPortfolios } from "~/services/reports/portfolios.server";
import { requireUser } from "~/services/auth/session.server";
import { reportFloodFigures } from "~/services/flood/report-flood.server";

export async function loadCorporatePage(request: Request) {
  const user = await requireUser(request);
  const query = CorporateQuerySchema.parse(corporateFormFields(new URL(request.url).searchParams));
  const portfolios = await listUserPortfolios(user.id);
  const chosen = query.portfolio ?? portfolios[0]?.id;
  let disclosure: Awaited<ReturnType<typeof disclosureFor>> | null = null;
  if (chosen) {
    try {
      disclosure = await disclosureFor(user.id, chosen);
    } catch (error) {
      if (isAppError(error) && error.status === 404)
        throw new Response("This page could not be found", { status: 404 });
      throw error;
    }
  }
  const upgradeWarning = pageUpgradeWarning(new URL(request.url).pathname, user.planCode);
  return json({
    portfolios,
    chosen: chosen ?? null,
    scenario: query.scenario,
    period: query.period,
    template5Level: query.t5_level,
    template5Chronic: query.t5_chronic,
    disclosure,
    flood: chosen ? await reportFloodFigures(user.id, chosen) : null,
    upgradeWarning,
  });
}

/** Export: writes the PDF or XLSX, stores it in the user's reports, then downloads it. */
export async function actCorporatePage(request: Request) {
  const user = await requireUser(request);
  const parsed = CorporateExportSchema.safeParse(corporateFormFields(await readFormData(request)));
  if (!parsed.success) throw new Response("Choose a portfolio and a format", { status: 400 });
  const { portfolio, format, scenario, period, t5_level, t5_chronic } = parsed.data;
  try {
    const id = await exportDisclosure(user.id, portfolio, format, { scenario, period }, undefined, {
      threshold: t5_level,
      ...template5Kinds(t5_chronic),
    });
    return redirect(`/dashboard/${format === "pdf" ? "pdf" : "xls"}?id=${id}`);
  } catch (error) {
    if (isAppError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}
