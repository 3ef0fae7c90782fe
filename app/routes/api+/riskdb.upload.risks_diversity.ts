import type { ActionFunctionArgs } from "@remix-run/node";
import { reportBlockAction, reportBlockLoader } from "~/services/portfolio/block-route.server";

export const loader = reportBlockLoader;

export function action(args: ActionFunctionArgs) {
  return reportBlockAction(args, "risks_diversity");
}
