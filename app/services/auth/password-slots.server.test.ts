import { MAX_CONCURRENT_HASHES, hashPassword, hashSlots, verifyPassword } from "./password.server";

describe("password hashes take turns on the thread pool", () => {
  it("runs at most MAX_CONCURRENT_HASHES scrypt calls at once; the others wait in order", async () => {
    const burst = Array.from({ length: MAX_CONCURRENT_HASHES + 4 }, (_, i) => hashPassword(`burst-password-${i}`));
    expect(hashSlots.active).toBe(MAX_CONCURRENT_HASHES);
    expect(hashSlots.waiting).toHaveLength(4);
    const hashes = await Promise.all(burst);
    expect(hashSlots.active).toBe(0);
    expect(hashSlots.waiting).toHaveLength(0);
    expect(await verifyPassword("burst-password-0", hashes[0]!)).toBe(true);
    expect(await verifyPassword("burst-password-1", hashes[0]!)).toBe(false);
  });
});
