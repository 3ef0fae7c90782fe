import { createUser } from "#db/factories";
import { invoices, orders, receipts } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { createSession } from "~/services/auth/session.server";
import * as invoicesRoute from "../../../app/routes/api+/v1+/invoices._index";
import * as receiptsRoute from "../../../app/routes/api+/v1+/receipts._index";
import * as reportsRoute from "../../../app/routes/api+/v1+/reports+/get_reports_list";

const getDb = setupTestDatabase();

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

/** A user with `n` paid self-service orders, each with its invoice and receipt. */
async function userWithDocuments(n: number) {
  const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  const other = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  let number = 1000 + Math.floor(Math.random() * 1000) * 10;
  for (const owner of [user, other, user]) {
    for (let i = 0; i < (owner === other ? 2 : Math.ceil(n / 2)); i++) {
      const [order] = await getDb()
        .insert(orders)
        .values({
          userId: owner.id,
          kind: "self_service",
          status: "paid",
          items: [{ name: "Report" }] as never,
          subtotalMinor: 10000,
          totalMinor: 11900,
          paidAt: new Date(),
        })
        .returning();
      number += 1;
      await getDb().insert(invoices).values({ number, orderId: order!.id, userId: owner.id, totalMinor: 11900 });
      await getDb()
        .insert(receipts)
        .values({ number, orderId: order!.id, userId: owner.id, totalMinor: 11900, provider: "test" });
    }
  }
  return { user, auth: { Authorization: `Bearer ${await createSession(user.id)}` } };
}

async function get(
  route: { loader: unknown },
  path: string,
  query: Record<string, string>,
  headers: Record<string, string>,
) {
  const url = new URL(`http://localhost${apiUrl(path)}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await (route.loader as Loader)({ request: new Request(url, { headers }), params: {}, context: {} });
  return {
    status: res.status,
    link: res.headers.get("Link"),
    body: (await res.json()) as { has_more: boolean; results: Record<string, number>[]; code?: string; field?: string },
  };
}

describe("lists that grow page with a cursor", () => {
  for (const [name, route, path, key] of [
    ["invoices", invoicesRoute, API_PATHS.invoices, "number"],
    ["receipts", receiptsRoute, API_PATHS.receipts, "number"],
    ["reports", reportsRoute, API_PATHS.reportsList, "id"],
  ] as const) {
    it(`${name}: limit, starting_after and has_more walk the caller's own list, newest first, each item once`, async () => {
      const { auth } = await userWithDocuments(6);
      const all = await get(route, path, {}, auth);
      expect(all.status).toBe(200);
      expect(all.body.has_more).toBe(false);
      const keys = all.body.results.map((r) => r[key]!);
      expect(keys).toHaveLength(6);
      expect([...keys].sort((a, b) => b - a)).toEqual(keys);

      const seen: number[] = [];
      let after: number | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = await get(route, path, { limit: "4", ...(after ? { starting_after: String(after) } : {}) }, auth);
        expect(page.status).toBe(200);
        seen.push(...page.body.results.map((r) => r[key]!));
        if (!page.body.has_more) break;
        after = page.body.results.at(-1)![key];
      }
      expect(seen).toEqual(keys);

      expect(await get(route, path, { limit: "0" }, auth)).toMatchObject({
        status: 400,
        body: { code: "invalid_request", field: "limit" },
      });
      expect(await get(route, path, { limit: "101" }, auth)).toMatchObject({ status: 400, body: { field: "limit" } });
      expect(await get(route, path, { starting_after: "x" }, auth)).toMatchObject({
        status: 400,
        body: { field: "starting_after" },
      });
    });

    it(`${name}: a cursor that names no item of the caller's list is a 400, not the whole list; ending_before pages back; Link names the pages next to it`, async () => {
      const { auth } = await userWithDocuments(6);
      const keys = (await get(route, path, {}, auth)).body.results.map((r) => r[key]!);
      const foreign = Math.max(...keys) + 1_000_000;
      for (const cursor of ["starting_after", "ending_before"]) {
        expect(await get(route, path, { [cursor]: String(foreign) }, auth)).toMatchObject({
          status: 400,
          body: { code: "invalid_request", field: cursor },
        });
      }
      expect(
        await get(route, path, { starting_after: String(keys[1]), ending_before: String(keys[3]) }, auth),
      ).toMatchObject({ status: 400, body: { field: "ending_before" } });

      const second = await get(route, path, { limit: "2", starting_after: String(keys[1]) }, auth);
      expect(second.body.results.map((r) => r[key])).toEqual(keys.slice(2, 4));
      const links = Object.fromEntries([...second.link!.matchAll(/<([^>]+)>; rel="(\w+)"/g)].map((m) => [m[2], m[1]]));
      expect(links.next).toBe(`${apiUrl(path)}?limit=2&starting_after=${keys[3]}`);
      expect(links.prev).toBe(`${apiUrl(path)}?limit=2&ending_before=${keys[2]}`);

      const back = await get(route, path, { limit: "2", ending_before: String(keys[2]) }, auth);
      expect({ keys: back.body.results.map((r) => r[key]), has_more: back.body.has_more }).toEqual({
        keys: keys.slice(0, 2),
        has_more: false,
      });
      const backMore = await get(route, path, { limit: "1", ending_before: String(keys[2]) }, auth);
      expect({ keys: backMore.body.results.map((r) => r[key]), has_more: backMore.body.has_more }).toEqual({
        keys: [keys[1]],
        has_more: true,
      });
      expect((await get(route, path, {}, auth)).link).toBeNull();
    });
  }
});
