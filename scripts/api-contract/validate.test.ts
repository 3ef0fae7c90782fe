import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "~/domain/api/openapi";
import { riskdbEndpoints, riskdbResponse } from "~/services/api/risk-data-api.server";
import { createContractValidator, type Exchange } from "./validate";
import { BATCH_CSV_HEADER } from "~/domain/api/params/batch-csv";
import { datasetsAtomResponse } from "~/services/api/webhooks-api.server";

const doc = buildOpenApiDocument("http://localhost");
const validator = createContractValidator(doc);

/** A real answer of GET /api/riskdb/scenarios, as the route gives it. */
async function scenariosAnswer(): Promise<Exchange> {
  const response = await riskdbResponse(
    riskdbEndpoints.scenarios,
    new Request("http://localhost/api/riskdb/scenarios"),
  );
  return {
    method: "GET",
    path: "/api/riskdb/scenarios",
    status: response.status,
    contentType: response.headers.get("Content-Type"),
    body: await response.text(),
  };
}

describe("the API contract check", () => {
  it("accepts a route's answer as it is", async () => {
    expect(validator.check(await scenariosAnswer())).toEqual({ kind: "valid", operation: "riskScenarios" });
  });

  it("reports a field the document does not list, at the top level or nested, and names it", async () => {
    const answer = await scenariosAnswer();
    const body = JSON.parse(answer.body!);
    const top = validator.check({ ...answer, body: JSON.stringify({ ...body, debug: { took_ms: 3 } }) });
    expect(top.kind).toBe("mismatch");
    expect(JSON.stringify(top)).toContain("debug");
    body.scenarios[0].internal_id = 7;
    const nested = validator.check({ ...answer, body: JSON.stringify(body) });
    expect(nested.kind).toBe("mismatch");
    expect(JSON.stringify(nested)).toContain("internal_id");
  });

  it("checks a streamed NDJSON answer line by line and names the line at fault", () => {
    const header = {
      status: "ok",
      dataset_version: "v1",
      methodology_version: "1.0",
      slots: [{ scenario: "hist", period: "hist", warming_c: null }],
      count: 1,
    };
    const item = { index: 0, id: null, status: "error", code: "at_sea", error: "The point is at sea" };
    const answer = {
      method: "POST",
      path: "/api/v1/hazards/batch",
      status: 200,
      contentType: "application/x-ndjson; charset=utf-8",
    };
    const body = (lines: unknown[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
    expect(validator.check({ ...answer, body: body([header, item]) })).toEqual({
      kind: "valid",
      operation: "hazardsBatch",
    });
    const bad = validator.check({ ...answer, body: body([header, { ...item, code: "on_the_moon" }]) });
    expect(bad.kind).toBe("mismatch");
    expect(JSON.stringify(bad)).toContain("line 2");
  });

  it("checks a CSV answer by its documented header row, and a report file by its documented media type", () => {
    const answer = {
      method: "POST",
      path: "/api/v1/hazards/batch",
      status: 200,
      contentType: "text/csv; charset=utf-8; header=present",
    };
    expect(validator.check({ ...answer, body: `${BATCH_CSV_HEADER}\r\n0,a,ok\r\n` })).toEqual({
      kind: "valid",
      operation: "hazardsBatch",
    });
    expect(validator.check({ ...answer, body: "index,id\r\n0,a\r\n" }).kind).toBe("mismatch");
    const file = { method: "GET", path: "/api/v1/reports/7/file", status: 200, body: "%PDF-1.7 …" };
    expect(validator.check({ ...file, contentType: "application/pdf" })).toEqual({
      kind: "valid",
      operation: "reportFile",
    });
    expect(validator.check({ ...file, contentType: "text/html" }).kind).toBe("mismatch");
    const refused = { success: false, error: "Too many requests", code: "rate_limited", request_id: "r1" };
    expect(
      validator.check({ ...file, status: 429, contentType: "application/json", body: JSON.stringify(refused) }),
    ).toEqual({ kind: "valid", operation: "reportFile" });
  });

  it("checks an Atom answer as well-formed XML with the documented root element", async () => {
    const response = datasetsAtomResponse({ request: new Request("http://localhost/api/v1/datasets.atom") } as never);
    const answer = {
      method: "GET",
      path: "/api/v1/datasets.atom",
      status: 200,
      contentType: response.headers.get("Content-Type"),
    };
    const feed = await response.text();
    expect(validator.check({ ...answer, body: feed })).toEqual({ kind: "valid", operation: "datasetsAtom" });
    const broken = validator.check({ ...answer, body: feed.replace("</feed>", "") });
    expect(broken.kind).toBe("mismatch");
    expect(JSON.stringify(broken)).toContain("not well-formed XML");
    const rss = validator.check({ ...answer, body: '<?xml version="1.0"?><rss version="2.0"></rss>' });
    expect(JSON.stringify(rss)).toContain("the root element is rss, not feed http://www.w3.org/2005/Atom");
    expect(validator.check({ ...answer, body: '{"status":"ok"}' }).kind).toBe("mismatch");
  });

  it("reports a wrong type, an undocumented status, a missing body and an undocumented operation", async () => {
    const answer = await scenariosAnswer();
    expect(validator.check({ ...answer, body: JSON.stringify({ status: "ok", scenarios: {} }) }).kind).toBe("mismatch");
    expect(validator.check({ ...answer, status: 418 })).toMatchObject({
      kind: "mismatch",
      errors: ["status 418 is not documented"],
    });
    expect(validator.check({ ...answer, contentType: "text/html", body: "<p>hi</p>" }).kind).toBe("mismatch");
    expect(validator.check({ ...answer, method: "PATCH", path: "/api/riskdb/new_thing", status: 200 }).kind).toBe(
      "mismatch",
    );
  });

  it("matches path templates and the spec's trailing slashes, and leaves 404/405 answers of unknown calls aside", () => {
    const item = {
      method: "GET",
      path: "/api/v1/faq/item/3/",
      status: 404,
      contentType: "application/json",
      body: JSON.stringify({
        success: false,
        error: "This page could not be found",
        code: "not_found",
        request_id: "req_1",
      }),
    };
    expect(validator.check(item)).toEqual({ kind: "valid", operation: "faqItem" });
    expect(
      validator.check({
        ...item,
        path: "/api/v1/nothing",
        status: 404,
        body: JSON.stringify({ success: false, error: "No API endpoint at /api/v1/nothing" }),
      }).kind,
    ).toBe("outside");
    expect(
      validator.check({
        ...item,
        method: "DELETE",
        path: "/api/v1/faq/",
        status: 405,
        body: JSON.stringify({ success: false, error: "Method DELETE is not allowed" }),
      }).kind,
    ).toBe("outside");
  });

  it("fails the CI step (exit 1) when a recorded answer carries an undocumented field", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-contract-"));
    try {
      const answer = await scenariosAnswer();
      const docFile = path.join(dir, "openapi.json");
      fs.writeFileSync(docFile, JSON.stringify(doc));
      const bad = { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body!), undocumented: true }) };
      fs.writeFileSync(path.join(dir, "answers-1.ndjson"), `${JSON.stringify(answer)}\n${JSON.stringify(bad)}\n`);
      const run = spawnSync(
        process.execPath,
        ["--import", "tsx", "scripts/api-contract/check.ts", dir, "--doc", docFile],
        { encoding: "utf8" },
      );
      expect(run.status, run.stderr).toBe(1);
      expect(run.stdout).toContain("2 answers recorded, 1 valid");
      expect(run.stdout).toContain("undocumented");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
