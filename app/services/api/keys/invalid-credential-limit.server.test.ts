import { INVALID_CREDENTIALS_MESSAGE, INVALID_CREDENTIALS_PER_MINUTE } from "~/domain/api/keys/api-limits";
import { UNKNOWN_CLIENT } from "~/domain/http/client-address";
import { TooManyRequestsError } from "../../http/errors.server";
import {
  assertCredentialAttemptsLeft,
  countInvalidCredential,
  resetInvalidCredentialCountsForTesting,
} from "./invalid-credential-limit.server";

const T0 = Date.parse("2026-11-29T04:00:05Z");

describe("invalid Bearer credentials are throttled per address", () => {
  beforeEach(() => resetInvalidCredentialCountsForTesting());

  it(`refuses an address's credentials before any lookup after ${INVALID_CREDENTIALS_PER_MINUTE} bad ones in a minute, until the next minute`, () => {
    for (let i = 0; i < INVALID_CREDENTIALS_PER_MINUTE; i++) {
      assertCredentialAttemptsLeft("203.0.113.9", T0);
      countInvalidCredential("203.0.113.9", T0);
    }
    let refusal: unknown;
    try {
      assertCredentialAttemptsLeft("203.0.113.9", T0 + 1_000);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    expect((refusal as TooManyRequestsError).message).toBe(INVALID_CREDENTIALS_MESSAGE);
    expect((refusal as TooManyRequestsError).retryAfterSeconds).toBe(54);
    expect((refusal as TooManyRequestsError).code).toBe("rate_limited");
    // another address is not held back; the next minute starts afresh
    expect(() => assertCredentialAttemptsLeft("203.0.113.10", T0)).not.toThrow();
    expect(() => assertCredentialAttemptsLeft("203.0.113.9", T0 + 60_000)).not.toThrow();
  });

  it("counts an IPv6 /64 as one address, and never the unknown client", () => {
    for (let i = 0; i < INVALID_CREDENTIALS_PER_MINUTE; i++)
      countInvalidCredential(`2001:db8:0:1::${(i + 1).toString(16)}`, T0);
    expect(() => assertCredentialAttemptsLeft("2001:db8:0:1:ffff::1", T0)).toThrow(TooManyRequestsError);
    expect(() => assertCredentialAttemptsLeft("2001:db8:0:2::1", T0)).not.toThrow();
    for (let i = 0; i < 100; i++) countInvalidCredential(UNKNOWN_CLIENT, T0);
    expect(() => assertCredentialAttemptsLeft(UNKNOWN_CLIENT, T0)).not.toThrow();
  });
});
