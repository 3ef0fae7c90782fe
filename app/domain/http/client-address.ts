/**
 * The client address that rate limits and lockouts are keyed by. It comes from the TCP peer (`remoteAddress`);
 * X-Forwarded-For is believed only hop by hop through proxies we trust (TRUST_PROXY), so a client cannot choose its
 * own bucket by sending a header. X-Real-IP, X-Client-IP, Forwarded and the like are never read.
 */
import proxyaddr from "proxy-addr";

/** Hop count (proxies in front of us) or a list of proxy addresses / CIDR ranges (or proxy-addr's names: loopback…). */
export type TrustProxy = number | string[];

/** Every request without a socket address (development under remix-serve) shares this one bucket. */
export const UNKNOWN_CLIENT = "unknown";

/** Parses TRUST_PROXY: empty → trust nobody; "1" → one hop; "10.0.0.0/8, loopback" → those proxies. Throws on junk. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim();
  if (value === "" || value === "false") return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(",").map((s) => s.trim()).filter(Boolean);
  proxyaddr.compile(list); // throws "invalid IP address" / "invalid range on address" for a bad entry
  return list;
}

function normalise(address: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (v4 ? v4[1]! : address).toLowerCase();
}

export interface ClientAddressInput {
  remoteAddress?: string | null;
  headers: Headers;
  trustProxy: TrustProxy;
}

export function clientAddress({ remoteAddress, headers, trustProxy }: ClientAddressInput): string {
  if (!remoteAddress) return UNKNOWN_CLIENT;
  const forwardedFor = headers.get("x-forwarded-for");
  const req = {
    connection: { remoteAddress },
    socket: { remoteAddress },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  };
  const trust =
    typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : proxyaddr.compile(trustProxy);
  try {
    return normalise(proxyaddr(req as never, trust));
  } catch {
    // A malformed forwarded chain: the socket address is the one thing we know.
    return normalise(remoteAddress);
  }
}
