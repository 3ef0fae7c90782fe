/**
 * Server-side request forgery guard: a webhook may only reach the public internet. The registered host is resolved
 * and every address checked; a delivery resolves it again through `publicOnlyLookup`, so a name that later points
 * inward (DNS rebinding) is refused at connect time, not only at registration.
 */
import dns from "node:dns";
import net from "node:net";
import type { LookupFunction } from "node:net";

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], // this network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const)
  blocked.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64 of an IPv4 address
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(address, prefix, "ipv6");

/** Whether an IP address (v4, v6 or v4-mapped v6) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
    return !blocked.check(address, "ipv6");
  }
  return !blocked.check(address, "ipv4");
}

export class PrivateTargetError extends Error {}
export class UnresolvableTargetError extends Error {}

/** Every address the host resolves to, refused when one of them is not public (unless private targets are allowed). */
export async function assertPublicHost(hostname: string, allowPrivate: boolean): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new UnresolvableTargetError(host);
    }
  }
  if (!addresses.length) throw new UnresolvableTargetError(host);
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a))) throw new PrivateTargetError(host);
}

/** A socket lookup that fails for a host resolving to a private address: used for every delivery. */
export function publicOnlyLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, found) => {
      if (error) return callback(error, "", 4);
      const list = found as unknown as dns.LookupAddress[];
      const refused = !allowPrivate && list.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(new PrivateTargetError(hostname), "", 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
