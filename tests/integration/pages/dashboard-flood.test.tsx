/**
 * The dashboard's flood-loss view on the real path: Aqueduct-named test rasters fetched by `layers:fetch --from`
 * into the layer store, read at the chosen point, shown as tables in the server-drawn page (no JavaScript needed),
 * with EUR that this test recomputes by hand.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import FloodLossSection from "~/components/dashboard/flood/flood-loss-section";
import { SESSION_COOKIE_NAME } from "~/domain/auth/auth";
import { DEPTH_DAMAGE_TABLE } from "~/domain/flood-loss/depth-damage-functions";
import { NO_DEPTH_LAYER } from "~/domain/flood-loss/messages";
import { formatPixelSize } from "~/domain/flood-loss/point-view";
import { formatWholeAmount } from "~/domain/commerce/invoicing/money";
import { fetchAqueductTestLayers, type AqueductTestLayers } from "../../support/aqueduct-fixture";
import { createSession } from "~/services/auth/session.server";
import * as dashboard from "../../../app/routes/dashboard+/_index";

const getDb = setupTestDatabase();
const COLOGNE = { lat: 50.94, lon: 6.96 };
// 1-in-2 … 1-in-1000: 0.5 m reached at 1-in-10 (high), 1 m at 1-in-100.
const RIVER = { 2: 0, 5: 0.2, 10: 0.5, 25: 0.5, 50: 1, 100: 1, 250: 1.5, 500: 2, 1000: 2 } as Record<number, number>;

let layers: AqueductTestLayers;
const before = process.env.LAYERS_DIR;
beforeAll(async () => {
  layers = await fetchAqueductTestLayers({
    river: [{ ...COLOGNE, depths: RIVER }],
    coastal: [],
    bbox: [0, 45, 15, 55],
  });
  process.env.LAYERS_DIR = layers.dir;
}, 120_000);
afterAll(() => {
  if (before === undefined) delete process.env.LAYERS_DIR;
  else process.env.LAYERS_DIR = before;
  layers.remove();
});

async function load(search: string) {
  const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  const cookie = `${SESSION_COOKIE_NAME}=${await createSession(user.id)}`;
  const res = (await dashboard.loader({
    request: new Request(`http://localhost/dashboard${search}`, { headers: { Cookie: cookie } }),
    params: {},
    context: {},
  })) as Response;
  expect(res.status).toBe(200);
  return (await res.json()) as { flood: Parameters<typeof FloodLossSection>[0]["flood"] };
}

/** EAD by hand, protection 1-in-2: the depths sit on the table's own depths except 0.2 m (Float32 in the map). */
function eadByHand(row: readonly number[]): number {
  const f = (d: number) => (d === 0.2 ? (row[1]! * Math.fround(0.2)) / 0.5 : row[[0, 0.5, 1, 1.5, 2].indexOf(d)]!);
  const rp = [2, 5, 10, 25, 50, 100, 250, 500, 1000];
  let ead = 0;
  for (let i = 1; i < rp.length; i++)
    ead += ((f(RIVER[rp[i - 1]!]!) + f(RIVER[rp[i]!]!)) / 2) * (1 / rp[i - 1]! - 1 / rp[i]!);
  return ead + f(2) / 1000;
}

describe("/dashboard flood-loss view", () => {
  it("shows depth, damage and EUR per return period, the expected annual loss and the curve, for the point and value asked", async () => {
    const d = await load(
      `?lat=${COLOGNE.lat}&lon=${COLOGNE.lon}&scenario=rcp26&period=2040&flood_occupancy=residential&flood_value_eur=400000`,
    );
    expect(d.flood).not.toBeNull();
    const [hist, future] = d.flood!.slots;
    expect(future!.unpublished).toMatch(/^not available for RCP2.6 2040: WRI Aqueduct Floods publishes/);
    const river = hist!.river!;
    if (!river.available || !river.loss.ok) throw new Error("a river loss was expected");
    const row = DEPTH_DAMAGE_TABLE.residential.europe!;
    expect(river.loss.ead_eur).toBeCloseTo(eadByHand(row) * 400_000, 2);
    expect(river.level.level).toBe("high");
    expect(hist!.coastal).toMatchObject({ available: true, loss: { ok: true, ead_eur: 0 } });

    const html = renderToStaticMarkup(<FloodLossSection flood={d.flood} />);
    expect(html).toContain("Flood depth and money at risk");
    expect(html).toContain(
      '<th scope="row" class="font-normal">1-in-100 years</th><td class="whitespace-nowrap">1.00 m</td>',
    );
    // Losses in whole euros, never split across lines.
    expect(html).toContain(`<td class="whitespace-nowrap">${formatWholeAmount(row[2]! * 400_000)} EUR</td>`);
    expect(html).toContain(`${formatWholeAmount(river.loss.ead_eur!)} EUR a year`);
    expect(html).toContain(`${formatPixelSize(river.resolution_deg[0]!)} pixels`);
    expect(html).not.toMatch(/\d\.\d{5,}°/);
    expect(html).toContain("floods more frequent than 1-in-2 years do no damage");
    expect(html).toContain('<form method="get" action="/dashboard"');
    expect(html).toContain('<input type="hidden" name="scenario" value="rcp26"/>');
  });

  it("outside the layers: not available, never a figure; a bad value is said and the ratios still shown", async () => {
    const d = await load(`?lat=40.42&lon=-3.70&flood_value_eur=lots`);
    const html = renderToStaticMarkup(<FloodLossSection flood={d.flood} />);
    expect(d.flood!.slots[0]!.river).toMatchObject({ available: false, message: NO_DEPTH_LAYER });
    expect(html).toContain(NO_DEPTH_LAYER);
    expect(html).toContain("Enter the asset&#x27;s value in EUR as a number");
    expect(html).not.toContain(" EUR</td>");
  });
});
