import { z } from "zod";
import { field } from "../../forms/validation";

export const SupportSchema = z.object({
  subject: field.text(3, 200),
  message: field.text(10, 5000),
});
