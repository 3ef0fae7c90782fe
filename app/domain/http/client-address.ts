/**
 * The client address that rate limits and lockouts are keyed by. It comes from the TCP peer (`remoteAddress`);
 * X-Forwarded-For is believed only hop by hop through proxies we trust (TRUST_PROXY), so a client cannot choose its
 * own bucket by sending a header. X-Real-IP, X-Client-IP, Forwarded and the like are never read.
 */
import proxyaddr from "proxy-addr";

/** Hop count (proxies in front of us) or a list of proxy addresses / CIDR ranges (or proxy-addr's names: loopback…). */
export type TrustProxy = number | string[];

/** Every request without a socket address (a loader called without the server entry) shares this one bucket. */
export const UNKNOWN_CLIENT = "unknown";

/** Parses TRUST_PROXY: empty → trust nobody; "1" → one hop; "10.0.0.0/8, loopback" → those proxies. Throws on junk. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim();
  if (value === "" || value === "false") return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
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
    typeof trustProxy === "number"
      ? (_address: string, hop: number) => hop < trustProxy
      : proxyaddr.compile(trustProxy);
  try {
    return normalise(proxyaddr(req as never, trust));
  } catch {
    // A malformed forwarded chain: the socket address is the one thing we know.
    return normalise(remoteAddress);
  }
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail as the last two), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split("%")[0]!.toLowerCase();
  const v4Tail = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const bytes = v4Tail.slice(2).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    text = `${v4Tail[1]}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * The bucket a per-address limit counts an address in: an IPv4 address on its own, an IPv6 address by its /64. One
 * subscriber gets a whole /64 and may send from any of its 2^64 addresses, so counting each /128 would set no limit.
 */
export function addressBucket(address: string): string {
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
