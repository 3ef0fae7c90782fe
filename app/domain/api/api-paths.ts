/**
 * Public API paths, relative to the `/api/` prefix. Routes, the OpenAPI document and tests all read these.
 */
import { API_TIMEOUT_MS, UPLOAD_PREVIEW_TIMEOUT_MS } from "../http/requests/request-timing";

export const API_PREFIX = "/api";

export const API_PATHS = {
  getEmail: "/v1/get_email",
  newsletterSubscribe: "/v1/blog/newsletter/subscribe/",
  riskCountries: "/riskdb/countries",
  riskRegions: "/riskdb/regions",
  riskDurations: "/riskdb/durations",
  riskScenarios: "/riskdb/scenarios",
  riskHazardIds: "/riskdb/hazards_ids",
  riskPeriods: "/riskdb/periods",
  riskHazardScores: "/riskdb/hazard_scores",
  riskLocationCodes: "/riskdb/location_codes",
  riskStatistic: "/riskdb/statistic",
  riskPointHazards: "/riskdb/get_data/hazards",
  hazardsBatch: "/v1/hazards/batch",
  floodLoss: "/v1/flood/loss",
  floodLossBatch: "/v1/flood/loss/batch",
  availableLocations: "/userdb/available_locations",
  uploadPreview: "/upload/upload_preview",
  requestPreview: "/upload/request_preview",
  generateReport: "/upload/generate_report",
  uploadRequestStats: "/riskdb/upload/request_stats",
  uploadOverallEstimate: "/riskdb/upload/risks_overall_estimate",
  uploadDiversity: "/riskdb/upload/risks_diversity",
  uploadIntensity: "/riskdb/upload/risks_intensity",
  uploadSocialEconomics: "/riskdb/upload/risks_social_economics",
  leadFileTransfer: "/v1/lead/file_transfer",
  leadPostalAddress: "/v1/lead/postal_address",
  leadConfirmPurchase: "/v1/lead/confirm_purchase",
  leadPayment: "/v1/lead/payment",
  selfServiceProducts: "/v1/products/self-service-products",
  selfServiceCreateOrder: "/v1/products/self-service-create-order",
  packageRegister: "/v1/products/package_register",
  buyProducts: "/v1/products/buy_products",
  unlockQuote: "/v1/unlock/quote",
  unlock: "/v1/unlock",
  currentSubscription: "/v1/tariff/get_current_subscription",
  tariffUpgrade: "/v1/tariff/upgrade",
  reportsList: "/v1/reports/get_reports_list",
  reportFile: (id: number | string) => `/v1/reports/${id}/file`,
  invoices: "/v1/invoices/",
  receipts: "/v1/receipts/",
  customerAppKey: "/customer/get_app_key",
  appKey: "/v1/get_app_key",
  apiKeys: "/v1/keys",
  apiKeyItem: (id: string) => `/v1/keys/${id}`,
  apiKeyRotate: (id: string) => `/v1/keys/${id}/rotate`,
  billingInfo: "/v1/billing_info",
  termsConditions: "/v1/terms_conditions",
  faqList: "/v1/faq/",
  faqItem: (id: number | string) => `/v1/faq/item/${id}/`,
  blogList: "/v1/blog/",
  blogItem: (id: number | string) => `/v1/blog/item/${id}/`,
  blogTopics: "/v1/blog/topics/",
  contact: "/v1/contact",
  stripeWebhook: "/v1/payments/stripe_webhook",
  datasets: "/v1/datasets",
  datasetsAtom: "/v1/datasets.atom",
  webhooks: "/v1/webhooks",
  webhookItem: (id: string) => `/v1/webhooks/${id}`,
  webhookDeliveries: (id: string) => `/v1/webhooks/${id}/deliveries`,
} as const;

export function apiUrl(path: string) {
  return `${API_PREFIX}${path}`;
}

const UPLOAD_PREVIEW_PATHS: readonly string[] = [API_PATHS.uploadPreview, API_PATHS.requestPreview];
/** Report-stat calls compute over a whole portfolio: the spec gives them no timeout. */
const UNTIMED_PATHS: readonly string[] = [
  API_PATHS.uploadRequestStats,
  API_PATHS.uploadOverallEstimate,
  API_PATHS.uploadDiversity,
  API_PATHS.uploadIntensity,
  API_PATHS.uploadSocialEconomics,
];

/** How long a client request to this URL may run before it is aborted: 10 s, 30 s for upload previews, none for report stats. */
export function requestTimeoutMs(url: string): number | null {
  const path = url.split("?", 1)[0]!;
  if (UNTIMED_PATHS.some((p) => path.includes(p))) return null;
  if (UPLOAD_PREVIEW_PATHS.some((p) => path.includes(p))) return UPLOAD_PREVIEW_TIMEOUT_MS;
  return API_TIMEOUT_MS;
}
