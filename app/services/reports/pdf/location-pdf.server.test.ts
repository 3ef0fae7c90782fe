/** The single-location report PDF: one place, its map, every hazard across scenarios and horizons, with reasons. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HAZARDS, HAZARD_IDS, PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { bandSentence } from "~/risk/explain/band-meanings";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { pdfPages, pdfText } from "../../../../tests/support/pdf-text";
import { HISTORICAL_LABEL } from "~/domain/hazards/scenarios";
import { REASON_SLOTS } from "~/domain/reports/location-report";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { writeLocationPdf } from "./location-pdf.server";
import { t } from "./pdf-toolkit.server";
import { locationReportModel } from "../single-location.server";

const dir = mkdtempSync(path.join(tmpdir(), "location-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHITTAGONG = { lat: 22.3384, lon: 91.8317 };

async function chittagong() {
  return locationReportModel(getRiskEngine(), {
    reportId: "lead:7",
    preparedFor: "Ada Lovelace <ada@example.com>",
    address: "Chittagong, Chattogram, Bangladesh",
    ...CHITTAGONG,
    createdAt: "2026-11-25T08:00:00.000Z",
  });
}

describe("single-location report", () => {
  it("models one place: where it is, its outline and hexagon, every hazard in every slot", async () => {
    const m = await chittagong();
    expect(m).toMatchObject({
      hexagon: "843cc21ffffffff",
      regionName: "Chattogram",
      countryName: "Bangladesh",
      countryCode: "BD",
      coordinates: "22.338°N, 91.832°E",
    });
    expect(m.map.outline.length).toBeGreaterThan(0);
    expect(m.map.country.length).toBeGreaterThan(0);
    expect(m.map.hexagon.length).toBeGreaterThanOrEqual(6);
    expect(m.hazards.map((h) => h.id)).toEqual([...HAZARD_IDS]);
    for (const h of m.hazards) {
      expect(h.rows.map((r) => r.label)).toEqual([
        HISTORICAL_LABEL,
        "RCP2.6 (Orderly)",
        "RCP4.5 (Disorderly)",
        "RCP8.5 (Hot house)",
      ]);
      expect(h.rows.slice(1).every((r) => r.cells.length === 3)).toBe(true);
      for (const r of h.reasons) expect(r.text.length).toBeGreaterThan(10);
    }
    // the engine's plain summary is used where it exists (river flood)
    expect(m.hazards.find((h) => h.id === "FD")!.reasons[0]!.text).toMatch(
      /floodplain|low-lying and joined to the sea/,
    );
  });

  it("gives every hazard the engine's own sentence in each reason slot, naming the point's town and ending with the level", async () => {
    const m = await chittagong();
    const engine = getRiskEngine();
    // the report scores the point from its own drivers (where it snapped to land, off the shore)
    const loc = engine.locate(CHITTAGONG.lat, CHITTAGONG.lon);
    if (loc.status !== "ok") throw new Error(loc.message);
    const at = loc.snapped_to_land ?? CHITTAGONG;
    for (const [i, slot] of REASON_SLOTS.entries()) {
      const r = engine.pointScores(at.lat, at.lon, m.hexagon, slot.scenario, slot.period, {
        explain: true,
        place: { kind: "point", name: "Chittagong" },
      });
      for (const it of [r.aggregate, ...r.hazards]) {
        const reason = m.hazards.find((h) => h.id === it.hazard_id)!.reasons[i]!;
        expect(reason.label).toBe(slot.label);
        // River and coastal flood first say which source scored them (no depth layer here: the index).
        if (it.hazard_id === "FD" || it.hazard_id === "SS") {
          expect(reason.text).toMatch(/^Screening index: /);
          expect(reason.text.endsWith(it.explanation!.summary!)).toBe(true);
        } else expect(reason.text).toBe(it.explanation!.summary);
        if (it.state === "ok")
          expect(reason.text.endsWith(`that is ${RISK_LEVELS[it.score! - 1]!.label}.`), reason.text).toBe(true);
      }
    }
    expect(m.hazards.find((h) => h.id === "FD")!.reasons[0]!.text).toMatch(
      /^Screening index: [^.]+\. The point in Chittagong (lies in the floodplain of a river draining [\d,]+ km²|is low-lying land joined to the sea|stands where \d+ % of the land within about 4 km is low-lying and joined to the sea)/,
    );
    expect(m.hazards.find((h) => h.id === "HW")!.reasons[1]!.text).toMatch(
      /\+2\.31 °C global warming above 1850-1900 \(\+\d\.\d °C since 1950-1999\) by 2050 under RCP8\.5 raises that by/,
    );
  });

  it("writes a one-place PDF: the place, coordinates, hexagon, every hazard with levels and reasons; no portfolio figures", async () => {
    const file = path.join(dir, "chittagong.pdf");
    await writeLocationPdf(await chittagong(), file);
    const pages = await pdfPages(readFileSync(file));
    const text = (await pdfText(readFileSync(file))).replace(/\s+/g, " ");
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain("Single-location climate risk report");
    expect(text).toContain("Chittagong, Chattogram, Bangladesh");
    expect(text).toContain("22.338°N, 91.832°E");
    expect(text).toContain("843cc21ffffffff");
    expect(text).toContain("Bangladesh (BD)");
    expect(text).toContain(
      "Map: Chattogram within Bangladesh (left); Chattogram, Bangladesh (outline) with the H3 hexagon 843cc21ffffffff",
    );
    for (const id of HAZARD_IDS) expect(text).toContain(`${HAZARDS[id].name} (${id})`);
    for (const s of [
      HISTORICAL_LABEL,
      "RCP2.6 (Orderly)",
      "RCP4.5 (Disorderly)",
      "RCP8.5 (Hot house)",
      "2030",
      "2040",
      "2050",
    ])
      expect(text).toContain(s);
    expect(text).toMatch(/Why \(Historical \(1950-1999\)\): /);
    expect(text).toMatch(/Why \(RCP8\.5 2050\): /);
    expect(text).toMatch(/\b[1-5] (Low|Moderate|High|Severe|Extreme)\b/);
    expect(text).not.toContain("Rows in the file");
    expect(text).not.toContain("of assets");
    expect(text).not.toContain("Appendix");
  });

  it("prints each hazard's plain sentences in the PDF, word for word", async () => {
    const m = await chittagong();
    const file = path.join(dir, "chittagong-reasons.pdf");
    await writeLocationPdf(m, file);
    const squeezed = (await pdfText(readFileSync(file))).replace(/\s+/g, "");
    for (const h of m.hazards)
      for (const r of h.reasons)
        expect(squeezed, `${h.id} ${r.label}`).toContain(t(`Why (${r.label}): ${r.text}`).replace(/\s+/g, ""));
    // what each level means in physical units, for every hazard
    for (const h of PER_HAZARD_IDS) expect(squeezed, h).toContain(t(bandSentence(h)).replace(/\s+/g, ""));
  });
});
