/** Contact form (POST /v1/contact {message, firstname, lastname, email}). Pure. */
import { z } from "zod";
import { MESSAGES, field } from "../../forms/validation";

export const CONTACT_MESSAGE_MAX = 5000;

export const ContactSchema = z.object({
  firstname: field.required().max(100, MESSAGES.maxLength(100)),
  lastname: field.required().max(100, MESSAGES.maxLength(100)),
  email: field.email(),
  message: field.text(10, CONTACT_MESSAGE_MAX),
});

export type ContactInput = z.infer<typeof ContactSchema>;

export const CONTACT_MESSAGES = {
  sent: "Thank you, your message has been sent. We will reply within two working days.",
  apiSent: "Message sent",
} as const;
