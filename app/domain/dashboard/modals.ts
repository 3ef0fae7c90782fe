/**
 * The spec's modal flags: the one list of names for every dialog the product opens. Code that decides which
 * dialog to open (entitlements, the dashboard, the public layout) names it with one of these.
 */
export const MODAL_FLAGS = [
  "cookiesModal",
  "authModal",
  "cookiesSettingsModal",
  "addCreditsModal",
  "buyDataModal",
  "apiKeyModal",
  "uploadSelectColumnModal",
  "messageButtonModal",
] as const;

export type ModalFlag = (typeof MODAL_FLAGS)[number];

/** The two dialogs a location the user has not bought opens (hazard lookup). */
export type PurchaseModal = Extract<ModalFlag, "buyDataModal" | "addCreditsModal">;
