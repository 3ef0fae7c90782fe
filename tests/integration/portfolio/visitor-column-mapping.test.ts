/**
 * The column-mapping step on the visitors' preview page (/products/portfolio-preview): a plain form, so it works
 * without script; the upload is named by its id and the access token its preview answered with.
 */
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { POINT_PRECISION } from "~/domain/portfolio/columns/row-place";
import { ingestUpload } from "~/services/portfolio/upload/uploads.server";
import * as page from "../../../app/routes/_public+/products+/portfolio-preview";

const getDb = setupTestDatabase();

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;
const URL_ = "http://localhost/products/portfolio-preview";

const CSV = [
  "Schlüssel;Titel;Anschrift Objekt;Staat/Land;Summe;lat;lon",
  "K-1;Büro Köln;Hohe Straße 1, 50667 Köln;Deutschland;1.000.000,00;50,9375;6,9603",
  "K-2;Entrepôt Marseille;;Frankreich;2.000.000,00;5,3811;43,297",
  "K-3;Filiale Wien;Stephansplatz 1, 1010 Wien;Österreich;500.000,00;;",
].join("\n");

interface Answer {
  preview: {
    upload_id: string;
    access_token: string;
    columns: string[];
    detected: Record<string, unknown>;
    valid_locations: number;
    placed: { row: number; id: string | null; reason: string }[];
  } | null;
  error: string | null;
}

async function post(body: FormData | URLSearchParams, address: string): Promise<{ status: number; body: Answer }> {
  const res = await (page.action as Handler)({
    request: new Request(URL_, { method: "POST", body, headers: { "X-Forwarded-For": address } }),
    params: {},
    context: { remoteAddress: address },
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

function upload(csv: string) {
  const form = new FormData();
  form.set("file", new File([csv], "bestand.csv", { type: "text/csv" }));
  return form;
}

function mapping(p: NonNullable<Answer["preview"]>, roles: Record<string, string>) {
  return new URLSearchParams({ upload_id: p.upload_id, access_token: p.access_token, ...roles });
}

describe("the visitors' preview page has the column-mapping step", () => {
  it("a visitor chooses id, name, address, country and value; the file is read again with them", async () => {
    const first = await post(upload(CSV), "203.0.113.7");
    expect(first.status).toBe(200);
    const p = first.body.preview!;
    expect(p.detected).toMatchObject({ id: null, name: null, country: null, address: null });
    expect(p.valid_locations).toBe(2);

    const page2 = await post(
      mapping(p, { column_id: "0", column_name: "1", column_address: "2", column_country: "3", column_value: "4" }),
      "203.0.113.7",
    );
    expect(page2.status).toBe(200);
    expect(page2.body.preview!.detected).toMatchObject({
      id: "Schlüssel",
      name: "Titel",
      address: "Anschrift Objekt",
      country: "Staat/Land",
      value: "Summe",
    });
    expect(page2.body.preview!.valid_locations).toBe(3);
    expect(page2.body.preview!.placed).toEqual([
      { row: 3, id: "K-2", reason: POINT_PRECISION.swapped },
      { row: 4, id: "K-3", reason: `${POINT_PRECISION.city}: Vienna, AT (postcode 1010; placed at the city)` },
    ]);
  });

  it("refuses a wrong token, an account's upload and a column number that is not one", async () => {
    const p = (await post(upload(CSV), "203.0.113.8")).body.preview!;
    expect(
      (await post(mapping({ ...p, access_token: "not-the-token" }, { column_id: "0" }), "203.0.113.8")).status,
    ).toBe(404);
    expect((await post(mapping(p, { column_id: "zero" }), "203.0.113.8")).status).toBe(400);
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const own = await ingestUpload({
      fileName: "own.csv",
      data: (async function* () {
        yield Buffer.from(CSV);
      })(),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    expect(
      (
        await post(
          new URLSearchParams({ upload_id: own.upload_id, access_token: own.access_token, column_id: "0" }),
          "203.0.113.8",
        )
      ).status,
    ).toBe(403);
  });
});
