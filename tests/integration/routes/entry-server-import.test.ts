import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Loading the server build starts nothing: the build is loaded by the server entry, by tests and by tools, and only
 * the server entry (server/runtime.ts) opens the database and starts the workers, through startServerRuntime. So the
 * top level of entry.server.tsx declares and exports, and calls nothing: every call, `new` and `await` sits inside a
 * function.
 */
const ENTRY = path.resolve("app/entry.server.tsx");

/** The calls, `new`s and `await`s of a top-level statement that run when the module loads (function bodies skipped). */
function runsAtLoad(node: ts.Node, source: ts.SourceFile, found: string[] = []): string[] {
  if (ts.isFunctionLike(node) || ts.isClassDeclaration(node)) return found;
  if (
    ts.isCallExpression(node) ||
    ts.isNewExpression(node) ||
    ts.isAwaitExpression(node) ||
    ts.isTaggedTemplateExpression(node)
  ) {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`line ${line + 1}: ${node.getText(source).split("\n")[0]}`);
    return found;
  }
  ts.forEachChild(node, (child) => void runsAtLoad(child, source, found));
  return found;
}

function topLevelEffects(code: string, fileName = ENTRY): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  return source.statements.flatMap((statement) => {
    if (
      ts.isImportDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement)
    )
      return [];
    if (ts.isExpressionStatement(statement) || ts.isIfStatement(statement)) {
      return [
        `line ${source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1}: ${statement.getText(source).split("\n")[0]}`,
      ];
    }
    return runsAtLoad(statement, source);
  });
}

describe("entry.server.tsx at import", () => {
  it("calls nothing at its top level: the server entry starts the runtime", () => {
    expect(topLevelEffects(fs.readFileSync(ENTRY, "utf8"))).toEqual([]);
  });

  it("the check sees a start at import, a call in a constant and a guarded start", () => {
    const code = [
      'import { getEnv } from "~/env.server";',
      "getEnv();",
      "const db = openDb();",
      "if (!process.env.VITEST) start();",
      "export const runtime = { start, url: () => getEnv().PUBLIC_URL };",
      "export function start() { openDb(); }",
    ].join("\n");
    expect(topLevelEffects(code, "probe.tsx")).toEqual([
      "line 2: getEnv();",
      "line 3: openDb()",
      "line 4: if (!process.env.VITEST) start();",
    ]);
  });
});
