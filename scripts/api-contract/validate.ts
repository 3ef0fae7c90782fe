/**
 * Checks recorded API answers against the OpenAPI document with a third-party validator (openapi-response-validator,
 * JSON Schema through Ajv): the answer's status must be documented for its operation and its JSON body must match
 * that status's schema, where every object forbids fields it does not list.
 */
import { execFileSync } from "node:child_process";
import validatorModule from "openapi-response-validator";

// A CommonJS module whose default export sits on `default` when Node's ESM loader imports it.
const OpenAPIResponseValidator = ((validatorModule as unknown as { default?: typeof validatorModule }).default ??
  validatorModule) as typeof validatorModule;
type OpenAPIResponseValidator = InstanceType<typeof validatorModule>;

export interface Exchange {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  body: string | null;
  source?: string;
}

export type Verdict =
  | { kind: "valid"; operation: string }
  | { kind: "mismatch"; operation: string; errors: string[] }
  /** A path or method the document does not describe, answered as the API answers those (404, 405, CORS preflight). */
  | { kind: "outside"; reason: string };

interface Doc {
  servers?: { url: string }[];
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  components?: Record<string, unknown>;
}

interface Operation {
  id: string;
  pattern: RegExp;
  exact: boolean;
  validator: OpenAPIResponseValidator | null;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];
const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

function normalize(path: string) {
  return path.length > 1 ? path.replace(/\/$/, "") : path;
}

/** Paths under the prefix that are not operations: the document itself and the changelog (its page and its JSON). */
const SELF_DESCRIBED = new Set(["/openapi.json", "/changelog", "/changelog.json"]);

const NDJSON = "application/x-ndjson";
const CSV = "text/csv";
/** application/xml, text/xml and the +xml types (an Atom feed is application/atom+xml). */
const XML = /(?:\/|\+)xml$/;

/** The root element's name and namespace, after the XML declaration and any comments. */
function xmlRoot(text: string): string | null {
  const m = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.:-]*)([^>]*)>/.exec(text);
  if (!m) return null;
  const ns = /\sxmlns="([^"]*)"/.exec(m[2] ?? "");
  return `${m[1]} ${ns?.[1] ?? ""}`.trim();
}

/** Why the text is not well-formed XML (xmllint's message), or null when it is. */
function xmlError(text: string): string | null {
  try {
    execFileSync("xmllint", ["--noout", "-"], { input: text, stdio: "pipe" });
    return null;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return stderr || (error as Error).message;
  }
}

export function createContractValidator(document: object) {
  const doc = document as Doc;
  const prefix = new URL(doc.servers?.[0]?.url ?? "/", "http://x").pathname.replace(/\/$/, "");
  const operations = new Map<string, Operation[]>();
  for (const [template, item] of Object.entries(doc.paths)) {
    const exact = !template.includes("{");
    const pattern = new RegExp(`^${escape(normalize(template)).replace(/\\\{\w+\\\}|\{\w+\}/g, "[^/]+")}$`);
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const responses = (op.responses ?? {}) as Operation["responses"];
      const list = operations.get(method) ?? [];
      list.push({ id: op.operationId ?? `${method} ${template}`, pattern, exact, validator: null, responses });
      operations.set(method, list);
    }
  }

  function find(method: string, apiPath: string): Operation | null {
    const candidates = (operations.get(method) ?? []).filter((o) => o.pattern.test(normalize(apiPath)));
    return candidates.find((o) => o.exact) ?? candidates[0] ?? null;
  }
  function pathKnown(apiPath: string) {
    return [...operations.values()].some((list) => list.some((o) => o.pattern.test(normalize(apiPath))));
  }

  /** A streamed NDJSON answer: every line must match the schema documented for that media type. */
  const lineValidators = new Map<string, OpenAPIResponseValidator>();
  function checkLines(op: Operation, status: number, media: unknown, body: string): Verdict {
    const key = `${op.id} ${status}`;
    let validator = lineValidators.get(key);
    if (!validator) {
      validator = new OpenAPIResponseValidator({
        responses: { [status]: { description: "line", content: { "application/json": media } } } as never,
        components: doc.components as never,
      });
      lineValidators.set(key, validator);
    }
    const errors: string[] = [];
    body.split("\n").forEach((line, i) => {
      if (!line.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        errors.push(`line ${i + 1}: not JSON`);
        return;
      }
      const result = validator.validateResponse(String(status), value);
      if (result)
        errors.push(
          ...(result.errors as { path?: string; message: string }[]).map(
            (e) => `line ${i + 1} ${e.path || "(line)"}: ${e.message}`,
          ),
        );
    });
    return errors.length
      ? { kind: "mismatch", operation: op.id, errors: errors.slice(0, 20) }
      : { kind: "valid", operation: op.id };
  }

  return {
    check(exchange: Exchange): Verdict {
      if (!exchange.path.startsWith(`${prefix}/`)) return { kind: "outside", reason: "not under the API prefix" };
      const apiPath = exchange.path.slice(prefix.length);
      const method = exchange.method.toLowerCase();
      const op = find(method === "head" ? "get" : method, apiPath);
      if (!op) {
        if (SELF_DESCRIBED.has(apiPath) && exchange.status < 500)
          return { kind: "outside", reason: "the document or the changelog (page or JSON)" };
        if (method === "options" && exchange.status === 204) return { kind: "outside", reason: "CORS preflight" };
        if (exchange.status === 405 && pathKnown(apiPath))
          return { kind: "outside", reason: "method not allowed on a documented path" };
        if (exchange.status === 404 && !pathKnown(apiPath)) return { kind: "outside", reason: "no such endpoint" };
        return {
          kind: "mismatch",
          operation: `${exchange.method} ${apiPath}`,
          errors: [`${exchange.status} answered by an operation the document does not describe`],
        };
      }
      const documented = op.responses[String(exchange.status)];
      if (!documented)
        return { kind: "mismatch", operation: op.id, errors: [`status ${exchange.status} is not documented`] };
      if (method === "head" || exchange.body === null || exchange.body === "") {
        return documented.content && method !== "head"
          ? {
              kind: "mismatch",
              operation: op.id,
              errors: [`status ${exchange.status} answered without the documented body`],
            }
          : { kind: "valid", operation: op.id };
      }
      const types = Object.keys(documented.content ?? {});
      const type = (exchange.contentType ?? "").split(";")[0]!.trim().toLowerCase();
      if (!types.includes(type))
        return {
          kind: "mismatch",
          operation: op.id,
          errors: [`content type ${type || "(none)"} is not documented (${types.join(", ") || "no body"})`],
        };
      if (type === NDJSON) return checkLines(op, exchange.status, documented.content![type]!, exchange.body);
      const media = documented.content![type] as {
        schema?: { format?: string };
        example?: unknown;
        examples?: Record<string, { value?: unknown }>;
      };
      // A file is checked by its documented type only: its bytes have no schema.
      if (media.schema?.format === "binary") return { kind: "valid", operation: op.id };
      if (type === CSV) {
        // A CSV answer must start with a header row a documented example starts with (one per API version).
        const documentedHeaders = [media.example, ...Object.values(media.examples ?? {}).map((e) => e.value)]
          .filter((e): e is string => typeof e === "string")
          .map((e) => e.split(/\r?\n/)[0]);
        const header = exchange.body.split(/\r?\n/)[0];
        return documentedHeaders.length === 0 || documentedHeaders.includes(header)
          ? { kind: "valid", operation: op.id }
          : {
              kind: "mismatch",
              operation: op.id,
              errors: [`the CSV header row differs from the documented one: ${header?.slice(0, 80)}`],
            };
      }
      if (XML.test(type)) {
        // An XML answer (the Atom feed) must be well-formed and have the documented example's root element.
        const want = typeof media.example === "string" ? xmlRoot(media.example) : null;
        const root = xmlRoot(exchange.body);
        const malformed = xmlError(exchange.body);
        if (malformed)
          return { kind: "mismatch", operation: op.id, errors: [`the body is not well-formed XML: ${malformed}`] };
        return want === null || root === want
          ? { kind: "valid", operation: op.id }
          : { kind: "mismatch", operation: op.id, errors: [`the root element is ${root ?? "(none)"}, not ${want}`] };
      }
      let body: unknown;
      try {
        body = JSON.parse(exchange.body);
      } catch {
        return { kind: "mismatch", operation: op.id, errors: ["the body is not JSON"] };
      }
      op.validator ??= new OpenAPIResponseValidator({
        responses: op.responses as never,
        components: doc.components as never,
        // Name the field an `additionalProperties: false` refused, not only that one was.
        errorTransformer: (error, ajvError) => {
          const extra = (ajvError.params as { additionalProperty?: string }).additionalProperty;
          return { ...error, message: extra ? `${error.message}: ${extra}` : error.message };
        },
      });
      const result = op.validator.validateResponse(String(exchange.status), body);
      if (!result) return { kind: "valid", operation: op.id };
      return {
        kind: "mismatch",
        operation: op.id,
        errors: (result.errors as { path?: string; message: string }[]).map(
          (e) => `${e.path || "(body)"}: ${e.message}`,
        ),
      };
    },
  };
}
