/** Typed errors of the risk engine. */

/** A request parameter is malformed or out of its domain; `param` names it. */
export class RiskInputError extends Error {
  readonly param: string;
  readonly status = 400;
  constructor(param: string, message: string) {
    super(message);
    this.name = "RiskInputError";
    this.param = param;
  }
}

/** A well-formed code that the dataset does not hold. */
export class RiskNotFoundError extends Error {
  readonly code: string;
  readonly kind: "country" | "region" | "hexagon";
  readonly status = 404;
  constructor(kind: "country" | "region" | "hexagon", code: string, message?: string) {
    super(message ?? `unknown ${kind} code ${code}`);
    this.name = "RiskNotFoundError";
    this.kind = kind;
    this.code = code;
  }
}

/** The dataset files are missing or unreadable. */
export class RiskDatasetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RiskDatasetError";
  }
}
