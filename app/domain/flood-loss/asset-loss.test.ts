import { assetFloodLoss, portfolioFloodTotals } from "./asset-loss";

describe("assetFloodLoss", () => {
  const depths = [
    { returnPeriod: 2, depthM: 0 },
    { returnPeriod: 10, depthM: 0.5 },
    { returnPeriod: 100, depthM: 1 },
    { returnPeriod: 1000, depthM: 2 },
  ];
  it("turns depths into damage ratios, EAD and EUR, recomputed by hand", () => {
    const r = assetFloodLoss(depths, {
      occupancy: "residential",
      continent: "europe",
      protectionYears: 2,
      valueEur: 1_000_000,
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.loss.perReturnPeriod.map((p) => p.damageRatio)).toEqual([0, 0.25, 0.4, 0.6]);
    // Cut at p = 0.5 (D = 0): (0+0.25)/2·0.4 + (0.25+0.4)/2·0.09 + (0.4+0.6)/2·0.009 + 0.6·0.001 = 0.08435.
    expect(r.loss.ead.ead).toBeCloseTo(0.08435, 12);
    expect(r.loss.eadEur).toBeCloseTo(84_350, 6);
    expect(r.loss.damageRatio100).toBe(0.4);
    expect(r.loss.loss100Eur).toBeCloseTo(400_000, 6);
  });
  it("says when the report has no function, or the layers no value", () => {
    expect(assetFloodLoss(depths, { occupancy: "commercial", continent: "africa", protectionYears: 2 })).toMatchObject({
      ok: false,
      reason: "no-curve",
    });
    expect(
      assetFloodLoss([{ returnPeriod: 100, depthM: null }], {
        occupancy: "residential",
        continent: "europe",
        protectionYears: 2,
      }),
    ).toMatchObject({
      ok: false,
      reason: "no-depths",
    });
  });
  it("leaves EUR empty without a value, and totals add EAD but label the 1-in-100 sum", () => {
    const a = assetFloodLoss(depths, {
      occupancy: "residential",
      continent: "europe",
      protectionYears: 2,
      valueEur: 2_000_000,
    });
    const b = assetFloodLoss(depths, {
      occupancy: "industrial",
      continent: "europe",
      protectionYears: 2,
      valueEur: null,
    });
    if (!a.ok || !b.ok) throw new Error("expected losses");
    expect(b.loss.eadEur).toBeNull();
    const t = portfolioFloodTotals([a.loss, b.loss, null]);
    expect(t).toMatchObject({ assets: 3, assetsWithLoss: 1, valueEur: 2_000_000 });
    expect(t.eadEur).toBeCloseTo(168_700, 6);
    expect(t.sumLoss100Eur).toBeCloseTo(800_000, 6);
    expect(t.note).toMatch(/not the portfolio's 1-in-100-year loss/);
  });
});
