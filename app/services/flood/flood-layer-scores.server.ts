/**
 * The flood-depth layers read at a placed point for the slots a caller scores, in the shape RiskEngine.scoreAt takes
 * (`floodLayers`), so every path that scores a point (get_data/hazards, the batch, the dashboard, the reports) gets
 * river and coastal flood from the same layers by the same rule.
 *
 * Slot rule (aqueductSlotFor): hist → Aqueduct historical; RCP4.5 / RCP8.5 in 2030 and 2050 → rcp4p5 / rcp8p5 of
 * the same year. RCP2.6 and 2040 have no published map: there, as where the store holds no layer of the slot that
 * covers the point, the screening index stands and its note says why.
 */
import { aqueductSlotFor } from "~/domain/flood-loss/aqueduct-names";
import { SCREENING_NOTES } from "~/domain/flood-loss/messages";
import { screeningOnly, type FloodLayerReading, type FloodLayerSlot } from "~/risk/engine/flood-layer-scores";
import type { FloodDepthCurve, FloodDepthReader } from "~/risk/layers/flood-depths.server";
import type { PlacedPoint } from "~/risk/types";
import { logger } from "../infra/logger.server";
import { floodReader } from "./flood-loss.server";

function reading(curve: FloodDepthCurve | null, notCovered: string): FloodLayerReading | { note: string } {
  if (!curve) return { note: notCovered };
  return {
    layer: curve.sources.map((s) => s.name).join("; "),
    layerScenario: curve.scenario,
    layerPeriod: curve.period,
    variant: curve.variant,
    depths: curve.depths.map((d) => ({ returnPeriod: d.returnPeriod, depthM: d.depthM })),
  };
}

/** Per slot asked, in order: the layers' depths at the point scored (the land point it snapped to, off the shore). */
export async function floodLayersAt(
  place: Pick<PlacedPoint, "at">,
  slots: readonly { scenario: string; period: string }[],
  reader: FloodDepthReader = floodReader(),
): Promise<FloodLayerSlot[]> {
  const read = new Map<string, Promise<FloodLayerSlot>>();
  return Promise.all(
    slots.map((s) => {
      const aq = aqueductSlotFor(s.scenario, s.period);
      if (!aq) return screeningOnly(SCREENING_NOTES.noPublishedSlot(s.scenario, s.period));
      const key = `${aq.scenario}/${aq.period}`;
      let slot = read.get(key);
      if (!slot) {
        const notCovered = SCREENING_NOTES.notCovered(aq.scenario, aq.period);
        slot = reader.depthsAt(place.at.lat, place.at.lon, aq.scenario, aq.period).then(
          (d): FloodLayerSlot => ({ river: reading(d.river, notCovered), coastal: reading(d.coastal, notCovered) }),
          (error: unknown) => {
            // a broken layer store must not take the hazard scores down: the index stands, and says so
            logger.error({ err: error }, "flood-depth layer could not be read for a point's scores");
            return screeningOnly(SCREENING_NOTES.unreadable);
          },
        );
        read.set(key, slot);
      }
      return slot;
    }),
  );
}

/** One slot's layers at a point. */
export async function floodLayerSlotAt(
  place: Pick<PlacedPoint, "at">,
  scenario: string,
  period: string,
): Promise<FloodLayerSlot> {
  return (await floodLayersAt(place, [{ scenario, period }]))[0]!;
}
