import { UNKNOWN_CLIENT, addressBucket, clientAddress, parseTrustProxy } from "./client-address";

const h = (init: Record<string, string>) => new Headers(init);

describe("clientAddress", () => {
  it("ignores client-set headers when no proxy is trusted (rotating X-Forwarded-For or X-Client-IP)", () => {
    for (const header of ["X-Forwarded-For", "X-Client-IP", "X-Real-IP", "Forwarded", "CF-Connecting-IP"]) {
      const a = clientAddress({
        remoteAddress: "203.0.113.7",
        headers: h({ [header]: "198.51.100.1" }),
        trustProxy: 0,
      });
      const b = clientAddress({
        remoteAddress: "203.0.113.7",
        headers: h({ [header]: "198.51.100.2" }),
        trustProxy: 0,
      });
      expect([a, b]).toEqual(["203.0.113.7", "203.0.113.7"]);
    }
  });

  it("trusts X-Forwarded-For only through the configured hop count", () => {
    const headers = h({ "X-Forwarded-For": "6.6.6.6, 198.51.100.9" });
    expect(clientAddress({ remoteAddress: "10.0.0.2", headers, trustProxy: 1 })).toBe("198.51.100.9");
    expect(clientAddress({ remoteAddress: "10.0.0.2", headers, trustProxy: 2 })).toBe("6.6.6.6");
  });

  it("trusts X-Forwarded-For only from proxies in the CIDR list", () => {
    const trustProxy = parseTrustProxy("10.0.0.0/8, 127.0.0.1");
    const headers = h({ "X-Forwarded-For": "198.51.100.9" });
    expect(clientAddress({ remoteAddress: "10.1.2.3", headers, trustProxy })).toBe("198.51.100.9");
    expect(clientAddress({ remoteAddress: "203.0.113.7", headers, trustProxy })).toBe("203.0.113.7");
    // a chain through our proxy: the first address our proxy did not vouch for
    expect(
      clientAddress({
        remoteAddress: "10.1.2.3",
        headers: h({ "X-Forwarded-For": "6.6.6.6, 198.51.100.9" }),
        trustProxy,
      }),
    ).toBe("198.51.100.9");
  });

  it("maps IPv4-in-IPv6 and falls back to one bucket without a socket address", () => {
    expect(clientAddress({ remoteAddress: "::ffff:203.0.113.7", headers: h({}), trustProxy: 0 })).toBe("203.0.113.7");
    expect(
      clientAddress({ remoteAddress: undefined, headers: h({ "X-Forwarded-For": "1.2.3.4" }), trustProxy: 1 }),
    ).toBe(UNKNOWN_CLIENT);
  });

  it("parses TRUST_PROXY and refuses junk", () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("loopback, 10.0.0.0/8")).toEqual(["loopback", "10.0.0.0/8"]);
    expect(() => parseTrustProxy("10.0.0.0/99")).toThrow();
    expect(() => parseTrustProxy("not-an-ip")).toThrow();
  });
});

describe("addressBucket (what a per-address limit counts)", () => {
  it("counts an IPv6 address by its /64, however it is written", () => {
    const bucket = addressBucket("2001:db8:1234:5678::1");
    expect(bucket).toBe("2001:db8:1234:5678::/64");
    for (const other of [
      "2001:db8:1234:5678:ffff:ffff:ffff:ffff",
      "2001:0db8:1234:5678:0:0:0:2",
      "2001:DB8:1234:5678::abcd%eth0",
      "2001:db8:1234:5678::1.2.3.4",
    ]) {
      expect(addressBucket(other)).toBe(bucket);
    }
    expect(addressBucket("2001:db8:1234:5679::1")).not.toBe(bucket);
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("fe80::")).toBe("fe80:0:0:0::/64");
  });

  it("keeps an IPv4 address, the unknown client and anything unreadable as they are", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket(UNKNOWN_CLIENT)).toBe(UNKNOWN_CLIENT);
    expect(addressBucket("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
    expect(addressBucket("1::2::3")).toBe("1::2::3");
  });
});
