import {
  UPLOAD_BUSY_RETRY_AFTER_SECONDS, UPLOAD_MESSAGES, UPLOADS_CONCURRENT_PER_ACCOUNT, UPLOADS_CONCURRENT_TOTAL,
} from "~/domain/portfolio/limits";
import { TooManyRequestsError } from "../errors.server";
import { takeUploadSlot, uploadsInProgress } from "./upload-slots.server";

describe("upload slots", () => {
  it("caps one account's uploads, then the server's, each with a 429 and Retry-After; releasing frees a slot once", () => {
    const held = Array.from({ length: UPLOADS_CONCURRENT_PER_ACCOUNT }, () => takeUploadSlot("user:a"));
    const refused = (() => {
      try {
        takeUploadSlot("user:a");
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({
      status: 429,
      retryAfterSeconds: UPLOAD_BUSY_RETRY_AFTER_SECONDS,
      message: UPLOAD_MESSAGES.busyAccount(UPLOADS_CONCURRENT_PER_ACCOUNT, UPLOAD_BUSY_RETRY_AFTER_SECONDS),
    });
    for (let i = held.length; i < UPLOADS_CONCURRENT_TOTAL; i++) held.push(takeUploadSlot(`user:other-${i}`));
    expect(uploadsInProgress()).toBe(UPLOADS_CONCURRENT_TOTAL);
    expect(() => takeUploadSlot("user:new")).toThrow(UPLOAD_MESSAGES.busyServer(UPLOAD_BUSY_RETRY_AFTER_SECONDS));
    const first = held[0]!;
    first();
    first();
    expect(uploadsInProgress()).toBe(UPLOADS_CONCURRENT_TOTAL - 1);
    held.push(takeUploadSlot("user:a"));
    for (const release of held) release();
    expect(uploadsInProgress()).toBe(0);
  });
});
