/**
 * The basemap endpoint's query schema, apart from basemap.ts: the map's browser code imports that module, and zod
 * must not ride along into the page (ADR 022).
 */
import { z } from "zod";
import { BASEMAP_LEVELS, basemapLevel, snapToGrid, WORLD, type BasemapLevel } from "./basemap";
import type { Bounds } from "./flood-map";

const coordinate = (min: number, max: number) => z.coerce.number().finite().min(min).max(max);
const BasemapQuerySchema = z.object({
  level: z.coerce.number().int().default(0),
  bbox: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return null;
      const parts = v.split(",");
      const parsed = z
        .tuple([coordinate(-180, 180), coordinate(-90, 90), coordinate(-180, 180), coordinate(-90, 90)])
        .safeParse(parts);
      if (!parsed.success || parsed.data[0] >= parsed.data[2] || parsed.data[1] >= parsed.data[3]) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: "bbox must be west,south,east,north in degrees, west < east and south < north",
        });
        return z.NEVER;
      }
      const [west, south, east, north] = parsed.data;
      return { west, south, east, north };
    }),
  outline: z
    .string()
    .regex(/^[A-Za-z]{2}(-[A-Za-z0-9]{1,3})?$/, "outline must be a country or region code")
    .optional(),
});

/**
 * The basemap endpoint's query: a known level, an optional box, an optional country or region code. Only these
 * three are read (anything else in the query string is ignored) and the box snaps outward to the level's grid, as
 * the map asks for it: every request that would draw the same map shares one answer.
 */
export function parseBasemapQuery(
  params: URLSearchParams,
):
  | { success: true; data: { level: BasemapLevel; bbox: Bounds | null; outline: string | null } }
  | { success: false; error: string } {
  const r = BasemapQuerySchema.safeParse(Object.fromEntries(params));
  if (!r.success) return { success: false, error: r.error.issues[0]!.message };
  const level = basemapLevel(r.data.level);
  if (!level) return { success: false, error: `level must be one of ${BASEMAP_LEVELS.map((l) => l.level).join(", ")}` };
  const box = r.data.bbox ?? (level.level === 0 ? null : WORLD);
  if (box && Math.max(box.east - box.west, box.north - box.south) > level.maxSpan) {
    return { success: false, error: `bbox may span at most ${level.maxSpan}° at level ${level.level}` };
  }
  return {
    success: true,
    data: { level, bbox: r.data.bbox && snapToGrid(r.data.bbox, level), outline: r.data.outline ?? null },
  };
}
