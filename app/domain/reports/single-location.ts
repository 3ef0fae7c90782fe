/** The single-location report form: a point and its postal address. */
import { z } from "zod";
import type { SelfServiceProductCode } from "../commerce/orders";
import { field } from "../forms/validation";

export const SINGLE_PDF_PRODUCT = "single_pdf" satisfies SelfServiceProductCode;

export const SingleLocationOrderSchema = z.object({
  intent: z.literal("order"),
  lat: field.latitude(),
  lon: field.longitude(),
  postalAddress: field.text(5, 300),
  idempotencyKey: z.string().uuid(),
});

export const SingleLocationConfirmSchema = z.object({
  intent: z.literal("confirm"),
  leadId: z.coerce.number().int().positive(),
  orderId: z.coerce.number().int().positive(),
  idempotencyKey: z.string().uuid(),
  /** The terms box: required to pay; the version is recorded with the order. */
  terms: z.literal("on").optional(),
  terms_version: z.string().max(40).default(""),
});

export const SINGLE_LOCATION_MESSAGES = {
  atSea: "This point is not on land. Set a point inland to order its report.",
  notPaid: "Payment for this report has not been received yet.",
} as const;

/** `POST /api/v1/lead/postal_address` {postal_address, lat, lon}. */
export const PostalAddressLeadSchema = z.object({
  postal_address: field.text(5, 300),
  lat: field.latitude(),
  lon: field.longitude(),
});
export type PostalAddressLeadInput = z.output<typeof PostalAddressLeadSchema>;
