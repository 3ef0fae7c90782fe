import { API_ERROR_CODES, apiErrorCodeForStatus } from "./api-errors";

describe("the code an error answer gets from its status", () => {
  it("gives a 422 the code of an invalid request: only a reused idempotency key names idempotency_key_reused", () => {
    expect(apiErrorCodeForStatus(422)).toBe("invalid_request");
  });

  it("gives each status a code whose meaning fits it", () => {
    expect(apiErrorCodeForStatus(400)).toBe("invalid_request");
    expect(apiErrorCodeForStatus(409)).toBe("conflict");
    expect(apiErrorCodeForStatus(500)).toBe("server_error");
    expect(apiErrorCodeForStatus(503)).toBe("service_unavailable");
    for (const status of [400, 401, 402, 403, 404, 405, 409, 413, 415, 422, 429, 500, 503])
      expect(Object.hasOwn(API_ERROR_CODES, apiErrorCodeForStatus(status))).toBe(true);
  });
});
