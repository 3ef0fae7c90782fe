/**
 * What a portfolio preview shows: the same assessment the paid report makes (every location at its own hexagon),
 * only as whole-file shares, and only over enough distinct hexagons that no single location's value can be read
 * back. Below that the preview withholds its figures rather than show different ones (country scores, say).
 */

/** Fewest distinct hexagons a file's located rows must fall in before the preview shows any share. */
export const PREVIEW_MIN_HEXAGONS = 10;

export const PREVIEW_RULE_TEXT = {
  rule: `The preview shows the same assessment as the paid report, every location at its own hexagon, but only as shares of the whole file, and only when the file's locations fall in at least ${PREVIEW_MIN_HEXAGONS} different hexagons, so that no single location's value can be read from it. The report gives every location's own scores.`,
  withheld: (hexagons: number) =>
    `Your file's locations fall in ${hexagons.toLocaleString("en")} ${hexagons === 1 ? "hexagon" : "different hexagons"}; the preview shows shares only over at least ${PREVIEW_MIN_HEXAGONS}, so its charts are withheld. The report gives every location's scores.`,
} as const;

/** The preview's own statement of the rule, carried in its answer. */
export interface PreviewFigures {
  shown: boolean;
  distinct_hexagons: number;
  min_hexagons: number;
}

export function previewFigures(distinctHexagons: number): PreviewFigures {
  return {
    shown: distinctHexagons >= PREVIEW_MIN_HEXAGONS,
    distinct_hexagons: distinctHexagons,
    min_hexagons: PREVIEW_MIN_HEXAGONS,
  };
}
