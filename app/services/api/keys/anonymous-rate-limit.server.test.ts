import { ANONYMOUS_REQUESTS_PER_MINUTE } from "~/domain/api/keys/api-limits";
import {
  AnonymousRateLimitError,
  resetAnonymousCountsForTesting,
  takeAnonymousRequest,
} from "./anonymous-rate-limit.server";

const T0 = Date.parse("2026-11-29T04:00:05Z");

describe("the anonymous limit counts an IPv6 /64 as one address", () => {
  beforeEach(() => resetAnonymousCountsForTesting());

  it("refuses the next request from anywhere in a /64 whose addresses together used the minute's allowance", () => {
    for (let i = 0; i < ANONYMOUS_REQUESTS_PER_MINUTE; i++)
      takeAnonymousRequest(`2001:db8:aa:bb::${(i + 1).toString(16)}`, T0);
    expect(() => takeAnonymousRequest("2001:db8:aa:bb:1234:5678:9abc:def0", T0)).toThrow(AnonymousRateLimitError);
    expect(takeAnonymousRequest("2001:db8:aa:bc::1", T0)?.remaining).toBe(ANONYMOUS_REQUESTS_PER_MINUTE - 1);
    expect(takeAnonymousRequest("203.0.113.5", T0)?.remaining).toBe(ANONYMOUS_REQUESTS_PER_MINUTE - 1);
  });
});
