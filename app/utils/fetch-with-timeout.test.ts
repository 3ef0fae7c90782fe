import { API_PATHS, apiUrl, requestTimeoutMs } from "~/domain/api/api-paths";
import {
  API_TIMEOUT_MS,
  navigationTimeoutMs,
  REQUEST_TIMEOUT_MESSAGE,
  UPLOAD_PREVIEW_TIMEOUT_MS,
} from "~/domain/http/requests/request-timing";
import { postJson } from "~/components/forms/public-api-submit";
import { fetchWithTimeout, RequestTimeoutError } from "./fetch-with-timeout";

/** A fetch that never answers unless aborted, as a stalled server would. */
function stalledFetch() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      }),
  );
}

describe("client request timeouts", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("gives data requests 10 s, upload previews 30 s and report-stat calls none", () => {
    expect(requestTimeoutMs(apiUrl(API_PATHS.riskCountries))).toBe(API_TIMEOUT_MS);
    expect(API_TIMEOUT_MS).toBe(10_000);
    expect(requestTimeoutMs(`${apiUrl(API_PATHS.uploadPreview)}?x=1`)).toBe(30_000);
    expect(requestTimeoutMs(apiUrl(API_PATHS.requestPreview))).toBe(UPLOAD_PREVIEW_TIMEOUT_MS);
    expect(requestTimeoutMs(apiUrl(API_PATHS.uploadIntensity))).toBeNull();
    expect(navigationTimeoutMs({ formEncType: "multipart/form-data", pathname: "/dashboard/xls" })).toBe(30_000);
    expect(navigationTimeoutMs({ formEncType: "application/x-www-form-urlencoded", pathname: "/dashboard" })).toBe(
      10_000,
    );
    expect(
      navigationTimeoutMs({
        formEncType: "application/x-www-form-urlencoded",
        formMethod: "POST",
        pathname: "/dashboard/scan",
      }),
    ).toBeNull();
    expect(navigationTimeoutMs({ pathname: "/dashboard/scan" })).toBe(10_000);
  });

  it("aborts a stalled request at its timeout and says it timed out", async () => {
    vi.useFakeTimers();
    const fetchMock = stalledFetch();
    vi.stubGlobal("fetch", fetchMock);
    const pending = fetchWithTimeout(apiUrl(API_PATHS.riskCountries));
    const outcome = pending.then(
      () => "answered",
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(RequestTimeoutError);
  });

  it("an upload preview still runs at 10 s and is aborted at 30 s", async () => {
    vi.useFakeTimers();
    const fetchMock = stalledFetch();
    vi.stubGlobal("fetch", fetchMock);
    const outcome = fetchWithTimeout(apiUrl(API_PATHS.uploadPreview)).then(
      () => "answered",
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 1);
    expect(fetchMock.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(UPLOAD_PREVIEW_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(RequestTimeoutError);
  });

  it("a public form whose request stalls answers with the timeout message", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", stalledFetch());
    const result = postJson(apiUrl(API_PATHS.getEmail), { email: "a@b.co" });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    expect(await result).toEqual({ ok: false, body: { error: REQUEST_TIMEOUT_MESSAGE } });
  });
});
