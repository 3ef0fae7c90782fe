import { describeError, ERROR_MESSAGES } from "./errors";

describe("describeError", () => {
  it("uses the spec's 404 text for missing pages", () => {
    expect(describeError({ status: 404, statusText: "Not Found", data: null })).toEqual({
      status: 404,
      message: ERROR_MESSAGES.notFound,
    });
  });
  it("keeps an explicit message from the response", () => {
    expect(describeError({ status: 403, statusText: "", data: { message: "No access" } })).toEqual({
      status: 403,
      message: "No access",
    });
  });
  it("defaults to 500 for thrown errors and never leaks their text", () => {
    expect(describeError(new Error("db password is hunter2"))).toEqual({
      status: 500,
      message: ERROR_MESSAGES.unexpected,
    });
  });
  it("falls back to the default message for other statuses", () => {
    expect(describeError({ status: 418, statusText: "", data: undefined }).message).toBe(ERROR_MESSAGES.defaultMessage);
  });
});

describe("router errors never show framework internals", () => {
  it("a POST to a route without an action is a 405 with our message", async () => {
    const { UNSAFE_ErrorResponseImpl: ErrorResponseImpl } = await import("@remix-run/router");
    const error = new ErrorResponseImpl(
      405,
      "Method Not Allowed",
      new Error(
        'You made a POST request to "/" but did not provide an `action` for route "routes/_public+/_index", so there is no way to handle the request.',
      ),
      true,
    );
    expect(describeError(error)).toEqual({ status: 405, message: ERROR_MESSAGES.methodNotAllowed });
  });
});
