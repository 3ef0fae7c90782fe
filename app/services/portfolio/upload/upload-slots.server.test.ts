import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { uploadSlots } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import {
  UPLOAD_BUSY_RETRY_AFTER_SECONDS,
  UPLOAD_MESSAGES,
  UPLOADS_CONCURRENT_PER_ACCOUNT,
  UPLOADS_CONCURRENT_TOTAL,
} from "~/domain/portfolio/limits";
import { TooManyRequestsError } from "../../http/errors.server";
import { takeUploadSlot, uploadsInProgress } from "./upload-slots.server";

const getDb = setupTestDatabase();

describe("upload slots", () => {
  it("caps one account's uploads, then the server's, each with a 429 and Retry-After; releasing frees a slot once", async () => {
    const held = await Promise.all(
      Array.from({ length: UPLOADS_CONCURRENT_PER_ACCOUNT }, () => takeUploadSlot("user:a")),
    );
    const refused = await takeUploadSlot("user:a").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({
      status: 429,
      retryAfterSeconds: UPLOAD_BUSY_RETRY_AFTER_SECONDS,
      message: UPLOAD_MESSAGES.busyAccount(UPLOADS_CONCURRENT_PER_ACCOUNT, UPLOAD_BUSY_RETRY_AFTER_SECONDS),
    });
    for (let i = held.length; i < UPLOADS_CONCURRENT_TOTAL; i++) held.push(await takeUploadSlot(`user:other-${i}`));
    expect(uploadsInProgress()).toBe(UPLOADS_CONCURRENT_TOTAL);
    await expect(takeUploadSlot("user:new")).rejects.toThrow(
      UPLOAD_MESSAGES.busyServer(UPLOAD_BUSY_RETRY_AFTER_SECONDS),
    );
    const first = held[0]!;
    await first();
    await first();
    expect(uploadsInProgress()).toBe(UPLOADS_CONCURRENT_TOTAL - 1);
    held.push(await takeUploadSlot("user:a"));
    for (const release of held) await release();
    expect(uploadsInProgress()).toBe(0);
    expect(await getDb().select().from(uploadSlots)).toEqual([]);
  });

  it("counts an account's upload on another instance until its lease runs out", async () => {
    // What another instance's slot looks like in the database: a live lease, then one its dead instance left.
    await getDb()
      .insert(uploadSlots)
      .values({ id: randomUUID(), account: "user:b", expiresAt: sql`now() + interval '30 seconds'` });
    await expect(takeUploadSlot("user:b")).rejects.toThrow(
      UPLOAD_MESSAGES.busyAccount(UPLOADS_CONCURRENT_PER_ACCOUNT, UPLOAD_BUSY_RETRY_AFTER_SECONDS),
    );
    await getDb()
      .update(uploadSlots)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    const release = await takeUploadSlot("user:b");
    await release();
  });

  it("gives one slot, not two, to two uploads of one account that arrive together", async () => {
    const results = await Promise.allSettled([takeUploadSlot("user:c"), takeUploadSlot("user:c")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(UPLOADS_CONCURRENT_PER_ACCOUNT);
    for (const r of results) if (r.status === "fulfilled") await r.value();
  });

  it("frees the slot at once when its request is aborted, and stops renewing its lease", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const request = new AbortController();
      await takeUploadSlot("user:d", request.signal);
      expect(uploadsInProgress()).toBe(1);
      request.abort();
      await vi.waitFor(async () => expect(await getDb().select().from(uploadSlots)).toEqual([]));
      expect(uploadsInProgress()).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
      // The next upload of the same account is not refused.
      const release = await takeUploadSlot("user:d");
      await release();
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses to take a slot for a request whose client has already gone", async () => {
    const gone = new AbortController();
    gone.abort();
    await expect(takeUploadSlot("user:e", gone.signal)).rejects.toThrow();
    expect(uploadsInProgress()).toBe(0);
    expect(await getDb().select().from(uploadSlots)).toEqual([]);
  });
});
