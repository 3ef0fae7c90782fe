/**
 * Assessed portfolios as the report views read them. The portfolio service owns the storage and fills this in
 * through setPortfolioReportStore(); until a store is set a user simply has no assessed portfolio.
 */
import type { DisclosureTables } from "~/domain/reports/disclosure";
import type { PortfolioReportSource } from "~/domain/reports/types";
import { NotFoundError } from "../http/errors.server";

export interface PortfolioListItem {
  id: string;
  fileName: string;
  createdAt: string;
  assets: number;
  /** The hazard dataset the report was made with: a portfolio assessed again lists one report per dataset. */
  datasetVersion?: string | null;
}

export interface PortfolioReportStore {
  /** The user's finished portfolio reports, newest first. */
  list(userId: string): Promise<PortfolioListItem[]>;
  /** One of the user's finished reports, or null when it is not theirs or not finished. */
  load(userId: string, id: string): Promise<PortfolioReportSource | null>;
  /** The disclosure tables kept with a finished report (computed once: a report never changes), or null. */
  storedDisclosure(userId: string, id: string): Promise<DisclosureTables | null>;
  storeDisclosure(userId: string, id: string, tables: DisclosureTables): Promise<void>;
}

let store: PortfolioReportStore | null = null;

export function setPortfolioReportStore(next: PortfolioReportStore | null): void {
  store = next;
}

export async function listUserPortfolios(userId: string): Promise<PortfolioListItem[]> {
  return store ? store.list(userId) : [];
}

/** NotFoundError unless the report exists, is finished and belongs to the user. */
export async function loadUserPortfolio(userId: string, id: string): Promise<PortfolioReportSource> {
  const report = store ? await store.load(userId, id) : null;
  if (!report) throw new NotFoundError();
  return report;
}

export async function storedDisclosure(userId: string, id: string): Promise<DisclosureTables | null> {
  return store ? store.storedDisclosure(userId, id) : null;
}

export async function storeDisclosure(userId: string, id: string, tables: DisclosureTables): Promise<void> {
  if (store) await store.storeDisclosure(userId, id, tables);
}
