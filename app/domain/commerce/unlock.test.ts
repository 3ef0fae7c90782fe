import { PACKAGES } from "./packages";
import { HEXAGON_UNIT_MINOR, hexagonLines, hexagonOrderItems, linesSubtotal, splitUnlock } from "./unlock";

const price = (id: number) => PACKAGES.find((p) => p.id === id)!.priceMinor;
const hexagonsOf = (lines: ReturnType<typeof hexagonLines>) => lines.reduce((s, l) => s + l.locations * l.quantity, 0);

/** Every way to buy exactly n hexagons from the packages, by brute force: the cheapest total. */
function cheapestByBruteForce(n: number): number {
  let best = Infinity;
  for (let hundreds = 0; hundreds * 100 <= n; hundreds++)
    for (let tens = 0; hundreds * 100 + tens * 10 <= n; tens++)
      best = Math.min(best, hundreds * price(302) + tens * price(301) + (n - hundreds * 100 - tens * 10) * price(303));
  return best;
}

describe("hexagonLines", () => {
  it("buys exactly the hexagons asked for, at the cheapest total the /pricing packages allow", () => {
    for (const n of [1, 9, 10, 11, 67, 99, 100, 101, 250, 692, 1000]) {
      const lines = hexagonLines(n);
      expect(hexagonsOf(lines)).toBe(n);
      expect(linesSubtotal(lines)).toBe(cheapestByBruteForce(n));
      for (const l of lines) expect(l.totalMinor).toBe(l.unitMinor * l.quantity);
    }
  });

  it("prices 692 hexagons as six 100-packs and 92 at the price each", () => {
    expect(hexagonLines(692)).toEqual([
      {
        packageId: 302,
        name: "100 hexagons",
        quantity: 6,
        locations: 100,
        unitMinor: price(302),
        totalMinor: 6 * price(302),
      },
      {
        packageId: 303,
        name: "Custom number of hexagons",
        quantity: 92,
        locations: 1,
        unitMinor: HEXAGON_UNIT_MINOR,
        totalMinor: 92 * HEXAGON_UNIT_MINOR,
      },
    ]);
  });

  it("buys nothing for no hexagon", () => {
    expect(hexagonLines(0)).toEqual([]);
    expect(hexagonLines(-3)).toEqual([]);
  });

  it("becomes order lines that add the hexagons when settled (locations × quantity)", () => {
    const items = hexagonOrderItems(hexagonLines(692));
    expect(items.every((i) => i.kind === "hexagon")).toBe(true);
    expect(items.reduce((s, i) => s + i.locations! * i.quantity, 0)).toBe(692);
    expect(items.map((i) => i.code)).toEqual(["package_302", "package_303"]);
  });
});

describe("splitUnlock", () => {
  it("lists distinct hexagons once, splits owned from missing, and spends the allowance before charging", () => {
    const split = splitUnlock(["a", "b", "a", "c", "d"], new Set(["b"]), 2);
    expect(split).toEqual({
      hexagons: ["a", "b", "c", "d"],
      owned: ["b"],
      missing: ["a", "c", "d"],
      allowanceUsed: 2,
      toBuy: 1,
    });
  });

  it("never uses more allowance than is missing, nor a negative one", () => {
    expect(splitUnlock(["a"], new Set(), 50)).toMatchObject({ allowanceUsed: 1, toBuy: 0 });
    expect(splitUnlock(["a", "b"], new Set(), -1)).toMatchObject({ allowanceUsed: 0, toBuy: 2 });
    expect(splitUnlock(["a"], new Set(["a"]), 5)).toMatchObject({ missing: [], allowanceUsed: 0, toBuy: 0 });
  });
});
