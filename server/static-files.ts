/** Files from public/: fingerprinted build output (with its build-time Brotli copies) and the few other files. */
import fs from "node:fs";
import path from "node:path";
import type { NextFunction } from "express";
import serveStatic from "serve-static";
import { pathnameOf, refuse, type Req, type Res } from "./http";
import { lifecycle } from "./lifecycle";
import { PUBLIC_DIR } from "./runtime";

const BUILD_ASSETS_DIR = path.join(PUBLIC_DIR, "build");
/**
 * Fingerprinted build output: cached for a year. A file's name changes with its content, so the validators
 * (ETag, Last-Modified) and byte ranges buy nothing and only add header bytes to each of the page's many chunks.
 */
export const serveBuildAssets = serveStatic(BUILD_ASSETS_DIR, {
  immutable: true,
  maxAge: "1y",
  index: false,
  fallthrough: false,
  etag: false,
  lastModified: false,
  acceptRanges: false,
  setHeaders: (res, file) => {
    res.setHeader("Cache-Control", BUILD_CACHE_CONTROL);
    if (file.endsWith(".js")) res.setHeader("Content-Type", JS_CONTENT_TYPE);
  },
});
// No "public": these requests carry no Authorization header, so any cache may keep them as it is.
const BUILD_CACHE_CONTROL = "max-age=31536000, immutable";
/** RFC 9239's type for scripts; module scripts are always UTF-8, so no charset. */
const JS_CONTENT_TYPE = "text/javascript";
/** Brotli copies written at build time (scripts/precompress-assets.mjs), by URL path under /build: listed once. */
const precompressedAssets = new Map<string, string>(
  fs.existsSync(BUILD_ASSETS_DIR)
    ? fs
        .readdirSync(BUILD_ASSETS_DIR, { recursive: true, withFileTypes: false })
        .map((f) => String(f).split(path.sep).join("/"))
        .filter((f) => /\.(js|css)\.br$/.test(f) && fs.existsSync(path.join(BUILD_ASSETS_DIR, f.slice(0, -3))))
        .map((f) => [`/${f.slice(0, -3)}`, path.join(BUILD_ASSETS_DIR, f)] as const)
    : [],
);

/** The copies already read: a few hundred kilobytes for the whole build, and they never change while it runs. */
const precompressedBodies = new Map<string, Buffer>();

/** Sends the build-time Brotli copy of a script or stylesheet when the browser accepts it; false when there is none. */
export function sendPrecompressed(req: Req, res: Res, assetPath: string): boolean {
  const file = precompressedAssets.get(assetPath);
  if (!file || !/\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""))) return false;
  let body = precompressedBodies.get(assetPath);
  if (!body) precompressedBodies.set(assetPath, (body = fs.readFileSync(file)));
  res.writeHead(200, {
    "Content-Type": assetPath.endsWith(".css") ? "text/css; charset=UTF-8" : JS_CONTENT_TYPE,
    "Content-Encoding": "br",
    "Content-Length": body.length,
    "Cache-Control": BUILD_CACHE_CONTROL,
    Vary: "Accept-Encoding",
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
/** Other files in public/ (favicon, robots images): an hour. */
export const servePublicFiles = serveStatic(PUBLIC_DIR, { maxAge: "1h", index: false });
/** Top-level public files, listed once so a page request never touches the disk to look for one. */
export const publicFiles = new Set(
  fs.existsSync(PUBLIC_DIR)
    ? fs
        .readdirSync(PUBLIC_DIR, { recursive: true, withFileTypes: false })
        .map((f) => `/${String(f).split(path.sep).join("/")}`)
    : [],
);

/** Build output under /build/ (precompressed when it can be), then the other public files; anything else goes on. */
export function staticFiles(req: Req, res: Res, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const url = req.url ?? "/";
  const pathname = pathnameOf(url);
  if (pathname.startsWith("/build/")) {
    // Said outright, so that Node leaves out its "Keep-Alive: timeout=5" hint, which browsers do not use: 23 bytes
    // on each of the thirty-odd scripts of a page.
    if (!lifecycle.shuttingDown) res.setHeader("Connection", "keep-alive");
    req.url = url.slice("/build".length);
    if (sendPrecompressed(req, res, pathname.slice("/build".length))) return;
    return serveBuildAssets(req, res, () => refuse(req, res, 404, "Not found"));
  }
  if (publicFiles.has(pathname)) return servePublicFiles(req, res, () => next());
  next();
}
