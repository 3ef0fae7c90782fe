/**
 * data/border-tiles.bin.gz: OpenStreetMap's country outlines (geo-maps countries-land-100m) clipped to the tiles that
 * two or more countries pass through, for the country of a point near a land border (Natural Earth 10m draws Konstanz
 * in Switzerland and Passau's old town in Austria).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { simplifyRing, ringBounds, type FeatureRings } from "../../../app/risk/land/geo";
import { TILE_DEG, clipRingToRect, encodeBorderTiles, type BorderTile } from "../../../app/risk/land/border-tiles";
import type { InputRecord } from "../inputs";
import type { Country } from "./geography";

export const BORDER_TILES_FILE = "border-tiles.bin.gz";
/** The package draws its outlines with an error of 100 m; vertices closer than this to the line are dropped. */
const SIMPLIFY_DEG = 0.0005;
/** An edge counts in the tiles within this of it, so a border along a tile's side marks both tiles. */
const TILE_MARGIN_DEG = 0.01;

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

interface FineCountry {
  country: number;
  rings: FeatureRings;
}

/** The package's outlines matched to the dataset's countries by ISO alpha-3; unmatched ones are listed. */
export function readFineCountries(pkgDir: string, countries: readonly Country[]): { fine: FineCountry[]; unmatched: string[] } {
  const fc = JSON.parse(readFileSync(path.join(pkgDir, "map.geo.json"), "utf8")) as {
    features: { properties: { A3: string }; geometry: { type: "Polygon" | "MultiPolygon"; coordinates: number[][][] | number[][][][] } }[];
  };
  const byA3 = new Map(countries.map((c, i) => [c.a3, i]));
  const boxes = countries.map((c) => c.precise.map(ringBounds));
  const fine: FineCountry[] = [];
  const unmatched: string[] = [];
  for (const f of fc.features) {
    const ci = byA3.get(f.properties.A3);
    if (ci === undefined) {
      unmatched.push(f.properties.A3);
      continue;
    }
    const polys = (f.geometry.type === "Polygon" ? [f.geometry.coordinates] : f.geometry.coordinates) as number[][][][];
    const rings: FeatureRings = [];
    for (const poly of polys)
      for (const ring of poly) {
        const flat: number[] = [];
        for (const [x, y] of ring) flat.push(x!, y!);
        if (flat[0] === flat.at(-2) && flat[1] === flat.at(-1)) flat.length -= 2;
        if (flat.length >= 6 && nearOwnOutline(ringBounds(flat), boxes[ci]!)) rings.push(simplifyRing(flat, SIMPLIFY_DEG).map(round5));
      }
    fine.push({ country: ci, rings });
  }
  fine.sort((a, b) => a.country - b.country);
  return { fine, unmatched: unmatched.sort() };
}

type Box = ReturnType<typeof ringBounds>;
/** How far a fine ring may lie from its country's Natural Earth rings and still be that country's. */
const OWN_OUTLINE_DEG = 0.1;

/**
 * Whether a fine ring lies by one of its country's Natural Earth rings: OpenStreetMap's France holds Wallis and Futuna
 * and the French Southern Lands, which the dataset has as countries of their own.
 */
function nearOwnOutline(b: Box, own: readonly Box[]): boolean {
  return own.some((o) => b.x0 <= o.x1 + OWN_OUTLINE_DEG && b.x1 >= o.x0 - OWN_OUTLINE_DEG && b.y0 <= o.y1 + OWN_OUTLINE_DEG && b.y1 >= o.y0 - OWN_OUTLINE_DEG);
}

const tileKey = (col: number, row: number) => `${col},${row}`;

/** Tiles that two or more countries' outlines pass through (within TILE_MARGIN_DEG). */
function borderTileKeys(fine: readonly FineCountry[]): Set<string> {
  const seen = new Map<string, number>();
  const shared = new Set<string>();
  fine.forEach((f, fi) => {
    const mine = new Set<string>();
    for (const r of f.rings) {
      const n = r.length / 2;
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        const c0 = Math.floor((Math.min(r[2 * i]!, r[2 * j]!) - TILE_MARGIN_DEG) / TILE_DEG), c1 = Math.floor((Math.max(r[2 * i]!, r[2 * j]!) + TILE_MARGIN_DEG) / TILE_DEG);
        const r0 = Math.floor((Math.min(r[2 * i + 1]!, r[2 * j + 1]!) - TILE_MARGIN_DEG) / TILE_DEG), r1 = Math.floor((Math.max(r[2 * i + 1]!, r[2 * j + 1]!) + TILE_MARGIN_DEG) / TILE_DEG);
        for (let row = r0; row <= r1; row++) for (let col = c0; col <= c1; col++) mine.add(tileKey(col, row));
      }
    }
    for (const k of mine) {
      const other = seen.get(k);
      if (other === undefined) seen.set(k, fi);
      else if (other !== fi) shared.add(k);
    }
  });
  return shared;
}

/**
 * A ring clipped to every border tile it reaches, by halving the area it covers (in tiles) down to single tiles, so
 * a ring of half a million vertices is not clipped once per tile.
 */
function clipToTiles(ring: ArrayLike<number>, c0: number, c1: number, r0: number, r1: number, tiles: Set<string>, emit: (col: number, row: number, clipped: number[]) => void): void {
  let any = false;
  for (let row = r0; row <= r1 && !any; row++) for (let col = c0; col <= c1 && !any; col++) any = tiles.has(tileKey(col, row));
  if (!any) return;
  const clipped = clipRingToRect(ring, c0 * TILE_DEG, r0 * TILE_DEG, (c1 + 1) * TILE_DEG, (r1 + 1) * TILE_DEG);
  if (!clipped.length) return;
  if (c0 === c1 && r0 === r1) return emit(c0, r0, clipped);
  if (c1 - c0 >= r1 - r0) {
    const mid = Math.floor((c0 + c1) / 2);
    clipToTiles(clipped, c0, mid, r0, r1, tiles, emit);
    clipToTiles(clipped, mid + 1, c1, r0, r1, tiles, emit);
  } else {
    const mid = Math.floor((r0 + r1) / 2);
    clipToTiles(clipped, c0, c1, r0, mid, tiles, emit);
    clipToTiles(clipped, c0, c1, mid + 1, r1, tiles, emit);
  }
}

export function buildBorderTiles(fine: readonly FineCountry[]): BorderTile[] {
  const keys = borderTileKeys(fine);
  const byKey = new Map<string, BorderTile>();
  for (const f of fine)
    for (const r of f.rings) {
      const b = ringBounds(r);
      clipToTiles(r, Math.floor(b.x0 / TILE_DEG), Math.floor(b.x1 / TILE_DEG), Math.floor(b.y0 / TILE_DEG), Math.floor(b.y1 / TILE_DEG), keys, (col, row, clipped) => {
        const k = tileKey(col, row);
        let t = byKey.get(k);
        if (!t) byKey.set(k, (t = { col, row, features: [] }));
        let feat = t.features.find((x) => x.country === f.country);
        if (!feat) t.features.push((feat = { country: f.country, rings: [] }));
        feat.rings.push(clipped.map(round5));
      });
    }
  return [...byKey.values()].filter((t) => t.features.length > 0);
}

export function borderTilesFile(tiles: readonly BorderTile[]): Buffer {
  return gzipSync(encodeBorderTiles(tiles), { level: 9 });
}

export function borderTilesManifest(source: InputRecord, tiles: readonly BorderTile[], unmatched: readonly string[]) {
  return {
    source: `${source.package} ${source.version} (${source.file})`,
    source_sha256: source.sha256,
    licence: source.licence,
    provenance: source.provenance,
    tile_deg: TILE_DEG,
    simplified_deg: SIMPLIFY_DEG,
    tiles: tiles.length,
    vertices: tiles.reduce((n, t) => n + t.features.reduce((m, f) => m + f.rings.reduce((k, r) => k + r.length / 2, 0), 0), 0),
    unmatched_a3: unmatched,
    point_lookup: "in a tile that two or more countries' outlines pass through, the country whose outline here holds the point; elsewhere, and where none holds it, the Natural Earth outlines decide",
  };
}
