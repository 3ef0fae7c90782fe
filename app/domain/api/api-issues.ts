/**
 * How the API words a request that does not validate: its own sentences naming the field, never the validation
 * library's default wording ("Array must contain at least 1 element(s)"). A message a schema states itself is kept.
 */
import { z } from "zod";

export interface RequestProblem {
  message: string;
  /** The field as a client writes it: `locations[3].lat`; an unknown field names that field. */
  field: string | undefined;
}

/** `locations[3].lat` from zod's path ["locations", 3, "lat"]. */
export function fieldPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
    "",
  );
}

const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? "" : "s"}`;

const A_TYPE: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

function ownWording(issue: z.ZodIssue, name: string): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.received === "undefined"
        ? `${name} is required`
        : `${name} must be ${A_TYPE[issue.expected] ?? issue.expected}`;
    case "too_small":
      if (issue.type === "array") return `${name} must hold at least ${plural(issue.minimum, "item")}`;
      if (issue.type === "string")
        return Number(issue.minimum) === 1
          ? `${name} is required`
          : `${name} must be at least ${plural(issue.minimum, "character")}`;
      return `${name} must be ${issue.inclusive ? "at least" : "more than"} ${issue.minimum}`;
    case "too_big":
      if (issue.type === "array") return `${name} may hold at most ${plural(issue.maximum, "item")}`;
      if (issue.type === "string") return `${name} may be at most ${plural(issue.maximum, "character")}`;
      return `${name} must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}`;
    case "invalid_enum_value":
      return `${name} must be one of ${issue.options.join(", ")}`;
    case "invalid_literal":
      return `${name} must be ${JSON.stringify(issue.expected)}`;
    case "not_multiple_of":
      return `${name} must be a multiple of ${issue.multipleOf}`;
    case "invalid_string":
      return `${name} is not a valid ${typeof issue.validation === "string" ? issue.validation : "value"}`;
    case "invalid_date":
      return `${name} must be a date`;
    default:
      return `${name} is not valid`;
  }
}

/** The first problem of a request, in the API's words; `subject` names what was read when the path is empty. */
export function describeRequestIssue(issue: z.ZodIssue, subject = "the body"): RequestProblem {
  const at = fieldPath(issue.path);
  if (issue.code === "unrecognized_keys") {
    const field = fieldPath([...issue.path, issue.keys[0]!]);
    return {
      message: `${field} is not a field this call reads${issue.keys.length > 1 ? ` (nor ${issue.keys.slice(1).join(", ")})` : ""}`,
      field,
    };
  }
  // A message the schema set itself (required_error, .min(1, "…"), a refinement's) is the one to answer with.
  const libraryDefault = z.defaultErrorMap(issue, { defaultError: issue.message, data: undefined }).message;
  const ownMessage = issue.code === "custom" || issue.message !== libraryDefault;
  return { message: ownMessage ? issue.message : ownWording(issue, at || subject), field: at || undefined };
}
