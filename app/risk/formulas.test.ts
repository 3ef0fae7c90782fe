import {
  HAZARD_FORMULAS,
  NOT_APPLICABLE,
  NO_DATA,
  aggregate,
  coldSpell,
  dayLengthHours,
  drought,
  heatIndex,
  extremeRainfall,
  heatWave,
  hotMonthRange,
  landslide,
  monthlyTemperatures,
  potentialEvap,
  precipitationChange,
  ramp,
  riverFlood,
  seaLevelRiseHazard,
  stormSurge,
  tcBasin,
  tropicalCyclone,
  wildfire,
  WF_CONTINENTAL_MAX,
  dryMonths,
  STEP,
  growingMonths,
  slotAridityIndex,
  slotPotentialEvap,
  PET_PER_C,
  extremeStillWaterM,
  highWaterM,
  landShareBelow,
  shoreBandShare,
  lowBandResolved,
  surgeHeightM,
  SURGE_TC_INLAND_KM,
  SURGE_INLAND_KM,
  SURGE_TC_M,
  tcCoastalExposure,
  LOW_LYING_M,
  LOW_PIXEL_M,
  COASTAL_VALUE_CAP,
  SS_SHARE_FULL,
  SURGE_BASE_M,
  SURGE_ETC_LAT,
  SURGE_ETC_M,
  SURGE_STEEP_SHARE,
  type CellInputs,
  LS_SLOPE_DEG,
  LS_STEEP_SLOPE_DEG,
  LS_STEEP_SLOPE_SCALE,
  REEF_ISLAND_TOP_M,
  lowTopM,
} from "./formulas";

const base: CellInputs = {
  lat: 45,
  lon: 10,
  elevMean: 200,
  elevMin: 100,
  relief: 200,
  slopeMean: 1,
  landShare: 1,
  lowShare: 0,
  tJul: 20,
  tDec: 2,
  pJul: 70,
  pDec: 70,
  coastKm: 300,
  floodplainShare: 0,
  upstreamKm2: 0,
  flowM3s: 0,
  tideM: NaN,
  coastalPlain: 0,
  population: 0,
  tHotOffset: 0,
  tColdOffset: 0,
  tMeanOffset: 0,
  sstMonths: 0,
  iceShare: 0,
  urbanShare: 0,
};
const cell = (o: Partial<CellInputs>): CellInputs => ({ ...base, ...o });
const hist = { dT: 0, slr: 0.2, hist: true };
const warm = (dT: number, slr = 0.4) => ({ dT, slr, hist: false });
const num = (v: unknown) => {
  expect(typeof v).toBe("number");
  return v as number;
};

describe("ramp", () => {
  it("clamps and works both ways", () => {
    expect(ramp(5, 0, 10)).toBe(0.5);
    expect(ramp(-1, 0, 10)).toBe(0);
    expect(ramp(11, 0, 10)).toBe(1);
    expect(ramp(-15, 0, -30)).toBe(0.5);
  });
});

describe("heat and cold", () => {
  it("HW thresholds 27 → 0, 42 → 1 on the hottest month's mean daily maximum", () => {
    // a dry hot month (≤ 10 mm) has a 16 °C day-night range, a wet one (≥ 200 mm) 7 °C
    // (far inland; sea air narrows the range by 40 % on the shore)
    expect(hotMonthRange(cell({ tJul: 30, pJul: 5, coastKm: 5000 }))).toBe(16);
    expect(hotMonthRange(cell({ tJul: 30, pJul: 300, coastKm: 5000 }))).toBe(7);
    expect(hotMonthRange(cell({ tJul: 30, pJul: 5, coastKm: 0 }))).toBeCloseTo(9.6, 6);
    expect(heatWave(cell({ tJul: 19, pJul: 5, coastKm: 5000 }), hist)).toBe(0);
    expect(heatWave(cell({ tJul: 34, pJul: 5, coastKm: 5000 }), hist)).toBe(1);
    expect(num(heatWave(cell({ tJul: 26.5, pJul: 5, coastKm: 5000 }), hist))).toBeCloseTo(0.5);
    expect(num(heatWave(cell({ tJul: 10, tDec: 26.5, pDec: 5, coastKm: 5000 }), hist))).toBeCloseTo(0.5);
    // the same mean month reads hotter in a desert than under a monsoon
    expect(num(heatWave(cell({ tJul: 29, pJul: 2 }), hist))).toBeGreaterThan(
      num(heatWave(cell({ tJul: 29, pJul: 350 }), hist)),
    );
  });
  it("HW rises and CS falls with warming (land amplification 1.45)", () => {
    const c = cell({ tJul: 30, tDec: -15 });
    expect(num(heatWave(c, warm(1)))).toBeCloseTo(num(heatWave(c, hist)) + 1.45 / 15);
    expect(num(coldSpell(c, warm(2)))).toBeLessThan(num(coldSpell(c, hist)));
    expect(coldSpell(cell({ tDec: -30 }), hist)).toBe(1);
    expect(coldSpell(cell({ tDec: 5 }), hist)).toBe(0);
  });
  it("no data when temperature is missing", () => {
    expect(heatWave(cell({ tJul: NaN }), hist)).toBe(NO_DATA);
    expect(coldSpell(cell({ tDec: NaN }), hist)).toBe(NO_DATA);
  });
});

describe("water hazards", () => {
  it("DR: arid high, humid low, rises with warming", () => {
    const desert = cell({ tJul: 34, tDec: 15, pJul: 1, pDec: 5 });
    const humid = cell({ tJul: 18, tDec: 6, pJul: 90, pDec: 100 });
    expect(num(drought(desert, hist))).toBeGreaterThan(0.8);
    expect(num(drought(humid, hist))).toBeLessThan(0.2);
    const semi = cell({ tJul: 28, tDec: 10, pJul: 15, pDec: 50 });
    expect(num(drought(semi, warm(2)))).toBeGreaterThanOrEqual(num(drought(semi, hist)));
  });
  it("PET by Thornthwaite: his fixed curve in the hot tropics, nothing below freezing, more with warming", () => {
    // 27 °C all year on the equator: 12 × (−415.85 + 32.24·27 − 0.43·27²) ≈ 1,694 mm before the day-length and
    // month-length corrections (12.1 h, 365/360 days)
    const tropical = potentialEvap(
      Array.from({ length: 12 }, () => 27),
      0,
    );
    expect(tropical).toBeGreaterThan(1694 * 1.0);
    expect(tropical).toBeLessThan(1694 * 1.05);
    expect(
      potentialEvap(
        Array.from({ length: 12 }, () => -5),
        60,
      ),
    ).toBe(0);
    // a temperate year (London-like): 5 to 17 °C gives ≈ 600-700 mm
    const temperate = monthlyTemperatures(cell({ lat: 51.5, tJul: 17, tDec: 6, tHotOffset: 0.5, tColdOffset: 1 }), 0);
    expect(Math.max(...temperate)).toBeCloseTo(17.5, 5);
    expect(Math.min(...temperate)).toBeCloseTo(5, 5);
    expect(temperate.indexOf(Math.max(...temperate))).toBe(6);
    const london = potentialEvap(temperate, 51.5);
    expect(london).toBeGreaterThan(550);
    expect(london).toBeLessThan(750);
    // warming is measured against the place's baseline heat index, so it always raises PET
    const londonIndex = heatIndex(temperate);
    expect(
      potentialEvap(
        monthlyTemperatures(cell({ lat: 51.5, tJul: 17, tDec: 6, tHotOffset: 0.5, tColdOffset: 1 }), 2),
        51.5,
        londonIndex,
      ),
    ).toBeGreaterThan(london);
    const gulf = monthlyTemperatures(cell({ lat: 29, tJul: 37, tDec: 17, tHotOffset: 0.5 }), 0);
    let previous = 0;
    for (const dT of [0, 1, 2, 3, 4, 6]) {
      const next = potentialEvap(
        gulf.map((t) => t + dT),
        29,
        heatIndex(gulf),
      );
      expect(next).toBeGreaterThanOrEqual(previous);
      previous = next;
    }
    // the southern summer peaks in January
    const south = monthlyTemperatures(cell({ lat: -34, tJul: 12, tDec: 22 }), 0);
    expect(south.indexOf(Math.max(...south))).toBe(0);
    expect(dayLengthHours(0, 80)).toBeCloseTo(12, 0);
    expect(dayLengthHours(70, 172)).toBe(24);
  });
  it("ER follows the wettest month with 7 %/°C", () => {
    expect(extremeRainfall(cell({ pJul: 60, pDec: 10 }), hist)).toBe(0);
    expect(extremeRainfall(cell({ pJul: 450 }), hist)).toBe(1);
    const c = cell({ pJul: 200 });
    expect(num(extremeRainfall(c, warm(2)))).toBeGreaterThan(num(extremeRainfall(c, hist)));
  });
  it("FD: a wide floodplain of a large river is high, at the coast too; no floodplain or a trickle is low", () => {
    const plain = cell({
      floodplainShare: 0.5,
      upstreamKm2: 500_000,
      flowM3s: 5000,
      relief: 20,
      pJul: 350,
      coastKm: 100,
    });
    expect(num(riverFlood(plain, hist))).toBeGreaterThan(0.8);
    // a delta on the coast drains the whole basin: the most exposed, not the least
    const delta = cell({
      floodplainShare: 0.4,
      upstreamKm2: 1_000_000,
      flowM3s: 20_000,
      relief: 10,
      pJul: 300,
      coastKm: 0,
    });
    expect(num(riverFlood(delta, hist))).toBeGreaterThan(0.8);
    // a desert river fed from wet highlands still floods its plain, a little less without local rain
    const nile = cell({
      floodplainShare: 0.3,
      upstreamKm2: 2_000_000,
      flowM3s: 2000,
      relief: 50,
      pJul: 5,
      pDec: 0,
      coastKm: 600,
    });
    expect(num(riverFlood(nile, hist))).toBeGreaterThanOrEqual(0.6);
    const sahara = cell({ pJul: 1, pDec: 2, relief: 300, coastKm: 800 });
    expect(num(riverFlood(sahara, hist))).toBeLessThan(0.2);
    const island = cell({ coastKm: 0, pJul: 300, relief: 100 });
    expect(num(riverFlood(island, hist))).toBeLessThan(0.2);
    // a wide flat plain along a trickle is not a river flood plain
    const trickle = cell({ floodplainShare: 0.6, upstreamKm2: 1200, flowM3s: 2, relief: 20, pJul: 200 });
    expect(num(riverFlood(trickle, hist))).toBeLessThan(0.2);
  });
  it("LS: steep, high-relief, wet terrain is high; plains are low", () => {
    expect(num(landslide(cell({ slopeMean: 8, relief: 3000, pJul: 400 }), hist))).toBeGreaterThan(0.9);
    // thresholds are on the 2′ slope scale: 4° (steep on the old 5′ grid) is only half-way now
    expect(num(landslide(cell({ slopeMean: 4, relief: 50, pJul: 400 }), hist))).toBeCloseTo(0.6 * (3 / 7), 2);
    expect(num(landslide(cell({ slopeMean: 0.2, relief: 50 }), hist))).toBeLessThan(0.05);
  });
  it("LS at a point: the steeper of its own slope and the slopes above it, each on its own ramp", () => {
    const floor = cell({ slopeMean: 0.5, relief: 50, pJul: 400 });
    const own = num(landslide(floor, hist));
    // steep sides within a pixel: their ramp is LS_SLOPE_DEG × LS_STEEP_SLOPE_SCALE
    const below = { ...floor, slopeSteep: (LS_STEEP_SLOPE_DEG[0] + LS_STEEP_SLOPE_DEG[1]) / 2 };
    expect(num(landslide(below, hist))).toBeCloseTo(0.6 * 0.5, 6);
    expect(num(landslide(below, hist))).toBeGreaterThan(own);
    // a slope no gentler than its own: a steepest slope on the larger scale never lowers a steep pixel
    const steep = cell({ slopeMean: 6, relief: 50, pJul: 400 });
    expect(num(landslide({ ...steep, slopeSteep: 6 }, hist))).toBeCloseTo(num(landslide(steep, hist)), 6);
    expect(LS_STEEP_SLOPE_DEG[0]).toBeCloseTo(LS_SLOPE_DEG[0] * LS_STEEP_SLOPE_SCALE, 9);
  });
  it("WF: hot dry summer with fuel is high; wet tropics low; desert low", () => {
    expect(num(wildfire(cell({ tJul: 28, pJul: 2, pDec: 80 }), hist))).toBeGreaterThan(0.8);
    expect(num(wildfire(cell({ tJul: 27, tDec: 27, pJul: 250, pDec: 250 }), hist))).toBe(0);
    expect(num(wildfire(cell({ tJul: 35, pJul: 0, pDec: 2 }), hist))).toBe(0);
  });
  it("WF needs a dry season, not one dry month", () => {
    // Gaussen: rain below twice the temperature. Equal months wetter than 2T are never dry; a desert always is
    expect(dryMonths(cell({ tJul: 27, tDec: 27, pJul: 250, pDec: 250 }), 0)).toBe(0);
    expect(dryMonths(cell({ tJul: 30, tDec: 20, pJul: 1, pDec: 2 }), 0)).toBe(12);
    // a sinusoid from 200 mm to 0 mm at a steady 25 °C (threshold 50 mm) is dry a third of the year: cos < −0.5
    expect(dryMonths(cell({ lat: 10, tJul: 25, tDec: 25, pJul: 200, pDec: 0 }), 0)).toBeCloseTo(4, 0);
    // a humid coast with one dry month (a short harmattan) stays low; a savanna with a long dry season is high
    const humid = cell({ lat: 6, tJul: 25, tDec: 27, pJul: 260, pDec: 60 });
    const savanna = cell({ lat: 12, tJul: 26, tDec: 22, pJul: 170, pDec: 1 });
    expect(num(wildfire(humid, hist))).toBeLessThan(0.2);
    expect(num(wildfire(savanna, hist))).toBeGreaterThan(0.6);
    // warming raises Gaussen's threshold, so the dry season can only lengthen
    expect(dryMonths(savanna, 3)).toBeGreaterThanOrEqual(dryMonths(savanna, 0));
    expect(num(wildfire(savanna, warm(1.9)))).toBeGreaterThanOrEqual(num(wildfire(savanna, hist)));
  });
  it("WF: a continental summer whose rain falls short of its evaporation burns without a dry month, a maritime one and the tundra do not", () => {
    // interior boreal (Yellowknife-like: 16 °C July, −27 °C winter, 35 mm July rain, 320 mm a year)
    const interior = cell({ lat: 62.4, tJul: 16, tDec: -27, pJul: 35, pDec: 18 });
    expect(dryMonths(interior, 0)).toBe(0);
    expect(num(wildfire(interior, hist))).toBeGreaterThanOrEqual(0.4);
    // the same summer with a maritime winter (annual range below WF_CONTINENTAL_RANGE_C) keeps damp fuels
    expect(num(wildfire({ ...interior, tDec: -5 }, hist))).toBe(0);
    // below the tree line's warmest month there is no forest to burn
    expect(num(wildfire({ ...interior, tJul: 8 }, hist))).toBe(0);
    // a wet continental summer (rain near its evaporation) does not dry the forest floor
    expect(num(wildfire({ ...interior, pJul: 120, pDec: 40 }, hist))).toBe(0);
    // never more than Severe, and never less with warming
    const driest = cell({ lat: 62, tJul: 19, tDec: -38, pJul: 20, pDec: 10 });
    expect(num(wildfire(driest, hist))).toBeLessThanOrEqual(WF_CONTINENTAL_MAX);
    expect(num(wildfire(interior, warm(1.9)))).toBeGreaterThanOrEqual(num(wildfire(interior, hist)));
  });
  it("PC is not applicable in the historical slot and grows with warming", () => {
    expect(precipitationChange(base, hist)).toBe(NOT_APPLICABLE);
    expect(num(precipitationChange(base, warm(1.9)))).toBeGreaterThan(num(precipitationChange(base, warm(1.0))));
  });
});

describe("hottest and coldest months", () => {
  it("the seasonal shape moves heat and cold beyond July and December", () => {
    const sahel = cell({ tJul: 29, tDec: 24 });
    expect(num(heatWave({ ...sahel, tHotOffset: 5 }, hist))).toBeCloseTo(ramp(34 + hotMonthRange(sahel) / 2, 27, 42));
    expect(num(heatWave({ ...sahel, tHotOffset: 5 }, hist))).toBeGreaterThan(num(heatWave(sahel, hist)));
    const steppe = cell({ tJul: 20, tDec: -15 });
    expect(num(coldSpell({ ...steppe, tColdOffset: 5 }, hist))).toBeCloseTo(ramp(-20, 0, -30));
    // an offset with no data leaves the July/December value
    expect(num(heatWave({ ...sahel, tHotOffset: NaN }, hist))).toBe(num(heatWave(sahel, hist)));
  });
});

describe("coastal hazards", () => {
  // a flat shore: sea in the cell (lowest ground at sea level), no slope narrowing its low land
  const coastal = cell({
    coastalPlain: 1,
    coastKm: 0,
    lowShare: 0.6,
    lat: 52,
    lon: 5,
    tideM: 2,
    elevMin: -5,
    slopeMean: 0.1,
    relief: 50,
  });
  it("SS and SL are not applicable inland (never a silent 1)", () => {
    expect(stormSurge(base, hist)).toBe(NOT_APPLICABLE);
    expect(seaLevelRiseHazard(base, warm(2))).toBe(NOT_APPLICABLE);
  });
  it("SS and SL rise with sea level", () => {
    expect(num(seaLevelRiseHazard(coastal, warm(1, 0.43)))).toBeGreaterThan(num(seaLevelRiseHazard(coastal, hist)));
    const someLow = { ...coastal, lowShare: 0.3 };
    expect(num(stormSurge(someLow, warm(1, 0.43)))).toBeGreaterThan(num(stormSurge(someLow, hist)));
    expect(num(stormSurge(coastal, hist))).toBeGreaterThan(0.5);
  });
  it("land begins at the high-tide line: no sea-level rise in 1950-1999, and the tide alone exposes no land", () => {
    for (const tideM of [0, 2, 6, 12]) {
      const shore = { ...coastal, lowShare: 1, tideM };
      expect(landShareBelow(shore, highWaterM(shore))).toBe(0);
      expect(seaLevelRiseHazard(shore, hist)).toBe(0);
      expect(num(seaLevelRiseHazard(shore, warm(2, 0.43)))).toBeGreaterThan(0);
    }
    // a larger tide narrows the band above it a little, but does not stand in for the surge
    const calm = num(stormSurge({ ...coastal, tideM: 0 }, hist));
    const tidal = num(stormSurge({ ...coastal, tideM: 8 }, hist));
    expect(tidal).toBeGreaterThan(calm);
    expect(tidal).toBeLessThan(calm * 1.7);
    // the rise above today's, on a flat shore all low: its share of the band from high water to 10 m
    const flat = { ...coastal, lowShare: 1 };
    expect(landShareBelow(flat, highWaterM(flat) + 0.23)).toBeCloseTo(0.23 / (LOW_LYING_M - 1), 6);
  });
  it("reef islands: all their land lies between high water and 4 m, so a small rise or surge covers much of it", () => {
    const reef = { ...coastal, lat: 4, lon: 73.5, lowShare: 1, slopeMean: 0, tideM: 1, lowTopM: REEF_ISLAND_TOP_M };
    // the 0.5 m surge of a coast without storms: 0.5 of the 3.5 m from high water (0.5 m) to 4 m
    expect(landShareBelow(reef, extremeStillWaterM(reef, hist))).toBeCloseTo(
      surgeHeightM(reef) / (REEF_ISLAND_TOP_M - 0.5),
      6,
    );
    expect(num(stormSurge(reef, hist))).toBeGreaterThan(num(stormSurge({ ...reef, lowTopM: LOW_LYING_M }, hist)));
    // still Low in 1950-1999, and the top of its scale by 2050 under RCP8.5
    expect(seaLevelRiseHazard(reef, hist)).toBe(0);
    expect(num(seaLevelRiseHazard(reef, warm(2.31, 0.43)))).toBeCloseTo(COASTAL_VALUE_CAP, 6);
    // a file without the field reads the usual 10 m band
    expect(lowTopM({ ...reef, lowTopM: Number.NaN })).toBe(LOW_LYING_M);
  });
  it("cliffs (no low-lying land) have low SL", () => {
    expect(seaLevelRiseHazard({ ...coastal, lowShare: 0 }, warm(1, 0.43))).toBe(0);
  });
  it("storm surge is the share of land below the extreme still-water level, in metres", () => {
    const esl = extremeStillWaterM(coastal, hist);
    // high water (half the 2 m tide) + surge at 52° N on a flat shore: 0.5 m + 2.5 m of winter-storm surge
    expect(highWaterM(coastal)).toBe(1);
    expect(surgeHeightM(coastal)).toBeCloseTo(
      SURGE_BASE_M + SURGE_ETC_M * ramp(52, SURGE_ETC_LAT[0], SURGE_ETC_LAT[1]),
      6,
    );
    expect(esl).toBeCloseTo(1 + surgeHeightM(coastal), 6);
    // the land begins at high water (1 m): the surge covers its share of the band from there to 10 m
    expect(landShareBelow(coastal, esl)).toBeCloseTo(0.6 * ((esl - 1) / (LOW_LYING_M - 1)), 6);
    expect(num(stormSurge(coastal, hist))).toBeCloseTo(
      COASTAL_VALUE_CAP * ramp(0.6 * ((esl - 1) / (LOW_LYING_M - 1)), 0, SS_SHARE_FULL),
      6,
    );
    // less low land, less water: each lowers the value
    expect(num(stormSurge({ ...coastal, lowShare: 0.05 }, hist))).toBeLessThan(num(stormSurge(coastal, hist)));
    expect(num(stormSurge({ ...coastal, lat: 20, lon: -30 }, hist))).toBeLessThan(num(stormSurge(coastal, hist)));
  });
  it("inland, a cyclone's surge falls off faster than a winter storm's, which runs up estuaries", () => {
    // Bay of Bengal (cyclone coast, 23° N: no winter-storm part) against the German Bight (53° N: no cyclones)
    const bengal = { ...coastal, lat: 22, lon: 90, sstMonths: 12 };
    const bight = { ...coastal, lat: 53.5, lon: 9 };
    expect(tcCoastalExposure(bengal)).toBeGreaterThan(0.5);
    expect(tcCoastalExposure(bight)).toBe(0);
    const fall = (c: typeof coastal, km: number) => surgeHeightM({ ...c, coastKm: km }) / surgeHeightM(c);
    // at the shore each reads its full height; 140 km inland (Dhaka), the cyclone surge keeps far less of it
    expect(fall(bengal, 140)).toBeLessThan(0.2);
    expect(fall(bight, 140)).toBeCloseTo(Math.exp(-140 / SURGE_INLAND_KM), 6);
    const cycloneM = SURGE_TC_M * tcCoastalExposure(bengal);
    expect(surgeHeightM({ ...bengal, coastKm: 140 })).toBeCloseTo(
      SURGE_BASE_M * Math.exp(-140 / SURGE_INLAND_KM) + cycloneM * Math.exp(-140 / SURGE_TC_INLAND_KM),
      6,
    );
    // near the shore the cyclone surge loses within the 4-25 cm per km that marshes take off a surge
    const cmPerKm = (100 * (surgeHeightM(bengal) - surgeHeightM({ ...bengal, coastKm: 1 }))) / 1;
    expect(cmPerKm).toBeGreaterThanOrEqual(4);
    expect(cmPerKm).toBeLessThanOrEqual(25);
  });
  it("steep coasts: deep water lowers the surge, and their low band is narrower than the grid sees", () => {
    const fjord = { ...coastal, relief: 1500, slopeMean: 8 };
    expect(surgeHeightM(fjord)).toBeCloseTo(surgeHeightM({ ...coastal, relief: 100 }) * SURGE_STEEP_SHARE, 6);
    // 10 m rises over 71 m of ground at 8°, a fiftieth of a 3.7 km pixel
    expect(lowBandResolved(fjord)).toBeCloseTo(10 / Math.tan((8 * Math.PI) / 180) / LOW_PIXEL_M, 6);
    expect(lowBandResolved({ ...coastal, slopeMean: 0.1 })).toBe(1);
    expect(num(stormSurge(fjord, hist))).toBeLessThan(0.2);
    expect(num(seaLevelRiseHazard(fjord, hist))).toBeLessThan(0.2);
  });
  it("a point on a shore that the grid holds no low land on stands in the band its slope leaves beside the sea", () => {
    // 10 m over 573 m of ground at 1°
    const width = 10 / Math.tan(Math.PI / 180);
    expect(shoreBandShare(0, 1)).toBe(1);
    expect(shoreBandShare(width / 2000, 1)).toBeCloseTo(0.5, 6);
    expect(shoreBandShare(width / 1000, 1)).toBe(0);
    // a gentler slope, a wider band; beyond one pixel of the sea, or far inland, none
    expect(shoreBandShare(0.3, 0.5)).toBeGreaterThan(shoreBandShare(0.3, 1));
    expect(shoreBandShare(LOW_PIXEL_M / 1000 + 0.1, 0)).toBe(0);
    // a band wider than a pixel fades to nothing at one pixel from the sea, where the grid's own reading of the
    // ground takes over: no step there, however gentle the slope
    const flat = 0.05;
    expect(LOW_LYING_M / Math.tan((flat * Math.PI) / 180)).toBeGreaterThan(2 * LOW_PIXEL_M);
    expect(shoreBandShare(LOW_PIXEL_M / 2000, flat)).toBeCloseTo(0.5, 6);
    expect(shoreBandShare(LOW_PIXEL_M / 1000 - 0.01, flat)).toBeLessThan(0.01);
    expect(shoreBandShare(LOW_PIXEL_M / 1000 - 0.01, 0)).toBeLessThan(0.01);
    expect(shoreBandShare(null, 0.2)).toBe(0);
    // the point's place in the band counts as low land, narrowed by its slope as any low land is
    const hill = { ...coastal, lowShare: 0, slopeMean: 1 };
    const esl = extremeStillWaterM(hill, hist);
    expect(landShareBelow(hill, esl)).toBe(0);
    expect(landShareBelow({ ...hill, shoreBandShare: 0.5 }, esl)).toBeCloseTo(
      0.5 * lowBandResolved(hill) * ((esl - highWaterM(hill)) / (LOW_LYING_M - highWaterM(hill))),
      6,
    );
    // a point already on low land keeps its own low share where that is more
    expect(landShareBelow({ ...coastal, shoreBandShare: 0.2 }, esl)).toBe(landShareBelow(coastal, esl));
  });
  it("land above 10 m (none low-lying) has no surge and no sea-level rise at the highest water", () => {
    const top = extremeStillWaterM(coastal, warm(2, 0.43));
    expect(top).toBeLessThan(LOW_LYING_M);
    const high = { ...coastal, lowShare: 0 };
    expect(landShareBelow(high, top)).toBe(0);
    expect(stormSurge(high, warm(2, 0.43))).toBe(0);
    expect(seaLevelRiseHazard(high, warm(2, 0.43))).toBe(0);
  });
});

describe("tropical cyclones", () => {
  it("basins: none in the South Atlantic or SE Pacific", () => {
    expect(tcBasin(-23, -43)).toBeNull();
    expect(tcBasin(-12, -77)).toBeNull();
    expect(tcBasin(14.6, 121)?.name).toBe("West Pacific");
    expect(tcBasin(25.8, -80.2)?.name).toMatch(/Atlantic/);
  });
  it("basins follow landfalls: none on the West African coast, the Gulf of Aden or the Gulf of Thailand", () => {
    expect(tcBasin(14.7, -17.4)).toBeNull(); // Dakar
    expect(tcBasin(12.8, 45)).toBeNull(); // Aden
    expect(tcBasin(10.6, 103.5)).toBeNull(); // Sihanoukville
    expect(tcBasin(22.3, 91.8)?.name).toMatch(/Bay of Bengal/);
  });
  it("the Central Pacific weighs less than the East Pacific; typhoons taper from 35° N", () => {
    expect(tcBasin(21.3, -157.9)?.name).toBe("Central Pacific"); // Honolulu
    expect(tcBasin(21.3, -157.9)!.weight).toBeLessThan(tcBasin(16.9, -99.9)!.weight); // Acapulco
    expect(tcBasin(34.7, 135.5)?.poleward).toEqual([35, 50]); // Osaka
  });
  it("warm sea drives exposure: no warm months, no cyclone in the deep tropics; recurving storms reach cool coasts", () => {
    const coast = cell({ lat: 15, lon: 121, coastKm: 0 });
    expect(tropicalCyclone({ ...coast, sstMonths: 0 }, hist)).toBe(0);
    expect(num(tropicalCyclone({ ...coast, sstMonths: 3 }, hist))).toBeGreaterThan(0.4);
    expect(num(tropicalCyclone({ ...coast, sstMonths: 8 }, hist))).toBeGreaterThan(0.95);
    const korea = cell({ lat: 35.1, lon: 129, coastKm: 0, sstMonths: 0 });
    expect(num(tropicalCyclone(korea, hist))).toBeGreaterThan(0.1);
    expect(num(tropicalCyclone(korea, hist))).toBeLessThan(0.4);
  });
  it("coastal warm low latitude is high, decays inland, zero at the equator and poleward", () => {
    const manila = cell({ lat: 14.6, lon: 121, tJul: 28, tDec: 26, coastKm: 0, elevMean: 10, sstMonths: 11 });
    expect(num(tropicalCyclone(manila, hist))).toBeGreaterThan(0.8);
    expect(num(tropicalCyclone({ ...manila, coastKm: 500 }, hist))).toBeLessThan(0.3);
    expect(tropicalCyclone({ ...manila, lat: 1 }, hist)).toBe(0);
    expect(tropicalCyclone({ ...manila, lat: 51 }, hist)).toBe(0);
    expect(num(tropicalCyclone({ ...manila, coastKm: 100 }, warm(2)))).toBeGreaterThan(
      num(tropicalCyclone({ ...manila, coastKm: 100 }, hist)),
    );
  });
});

describe("aggregate", () => {
  it("mean of the top three applicable values", () => {
    expect(aggregate([0.9, 0.1, NOT_APPLICABLE, 0.6, 0.3])).toBeCloseTo(0.6);
    expect(aggregate([0.5, NOT_APPLICABLE])).toBe(0.5);
    expect(aggregate([NOT_APPLICABLE, NOT_APPLICABLE])).toBe(NOT_APPLICABLE);
    expect(aggregate([NO_DATA, NOT_APPLICABLE])).toBe(NO_DATA);
  });
  it("every per-hazard id has a formula and a confidence", () => {
    expect(Object.keys(HAZARD_FORMULAS).sort()).toEqual([
      "CS",
      "DR",
      "ER",
      "FD",
      "HW",
      "LS",
      "PC",
      "SL",
      "SS",
      "TC",
      "WF",
    ]);
    for (const f of Object.values(HAZARD_FORMULAS)) expect(["grounded", "proxy"]).toContain(f.confidence);
  });
  it("values stay in [0, 1] for extreme inputs", () => {
    const extremes = [
      cell({
        tJul: 60,
        tDec: -80,
        pJul: 5000,
        pDec: 0,
        relief: 9000,
        slopeMean: 40,
        coastKm: 0,
        coastalPlain: 1,
        lowShare: 1,
        tideM: 15,
        lat: 20,
        lon: 130,
        floodplainShare: 1,
        upstreamKm2: 6_500_000,
        flowM3s: 200_000,
      }),
    ];
    for (const c of extremes)
      for (const f of Object.values(HAZARD_FORMULAS)) {
        const v = f.fn(c, warm(3, 1));
        if (typeof v === "number") {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }
  });
});

describe("masks and physical scales (4.0.0)", () => {
  const river = cell({ floodplainShare: 0.5, flowM3s: 3000, relief: 800, pJul: 150, pDec: 80, tJul: 5, tDec: -20 });
  it("an ice sheet has no river flood, whatever drains across it", () => {
    expect(num(riverFlood(river, hist))).toBeGreaterThan(0.6);
    expect(num(riverFlood({ ...river, iceShare: 1 }, hist))).toBe(0);
    expect(num(riverFlood({ ...river, iceShare: 0.5 }, hist))).toBeCloseTo(num(riverFlood(river, hist)) / 2, 6);
  });
  it("a dense urban core has no wildland fuel; a cell still mostly open land keeps it", () => {
    const dry = cell({ lat: 38, tJul: 27, tDec: 9, pJul: 5, pDec: 60 });
    const open = num(wildfire(dry, hist));
    expect(open).toBeGreaterThan(0.6);
    expect(num(wildfire({ ...dry, urbanShare: 0.3 }, hist))).toBe(open);
    expect(num(wildfire({ ...dry, urbanShare: 0.7 }, hist))).toBe(0);
  });
  it("sea-level rise reads the land the rise brings below the high-tide line: not the tide", () => {
    const low = cell({
      coastalPlain: 1,
      coastKm: 0,
      lowShare: 1,
      lat: 22,
      lon: 90,
      tideM: 3,
      elevMin: -5,
      slopeMean: 0.1,
    });
    // a 3 m tide on a low coast: land begins at its high water (1.5 m), so none lies below it in 1950-1999
    expect(seaLevelRiseHazard(low, hist)).toBe(0);
    // 0.23 m above today's: 0.23 of the 8.5 m from high water to 10 m, 2.7 % of the land, past the 2.5 % where full
    expect(num(seaLevelRiseHazard(low, warm(1.9, 0.43)))).toBeCloseTo(0.795, 3);
    // 0.1 m above today's on a micro-tidal coast (high water 0.1 m): 0.1 of 9.9 m
    const microTidal = { ...low, tideM: 0.2 };
    expect(num(seaLevelRiseHazard(microTidal, warm(1.5, 0.3)))).toBeCloseTo(0.795 * (0.1 / 9.9 / 0.025), 3);
  });
  it("storm surge and sea-level rise never read Extreme: no vertical land motion is published here", () => {
    const worst = cell({
      coastalPlain: 1,
      coastKm: 0,
      lowShare: 1,
      lat: 22,
      lon: 90,
      tideM: 6,
      sstMonths: 8,
      elevMin: -5,
      slopeMean: 0.1,
    });
    expect(num(stormSurge(worst, warm(2, 0.43)))).toBeLessThan(0.8);
    expect(num(seaLevelRiseHazard(worst, warm(2, 0.43)))).toBeLessThan(0.8);
  });
  it("drought moves with rain against demand: it falls where rain rises faster, rises where demand does", () => {
    const arctic = cell({ lat: 69, tJul: 8, tDec: -30, pJul: 25, pDec: 8 });
    const hot = warm(1.91);
    // demand: the baseline's Thornthwaite PET raised 3 % per °C of land warming, not Thornthwaite's own steep rise
    expect(slotPotentialEvap(arctic, hot)).toBeCloseTo(
      slotPotentialEvap(arctic, hist) * (1 + PET_PER_C * 1.45 * 1.91),
      6,
    );
    // north of 60° rain rises 5 %/°C of global warming, faster than demand: P/PET rises and drought does not
    expect(slotAridityIndex(arctic, hot)).toBeGreaterThan(slotAridityIndex(arctic, hist));
    expect(num(drought(arctic, hot))).toBeLessThanOrEqual(num(drought(arctic, hist)));
    // in the subtropics rain does not change here, demand rises: drought rises
    const steppe = cell({ lat: 35, tJul: 28, tDec: 8, pJul: 5, pDec: 40 });
    expect(slotAridityIndex(steppe, hot)).toBeLessThan(slotAridityIndex(steppe, hist));
    expect(num(drought(steppe, hot))).toBeGreaterThan(num(drought(steppe, hist)));
    // the growing season is the baseline's: warming a two-month summer does not by itself raise drought
    const shortSummer = cell({ lat: 69, tJul: 6, tDec: -30, pJul: 25, pDec: 8 });
    expect(growingMonths(shortSummer, 1.45 * 4)).toBeGreaterThan(growingMonths(shortSummer, 0));
    const steps: { name: string; value: number }[] = [];
    drought(shortSummer, warm(4), steps);
    expect(steps.find((x) => x.name === STEP.growingMonths)?.value).toBe(growingMonths(shortSummer, 0));
  });
  it("drought needs a growing season: a polar desert is arid but not in drought", () => {
    const polar = cell({ lat: 69, tJul: 8, tDec: -30, pJul: 25, pDec: 8 });
    const steppe = cell({ lat: 45, tJul: 24, tDec: -8, pJul: 25, pDec: 8 });
    expect(num(drought(polar, hist))).toBeLessThan(0.3);
    expect(num(drought(steppe, hist))).toBeGreaterThan(0.6);
  });
  it("extreme rainfall counts landfalling cyclones' rain, which monthly means do not show", () => {
    const gulf = cell({ lat: 29.8, lon: -95.4, coastKm: 20, tJul: 28, tDec: 13, pJul: 95, pDec: 95, sstMonths: 5 });
    expect(num(extremeRainfall(gulf, hist))).toBeGreaterThan(0.3);
    expect(num(extremeRainfall({ ...gulf, sstMonths: 0, lat: 2 }, hist))).toBeLessThan(0.2);
  });
});
