/**
 * What the API document says of one operation, and the register functions each subject's file exports: the
 * document (../openapi.ts) turns every registered operation into its path item.
 */
import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { ErrorStatus } from "../../api-contract/common";
import type { z } from "../../api-contract/zod";

export const API_TAGS = [
  {
    name: "Risk data",
    description: "Reference lists and hazard scores for countries, regions, H3 hexagons and points.",
  },
  { name: "Account", description: "Locations, plan, reports, invoices, billing and API keys of the signed-in user." },
  {
    name: "Portfolio upload",
    description: "Portfolio preview, statistics and reports from an uploaded CSV or XLSX file.",
  },
  { name: "Orders", description: "Self-service products, data packages, leads and purchases." },
  { name: "Content", description: "FAQ, blog, newsletter, contact and document requests." },
  {
    name: "Datasets",
    description:
      "The hazard dataset's published versions (JSON and Atom), and signed webhooks that announce a new one.",
  },
] as const;
type Tag = (typeof API_TAGS)[number]["name"];

/**
 * Who may call an operation; the document's `security` is generated from it (SECURITY in ./route.ts), and a test
 * calls every operation with each kind of credential to hold the two together.
 * none: open to anyone, credentials ignored; optional: open, credentials widen what is answered (a key needs read);
 * required: a session (cookie or Bearer session token) or a PREMIUM API key (read); optional_billing: open, but a key
 * needs the billing scope; billing: a session or a key with the billing scope; webhooks: a session or a key with the
 * webhooks scope; session: the user's own session only.
 */
export type Access = "none" | "optional" | "required" | "optional_billing" | "billing" | "webhooks" | "session";

type Method = "get" | "post" | "put" | "delete";
export type Schema = z.ZodTypeAny;
/** Query or header parameters: an object, or the object a route parses with (refinements and transforms kept). */
type ParameterSchema = NonNullable<NonNullable<RouteConfig["request"]>["query"]>;

export interface ApiOperation {
  id: string;
  method: Method;
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  query?: ParameterSchema;
  /** The path's {params} when they are not numeric ids. */
  params?: z.AnyZodObject;
  headers?: z.AnyZodObject;
  body?: { schema: Schema; types: readonly string[]; required?: boolean };
  response: { schema: Schema; description: string; example?: unknown };
  /** The same answer in other media types (a streamed NDJSON form), chosen by Accept or a format parameter. */
  alternateContent?: Record<string, Schema>;
  /** Headers the success answer carries. */
  responseHeaders?: z.AnyZodObject;
  /** Answers 304 to an If-None-Match that names its current ETag. */
  notModified?: boolean;
  /** Other success answers (202 while a report is being built). */
  accepted?: { schema: Schema; description: string };
  /** A browser form post (no JavaScript) is answered with a redirect back to its page. */
  formRedirect?: boolean;
  errors: readonly ErrorStatus[];
  /** Error statuses whose body is not the plain Error. */
  errorBodies?: Partial<Record<ErrorStatus, Schema>>;
}

/** Adds a subject's operations to the document, in the order given. */
export type RegisterPaths = (add: (...ops: ApiOperation[]) => void) => void;
