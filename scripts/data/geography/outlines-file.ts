/** data/outlines.bin.gz: the countries' and regions' outlines at Natural Earth 10m's own precision, and its manifest entry. */
import { gzipSync } from "node:zlib";
import { COUNTRY_MARGIN_DEG, COUNTRY_TOLERANCE_DEG, OUTLINE_SCALE, REGION_MARGIN_DEG, REGION_TOLERANCE_DEG, encodeOutlines } from "../../../app/risk/land/outlines";
import type { InputRecord } from "../inputs";
import type { Country, Region } from "./geography";

export const OUTLINES_FILE = "outlines.bin.gz";

/** The gzipped file; the same outlines give the same bytes (gzip carries no time stamp from zlib). */
export function outlinesFile(countries: readonly Country[], regions: readonly Region[]): Buffer {
  return gzipSync(encodeOutlines({ countries: countries.map((c) => c.precise), regions: regions.map((r) => r.precise) }), { level: 9 });
}

const vertices = (features: readonly { precise: number[][] }[]) => features.reduce((n, f) => n + f.precise.reduce((m, r) => m + r.length / 2, 0), 0);

/** What the manifest says of the outlines: source, licence, checksum of the package, precision and how points use them. */
export function outlinesManifest(source: InputRecord, countries: readonly Country[], regions: readonly Region[]) {
  return {
    source: `${source.package} ${source.version} (${source.file})`,
    source_sha256: source.sha256,
    licence: source.licence,
    provenance: "Natural Earth 10m admin-0 countries (data/countries/*.json) and admin-1 states/provinces (data/states/admin1.json), not simplified",
    precision_deg: 1 / OUTLINE_SCALE,
    country_vertices: vertices(countries),
    region_vertices: vertices(regions),
    generalised: { country_tolerance_deg: COUNTRY_TOLERANCE_DEG, region_tolerance_deg: REGION_TOLERANCE_DEG, file: "geo.json.gz", use: "maps and the cells' countries and regions" },
    point_lookup: `a point farther than ${COUNTRY_MARGIN_DEG.toFixed(4)}° (countries) / ${REGION_MARGIN_DEG.toFixed(4)}° (regions) from every generalised boundary is answered by the generalised outline (the two differ only within that distance); nearer, by the full outlines of the features whose boundary is that near`,
  };
}
