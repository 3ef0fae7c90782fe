/**
 * Limits on connections, before any request is read: a deadline for a request's headers (a client sending one
 * header line every few seconds otherwise holds its connection for Node's 60 s plus its 30 s check interval), a
 * limit on idle kept-alive connections, and a cap on the connections one address may hold open at once. Each is
 * set in app/env.server.ts.
 */
import type http from "node:http";
import type net from "node:net";
import { env, logger } from "./runtime";

/** How often Node looks for connections past their header deadline (its default, 30 s, adds that much to it). */
const DEADLINE_CHECK_MS = 1_000;

/** Options for http.createServer. */
export const connectionOptions: http.ServerOptions = {
  headersTimeout: env.HEADERS_TIMEOUT_MS,
  keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
  connectionsCheckingInterval: DEADLINE_CHECK_MS,
};

const OVER_CAP = Symbol("over the per-address connection cap");
type CappedSocket = net.Socket & { [OVER_CAP]?: true };

const REFUSAL_BODY = "Too many connections from your address.\n";
const REFUSAL = [
  "HTTP/1.1 429 Too Many Requests",
  "Content-Type: text/plain; charset=utf-8",
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`,
  "Retry-After: 1",
  "Cache-Control: no-store",
  "X-Content-Type-Options: nosniff",
  "Connection: close",
  "",
  REFUSAL_BODY,
].join("\r\n");

/** How long a refused connection may stay open while its answer goes out. */
const REFUSED_LINGER_MS = 1_000;

/** Counts each address's open connections; one past the cap is answered 429 and closed without reaching the app. */
export function capConnectionsPerAddress(server: http.Server) {
  const cap = env.MAX_CONNECTIONS_PER_ADDRESS;
  if (cap === 0) return;
  const open = new Map<string, number>();
  let lastWarning = 0;
  server.prependListener("connection", (socket: CappedSocket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    if (count <= cap) return;
    socket[OVER_CAP] = true;
    socket.end(REFUSAL);
    setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
    if (Date.now() - lastWarning > 10_000) {
      lastWarning = Date.now();
      logger.warn({ remoteAddress: address, cap }, "connection refused: too many open connections from one address");
    }
  });
}

/** True for a request on a connection refused by the cap: it has had its answer and goes no further. */
export function refusedConnection(req: http.IncomingMessage): boolean {
  return Boolean((req.socket as CappedSocket)[OVER_CAP]);
}
