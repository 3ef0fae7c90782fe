import fs from "node:fs";
import path from "node:path";

/**
 * A route whose page loads script gets its server code through one `*.server` module that no other route imports,
 * and imports only types from @remix-run/node. The client build keeps an empty chunk for every server-only module a
 * route imports directly, and the page preloads each of them (ADR 022); a module shared with another route is one
 * the browser fetches for nothing on both.
 */
const ROUTES = path.resolve("app/routes");
const ROOT_ROUTE = path.resolve("app/root.tsx");

interface Import {
  source: string;
  typeOnly: boolean;
}

function importsOf(code: string): Import[] {
  const found: Import[] = [];
  for (const match of code.matchAll(/^import\s+(type\s+)?([\s\S]*?)\s+from\s+["']([^"']+)["']/gm)) {
    const [, typeKeyword, clause = "", source = ""] = match;
    const names = /^\{([\s\S]*)\}$/
      .exec(clause.trim())?.[1]
      ?.split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    const typeOnly =
      Boolean(typeKeyword) ||
      (names !== undefined && names.length > 0 && names.every((name) => name.startsWith("type ")));
    found.push({ source, typeOnly });
  }
  return found;
}

function routeFiles(): string[] {
  const files = fs
    .readdirSync(ROUTES, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(ROUTES, file));
  return [ROOT_ROUTE, ...files];
}

/** The mail outbox is for development and administrators (off once mail goes to SMTP): no visitor loads its chunks. */
const EXEMPT = new Set(["app/routes/_public+/dev.outbox.tsx"]);

/** A page that loads script: it renders (a default export) and does not opt out of hydration (ADR 003). */
function loadsScript(code: string): boolean {
  return /^export default\b/m.test(code) && !/hydrate:\s*false/.test(code);
}

const routes = routeFiles().map((file) => ({
  file: path.relative(process.cwd(), file),
  code: fs.readFileSync(file, "utf8"),
}));
const serverImporters = new Map<string, string[]>();
for (const route of routes) {
  for (const { source, typeOnly } of importsOf(route.code)) {
    if (typeOnly || !/\.server$/.test(source)) continue;
    serverImporters.set(source, [...(serverImporters.get(source) ?? []), route.file]);
  }
}
const scriptPages = routes.filter(
  (route) =>
    !EXEMPT.has(route.file) &&
    loadsScript(route.code) &&
    /export\s+(async\s+)?(function|const)\s+(loader|action)\b/.test(route.code),
);

describe("routes whose page loads script", () => {
  it("are found (the check reads the real route files)", () => {
    expect(scriptPages.length).toBeGreaterThan(15);
  });

  it.each(scriptPages.map((route) => [route.file, route] as const))(
    "%s imports one server module of its own",
    (_file, route) => {
      const serverImports = importsOf(route.code).filter(
        (imported) => !imported.typeOnly && /\.server$/.test(imported.source),
      );
      // Its loader and action come from one service module; a component drawn on the server may sit beside it.
      expect(
        serverImports
          .filter((imported) => imported.source.startsWith("~/services/"))
          .map((imported) => imported.source),
      ).toHaveLength(1);
      for (const imported of serverImports)
        expect(serverImporters.get(imported.source), imported.source).toEqual([route.file]);
    },
  );

  it.each(scriptPages.map((route) => [route.file, route] as const))(
    "%s imports only types from @remix-run/node",
    (_file, route) => {
      const valueImports = importsOf(route.code).filter(
        (imported) => !imported.typeOnly && imported.source === "@remix-run/node",
      );
      expect(valueImports).toEqual([]);
    },
  );
});

describe("importsOf", () => {
  it("tells type-only imports from value imports", () => {
    const code =
      'import type { A } from "a";\nimport { type B, c } from "b";\nimport { type D } from "d";\nimport {\n  e,\n} from "e.server";\n';
    expect(importsOf(code)).toEqual([
      { source: "a", typeOnly: true },
      { source: "b", typeOnly: false },
      { source: "d", typeOnly: true },
      { source: "e.server", typeOnly: false },
    ]);
  });
});
