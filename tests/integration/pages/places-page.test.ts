/** /dashboard/places: the no-JavaScript result page's loader, which also answers the combobox's ?_data requests. */
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { SESSION_COOKIE_NAME } from "~/domain/auth/auth";
import { createSession } from "~/services/auth/session.server";
import * as places from "../../../app/routes/dashboard+/places";

const getDb = setupTestDatabase();

async function call(search: string, cookie?: string): Promise<Response> {
  const request = new Request(`http://localhost/dashboard/places${search}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    return await places.loader({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("/dashboard/places loader", () => {
  it("lists matching places as /dashboard links that keep the scenario and period", async () => {
    const user = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    const cookie = `${SESSION_COOKIE_NAME}=${await createSession(user.id)}`;
    const res = await call("?q=lon&scenario=rcp85&period=2050&location_code=ES", cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { q: string; tooShort: boolean; results: { label: string; href: string }[] };
    expect(body.tooShort).toBe(false);
    expect(body.results).toHaveLength(8);
    expect(body.results[0]).toMatchObject({
      label: "London, United Kingdom",
      href: "/dashboard?scenario=rcp85&period=2050&lat=51.5085&lon=-0.1257",
    });

    const short = (await (await call("?q=l", cookie)).json()) as { tooShort: boolean; results: unknown[] };
    expect(short).toMatchObject({ tooShort: true, results: [] });
    const few = (await (await call("?q=sao+paulo&limit=1", cookie)).json()) as { results: { label: string }[] };
    expect(few.results.map((r) => r.label)).toEqual(["São Paulo, Brazil"]);
  });

  it("sends a visitor who is not signed in to the login page", async () => {
    const res = await call("?q=lon");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/dashboard\/login/);
  });
});
