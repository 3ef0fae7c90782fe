/**
 * The dashboard's uses of the spec's message modal (flag messageButtonModal): the flag's value names one of these
 * messages, so a redirect can open the modal without carrying text in the URL.
 */
import type { ModalFlag } from "./modals";

export const MESSAGE_MODAL_PARAM = "messageButtonModal" satisfies ModalFlag;

export const DASHBOARD_MESSAGE_KEYS = { noDataHexagon: "no-data-hexagon" } as const;
type MessageKey = keyof typeof DASHBOARD_MESSAGE_KEYS;

/** Title and message (inline HTML, sanitised before it is shown). */
export const DASHBOARD_MESSAGES: Record<MessageKey, { title: string; html: string }> = {
  noDataHexagon: {
    title: "No data for this hexagon",
    html: "This hexagon lies at sea or outside the land the hazard data covers, so there is nothing to unlock. <strong>Nothing was ordered or charged.</strong> Pick a point on land, or read the region or country around it.",
  },
};

/** The message the URL's flag names, or null for none or an unknown value. */
export function dashboardMessageOf(search: URLSearchParams): (typeof DASHBOARD_MESSAGES)[MessageKey] | null {
  const value = search.get(MESSAGE_MODAL_PARAM);
  const key = (Object.keys(DASHBOARD_MESSAGE_KEYS) as MessageKey[]).find((k) => DASHBOARD_MESSAGE_KEYS[k] === value);
  return key ? DASHBOARD_MESSAGES[key] : null;
}

/** The URL that opens a message, and the one its button closes to (the same place without the flag). */
export function withMessage(href: string, key: MessageKey): string {
  const [path, query = ""] = href.split("?");
  const search = new URLSearchParams(query);
  search.set(MESSAGE_MODAL_PARAM, DASHBOARD_MESSAGE_KEYS[key]);
  return `${path}?${search}`;
}

export function withoutMessage(path: string, search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  rest.delete(MESSAGE_MODAL_PARAM);
  return rest.size ? `${path}?${rest}` : path;
}
