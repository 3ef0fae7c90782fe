import type { Toast } from "~/domain/forms/toast";

/** A toast to show: the title line, an optional second line. */
export interface Notice {
  type: Toast["type"];
  title: string;
  description?: string;
  id?: string;
}
