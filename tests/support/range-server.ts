// A static file server for tests that honours single Range requests as S3 and CDNs do, with fault modes by path
// prefix: /ok/ serves files, /drop/ closes the connection half-way through a body, /short/ serves the first half of
// a file as if it were all of it.
import { readFileSync, existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface RangeServer {
  url: string;
  /** Requests seen, as "METHOD path range". */
  log: string[];
  close(): Promise<void>;
}

export async function startRangeServer(root: string): Promise<RangeServer> {
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    const [, mode, ...rest] = (req.url ?? "/").split("/");
    const file = path.join(root, path.basename(rest.join("/")));
    log.push(`${req.method} ${req.url} ${req.headers.range ?? ""}`.trim());
    if (!existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    let body = readFileSync(file);
    if (mode === "short") body = body.subarray(0, Math.floor(body.length / 2));
    const total = body.length;
    let start = 0;
    let end = total - 1;
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    if (m) {
      start = Number(m[1]);
      end = m[2] ? Math.min(Number(m[2]), total - 1) : total - 1;
      if (start >= total) {
        res.writeHead(416, { "content-range": `bytes */${total}` }).end();
        return;
      }
    }
    const chunk = body.subarray(start, end + 1);
    res.writeHead(m ? 206 : 200, {
      "content-type": "image/tiff",
      "content-length": String(chunk.length),
      "accept-ranges": "bytes",
      ...(m ? { "content-range": `bytes ${start}-${end}/${total}` } : {}),
    });
    if (mode === "drop") {
      // The cut comes a moment after the first half is out, so the client has read it (as after a real drop) and
      // not lost it with the error.
      res.write(chunk.subarray(0, Math.floor(chunk.length / 2)), () => setTimeout(() => res.destroy(), 300));
      return;
    }
    res.end(chunk);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
