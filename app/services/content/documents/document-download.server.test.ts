import { TOAST_COOKIE_NAME } from "~/domain/forms/toast";
import { documentDownloadResponse, DOWNLOAD_FAILED_MESSAGE } from "./document-download.server";
import { buildDocument } from "./documents.server";
import { NotFoundError } from "../../http/errors.server";
import { getOwnedReportFile } from "../../reports/files.server";
import { reportFileDownload } from "../../reports/downloads.server";
import { readToast } from "../../http/forms/toast.server";

vi.mock("./documents.server", () => ({ buildDocument: vi.fn() }));
vi.mock("../../reports/files.server", () => ({ getOwnedReportFile: vi.fn(), reportFileResponse: vi.fn(), listReportFiles: vi.fn() }));

function flashedToast(response: Response) {
  const cookie = response.headers.get("Set-Cookie") ?? "";
  expect(cookie).toContain(`${TOAST_COOKIE_NAME}=`);
  return readToast(new Request("http://x/", { headers: { Cookie: cookie.split(";")[0]! } })).toast;
}

describe("a download that fails", () => {
  it("goes back to the page it was clicked on with an error toast, not a text 500", async () => {
    vi.mocked(buildDocument).mockRejectedValueOnce(new Error("disk full"));
    const request = new Request("http://x/downloads/methodology.pdf", { headers: { Referer: "http://x/dashboard/account?tab=1" } });
    const response = await documentDownloadResponse(request, "methodology");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/account?tab=1");
    expect(flashedToast(response)).toMatchObject({ type: "error", description: DOWNLOAD_FAILED_MESSAGE });
  });

  it("without a referrer it lands on the fallback page; a foreign referrer only lends its path", async () => {
    vi.mocked(buildDocument).mockRejectedValue(new Error("disk full"));
    const bare = await documentDownloadResponse(new Request("http://x/downloads/pricing-list.pdf"), "pricing");
    expect(bare.headers.get("Location")).toBe("/");
    const foreign = await documentDownloadResponse(
      new Request("http://x/downloads/pricing-list.pdf", { headers: { Referer: "https://evil.example//evil.example/x" } }),
      "pricing",
    );
    expect(foreign.headers.get("Location")).toBe("/");
  });

  it("a report file that is gone says so in a toast on the list page", async () => {
    vi.mocked(getOwnedReportFile).mockRejectedValueOnce(new NotFoundError());
    const id = "0b6c3f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f";
    const response = await reportFileDownload(new Request(`http://x/dashboard/report-files/${id}.pdf`), "user-1", `${id}.pdf`);
    expect(response.headers.get("Location")).toBe("/dashboard/pdf");
    expect(flashedToast(response)).toMatchObject({ type: "error", description: new NotFoundError().message });
  });
});
