import type { ReactNode } from "react";
import { clientExamples } from "~/domain/api/api-client-examples";

/** The subset of an OpenAPI 3.1 document this page reads. */
interface OpenApiDoc {
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, { required?: string[] }> };
}
interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, unknown>[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema: { type?: string | string[]; enum?: unknown[]; example?: unknown; description?: string };
    example?: unknown;
  }[];
  requestBody?: { content: Record<string, { example?: unknown; schema: { required?: string[]; $ref?: string } }> };
  responses: Record<string, { description: string; content?: Record<string, { example?: unknown }> }>;
}

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-green-100 text-green-900",
  put: "bg-amber-100 text-amber-900",
};

/** Who may call an operation, in words, from its `security` (apiKey names the key scope it needs). */
function authLabel(security: Record<string, unknown>[]) {
  if (security.length === 0) return "None";
  const who: string[] = [];
  const keyScopes = security.map((s) => s.apiKey).find((v): v is string[] => Array.isArray(v));
  if (keyScopes) who.push(`an API key with the ${keyScopes.join(" and ")} scope`);
  if (security.some((s) => "sessionToken" in s || "sessionCookie" in s))
    who.push("the user's session (Bearer session token or the session cookie)");
  const list = who.join(" or ");
  if (security.some((s) => Object.keys(s).length === 0))
    return `Optional: open to anyone; ${list} widens what is answered`;
  return keyScopes ? list.charAt(0).toUpperCase() + list.slice(1) : `Only ${list}: never an API key`;
}

/** A curl line for an operation, with the documented example of each required query parameter. */
function curlOf(method: string, base: string, path: string, op: OpenApiOperation) {
  const query = (op.parameters ?? [])
    .filter((p) => p.in === "query" && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(p.example ?? p.schema.example ?? ""))}`)
    .join("&");
  const url = `${base}${path.replace(/\{id\}/g, "1")}${query ? `?${query}` : ""}`;
  const parts = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`}`];
  if (op.security.length && !op.security.some((s) => Object.keys(s).length === 0)) {
    parts.push(
      op.security.some((s) => "apiKey" in s)
        ? `-H "Authorization: Bearer $CLIMATE_API_KEY"`
        : `-H "Authorization: Bearer $CLIMATE_SESSION_TOKEN"`,
    );
  }
  const body = op.requestBody?.content["application/json"];
  if (body?.example !== undefined)
    parts.push(`-H "Content-Type: application/json" -d '${JSON.stringify(body.example)}'`);
  else if (op.requestBody?.content["multipart/form-data"]) parts.push(`-F "file=@portfolio.csv"`);
  parts.push(`"${url}"`);
  return parts.join(" ");
}

/** The required fields of a body schema, following a reference to the document's components. */
function requiredOf(schema: { required?: string[]; $ref?: string }, schemas: Record<string, { required?: string[] }>) {
  return schema.$ref ? schemas[schema.$ref.split("/").pop()!]?.required : schema.required;
}

/** A code block; focusable so a keyboard can scroll a long line. */
function Code({ children, label }: { children: string; label: string }) {
  return (
    <figure aria-label={label} className="mt-2">
      <pre tabIndex={0} className="overflow-x-auto rounded bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
        <code>{children}</code>
      </pre>
    </figure>
  );
}

/** Typed client examples: the same call from curl, Python and TypeScript, types generated from the document. */
function ClientExamples({ origin }: { origin: string }) {
  return (
    <section aria-labelledby="api-clients" className="mt-10">
      <h3 id="api-clients" className="text-xl font-bold text-slate-900">
        Client examples
      </h3>
      <p className="mt-1 text-slate-700">
        The hazard scores of a country, three ways. The Python and TypeScript clients are typed from the OpenAPI
        document, so a field the API answers is a field your code knows about.
      </p>
      {clientExamples(origin).map((example) => (
        <div key={example.id} id={`client-${example.id}`} className="mt-6">
          <h4 className="text-base font-semibold text-slate-900">{example.language}</h4>
          <p className="mt-1 text-sm text-slate-700">
            {example.id === "curl" ? example.setup : "Generate the types once:"}
          </p>
          {example.id === "curl" ? null : <Code label={`${example.language} setup`}>{example.setup}</Code>}
          <Code label={`${example.language} example`}>{example.code}</Code>
        </div>
      ))}
    </section>
  );
}

/** A JSON example; focusable so a keyboard can scroll a long line. */
function Json({ value }: { value: unknown }) {
  return (
    <pre tabIndex={0} className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
      <code>{JSON.stringify(value, null, 2)}</code>
    </pre>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-4">
      <h5 className="text-sm font-semibold text-slate-900">{title}</h5>
      {children}
    </div>
  );
}

function Operation({
  method,
  path,
  op,
  base,
  origin,
  schemas,
}: {
  method: string;
  path: string;
  op: OpenApiOperation;
  base: string;
  origin: string;
  schemas: Record<string, { required?: string[] }>;
}) {
  const body = op.requestBody ? Object.entries(op.requestBody.content) : [];
  const parameters = op.parameters ?? [];
  const ok = op.responses["200"];
  const errors = Object.entries(op.responses).filter(([status]) => status !== "200");
  return (
    <article id={op.operationId} aria-labelledby={`${op.operationId}-title`} className="card mt-4 scroll-mt-4">
      <h4 id={`${op.operationId}-title`} className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-xs uppercase ${METHOD_STYLE[method] ?? "bg-slate-100"}`}>
          {method}
        </span>
        <code className="break-all text-sm">
          {base}
          {path}
        </code>
      </h4>
      <p className="mt-2 text-slate-800">{op.summary}</p>
      {op.description ? <p className="mt-1 text-sm text-slate-700">{op.description}</p> : null}
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold">Authentication:</span> {authLabel(op.security)}
      </p>
      <Block title="Example request">
        <Code label={`curl ${method.toUpperCase()} ${path}`}>{curlOf(method, origin, path, op)}</Code>
      </Block>
      {parameters.length ? (
        <Block title="Parameters">
          <div className="mt-2 overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="bg-slate-50">
                  <th scope="col" className="border border-slate-200 px-2 py-1">
                    Name
                  </th>
                  <th scope="col" className="border border-slate-200 px-2 py-1">
                    In
                  </th>
                  <th scope="col" className="border border-slate-200 px-2 py-1">
                    Type
                  </th>
                  <th scope="col" className="border border-slate-200 px-2 py-1">
                    Required
                  </th>
                  <th scope="col" className="border border-slate-200 px-2 py-1">
                    Description
                  </th>
                </tr>
              </thead>
              <tbody>
                {parameters.map((p) => (
                  <tr key={p.name}>
                    <td className="border border-slate-200 px-2 py-1 font-mono">{p.name}</td>
                    <td className="border border-slate-200 px-2 py-1">{p.in}</td>
                    <td className="border border-slate-200 px-2 py-1">
                      {[p.schema.type ?? "string"].flat().join(" | ")}
                      {p.schema.enum ? (
                        <span className="block text-xs text-slate-600">{p.schema.enum.join(" | ")}</span>
                      ) : null}
                    </td>
                    <td className="border border-slate-200 px-2 py-1">{p.required ? "yes" : "no"}</td>
                    <td className="border border-slate-200 px-2 py-1">
                      {p.description ?? p.schema.description}
                      {(p.example ?? p.schema.example) !== undefined ? (
                        <span className="block text-xs text-slate-600">
                          Example: {String(p.example ?? p.schema.example)}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Block>
      ) : null}
      {body.length ? (
        <Block title={`Request body (${body.map(([type]) => type).join(" or ")})`}>
          <p className="mt-1 text-sm text-slate-700">
            Required: {requiredOf(body[0]![1].schema, schemas)?.join(", ") || "none"}
          </p>
          <Json value={body[0]![1].example} />
        </Block>
      ) : null}
      {ok ? (
        <Block title={`Response 200: ${ok.description}`}>
          <Json value={ok.content?.["application/json"]?.example} />
        </Block>
      ) : null}
      {errors.length ? (
        <Block title="Errors">
          <ul className="mt-1 space-y-1 text-sm">
            {errors.map(([status, response]) => (
              <li key={status}>
                <span className="font-mono font-semibold">{status}</span> {response.description}
                {response.content?.["application/json"]?.example ? (
                  <code className="ml-1 break-all text-xs text-slate-700">
                    {JSON.stringify(response.content["application/json"].example)}
                  </code>
                ) : null}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
    </article>
  );
}

/** Where the /api page's loader leaves the reference's markup (app/utils/server-drawn.tsx). */
export const API_REFERENCE_KEY = "api-reference";

/** Server-rendered API reference: endpoints grouped by tag, each with parameters, bodies and example answers. */
export function ApiReference({ doc }: { doc: OpenApiDoc }) {
  const origin = (doc.servers[0]?.url ?? "/api").replace(/\/$/, "");
  const base = new URL(origin, "http://x").pathname.replace(/\/$/, "");
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <section aria-labelledby="api-reference" className="mt-12">
      <h2 id="api-reference" className="text-2xl font-bold">
        API reference
      </h2>
      <p className="mt-2 text-slate-700">
        Generated from our{" "}
        <a href="/api/openapi.json" className="text-brand-700 underline">
          OpenAPI 3.1 document
        </a>
        , which you can load into any OpenAPI tool to generate a client.
      </p>
      <nav aria-label="API sections" className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          <li>
            <a href="#api-clients" className="btn-secondary">
              Client examples
            </a>
          </li>
          {doc.tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#tag-${tag.name.replace(/\s+/g, "-").toLowerCase()}`} className="btn-secondary">
                {tag.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ClientExamples origin={origin} />
      {doc.tags.map((tag) => {
        const id = `tag-${tag.name.replace(/\s+/g, "-").toLowerCase()}`;
        return (
          <section key={tag.name} aria-labelledby={id} className="mt-10">
            <h3 id={id} className="text-xl font-bold text-slate-900">
              {tag.name}
            </h3>
            {tag.description ? <p className="mt-1 text-slate-700">{tag.description}</p> : null}
            {operations
              .filter((o) => o.op.tags.includes(tag.name))
              .map((o) => (
                <Operation
                  key={`${o.method} ${o.path}`}
                  method={o.method}
                  path={o.path}
                  op={o.op}
                  base={base}
                  origin={origin}
                  schemas={doc.components?.schemas ?? {}}
                />
              ))}
          </section>
        );
      })}
    </section>
  );
}
