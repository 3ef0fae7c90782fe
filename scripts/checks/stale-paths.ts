/**
 * Fails when a comment, a document or an ADR names a repository path that does not exist: a path moved or deleted
 * without its mentions leaves readers looking for a file that is not there.
 *
 * Reads tracked text files (git ls-files). A mention is a word that starts with one of the repository's top-level
 * folders and ends in a file extension (`app/services/infra/db.server.ts`, `docs/decisions/005-server-entry.md`);
 * in code, only mentions inside comments count (string literals name paths the code makes). A mention relative to
 * the mentioning file (one that starts with a dot and a slash) is checked from that file's folder. A citation of a section of the
 * product specification, which the repository does not hold, fails too, and so does a measured figure in a comment of
 * the app, the server, the database code or the scripts (a throughput, or a figure with its unit that something
 * peaked at, grew to, took, or is set against another): figures go to bench/README.md, where they are dated.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TOP_FOLDERS = ["app", "server", "db", "scripts", "tests", "bench", "docs", "public", "content", "data"];
const EXTENSIONS = "tsx?|mjs|cjs|js|md|sql|json|sh|css|ya?ml|csv|pdf|xlsx|png|gz|bin";
const ROOTED = new RegExp(
  `(?<![\\w./~#@-])(?:${TOP_FOLDERS.join("|")})/[\\w.+$()/-]*?\\.(?:${EXTENSIONS})(?![\\w/-]|\\.\\w)`,
  "g",
);
const RELATIVE = new RegExp(`(?<![\\w./])\\.\\.?/[\\w.+$()/-]*?\\.(?:${EXTENSIONS})(?![\\w/-]|\\.\\w)`, "g");
const CODE = /\.(?:tsx?|mjs|cjs|js|sh|css)$/;
const TEXT = /\.(?:tsx?|mjs|cjs|js|sh|css|md|ya?ml)$/;
/** A section number of the product specification ("spec", then a section sign): the specification is not in this repository, so a reader cannot follow it. */
const SPEC_CITATION = /\bspec(?:'s)?\b[^\n§]{0,30}§\s?\d/i;
/** A figure with a unit of time or bytes. */
const FIGURE = String.raw`\d[\d,.]*\s?(?:ms|µs|s|KB|kB|MB|GB|KiB|MiB|GiB)(?![\w/])`;
/**
 * A measurement, as comments wrote them: a throughput, a figure something peaked at, grew to or took, a figure
 * "more" or "less" than something, and two
 * figures set against each other (one time or size "against" or "→" another, or "from" one "to" another).
 */
const MEASURED = new RegExp(
  [
    String.raw`\d[\d,.]*\s?(?:req|ops)\/s\b`,
    String.raw`\b(?:peaked at|peak of|grew (?:from|to)|took|measured at)\s+(?:about\s+|over\s+)?${FIGURE}`,
    String.raw`${FIGURE}\s+(?:against|→|->)\s+(?:about\s+)?\d`,
    String.raw`\d[\d,.]*\s?(?:→|->)\s*${FIGURE}`,
    String.raw`${FIGURE}\s+(?:more|less|lower|higher|larger|smaller)\b`,
    String.raw`\bfrom\s+(?:about\s+)?${FIGURE}(?:\s+\w+)?\s+to\s+${FIGURE}`,
  ].join("|"),
  "i",
);
/** Where a measured figure in a comment fails: the benches and the tests speak of figures by nature. */
const FIGURES_CHECKED = /^(?:app|server|db|scripts)\//;
/** Files whose mentions are not pointers into this tree. */
const SKIP = new Set(["package-lock.json"]);

/** The comment text of a source file, other characters blanked (line numbers stay as they were). */
function commentsOf(code: string, file: string): string {
  const keep = file.endsWith(".sh") ? /#[^\n]*/g : /(?<![\w"'`])\/\*[\s\S]*?\*\/|(?<![:"'`\w])\/\/[^\n]*/g;
  let out = code.replace(/[^\n]/g, " ");
  for (const match of code.matchAll(keep))
    out = out.slice(0, match.index) + match[0] + out.slice(match.index + match[0].length);
  return out;
}

export interface StalePath {
  file: string;
  line: number;
  mention: string;
  reason?: string;
}

export function stalePaths(
  files: string[],
  exists: (file: string) => boolean,
  read: (file: string) => string = (file) => fs.readFileSync(path.join(ROOT, file), "utf8"),
): StalePath[] {
  const stale: StalePath[] = [];
  for (const file of files) {
    const raw = read(file);
    const text = CODE.test(file) ? commentsOf(raw, file) : raw;
    text.split("\n").forEach((line, index) => {
      for (const match of line.matchAll(ROOTED)) {
        const mention = match[0].replace(/[.)]+$/, (tail) => (tail.startsWith(".") ? "" : tail));
        if (!exists(mention)) stale.push({ file, line: index + 1, mention });
      }
      const measured = CODE.test(file) && FIGURES_CHECKED.test(file) ? MEASURED.exec(line) : null;
      if (measured)
        stale.push({
          file,
          line: index + 1,
          mention: measured[0],
          reason: "is a measured figure in a comment: give the reason, and the figure to bench/README.md",
        });
      const citation = SPEC_CITATION.exec(line);
      if (citation)
        stale.push({
          file,
          line: index + 1,
          mention: citation[0],
          reason: "cites a section of the specification, which is not in this repository: say the rule",
        });
      for (const match of line.matchAll(RELATIVE)) {
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[0]));
        if (!exists(resolved)) stale.push({ file, line: index + 1, mention: match[0] });
      }
    });
  }
  return stale;
}

function main() {
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  const present = new Set(tracked.filter((file) => fs.existsSync(path.join(ROOT, file))));
  const folders = new Set(
    [...present].flatMap((file) =>
      file
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  const exists = (mention: string) =>
    present.has(mention) || folders.has(mention) || fs.existsSync(path.join(ROOT, mention));
  const files = [...present].filter((file) => TEXT.test(file) && !SKIP.has(file));
  const stale = stalePaths(files, exists);
  for (const { file, line, mention, reason } of stale)
    console.error(`${file}:${line}: ${mention} ${reason ?? "does not exist"}`);
  if (stale.length) {
    console.error(
      `${stale.length} stale mention(s): fix the path or say it without one; say a rule, not a section number; figures go to bench/README.md.`,
    );
    process.exit(1);
  }
  console.log(`stale paths: none in ${files.length} files`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
