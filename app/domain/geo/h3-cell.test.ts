import { cellToChildren, getResolution, isValidCell, latLngToCell } from "h3-js";
import { describe, expect, it } from "vitest";
import { h3CellResolution } from "./h3-cell";

function oracle(id: string): number | null {
  return isValidCell(id) ? getResolution(id) : null;
}

describe("h3CellResolution", () => {
  it("agrees with h3-js on real cells of every resolution", () => {
    const ids: string[] = [];
    for (let i = 0; i < 400; i++) {
      const lat = -89 + ((i * 37) % 178) + (i % 7) / 10;
      const lon = -179 + ((i * 91) % 358) + (i % 5) / 10;
      ids.push(latLngToCell(lat, lon, i % 16));
    }
    for (const id of ids) expect(h3CellResolution(id)).toBe(getResolution(id));
    expect(h3CellResolution("84194adffffffff")).toBe(4);
  });

  it("agrees with h3-js under every base cell, pentagons included, where one direction is deleted", () => {
    let pentagonRefusals = 0;
    for (let baseCell = 0; baseCell < 128; baseCell++) {
      for (let digit = 0n; digit < 8n; digit++) {
        // resolution 1: mode 1, resolution 1, the base cell, one digit, the 14 unused digits all 7
        const bits = (1n << 59n) | (1n << 52n) | (BigInt(baseCell) << 45n) | (digit << 42n) | ((1n << 42n) - 1n);
        const id = bits.toString(16);
        expect(h3CellResolution(id), id).toBe(oracle(id));
        if (digit === 1n && oracle(id) === null && baseCell <= 121) pentagonRefusals++;
      }
    }
    expect(pentagonRefusals).toBe(12);
    for (const child of cellToChildren("8009fffffffffff", 2)) expect(h3CellResolution(child)).toBe(2);
  });

  it("refuses corrupted ids exactly as h3-js does", () => {
    const base = "84194adffffffff";
    let checked = 0;
    for (let pos = 0; pos < base.length; pos++) {
      for (const c of "0123456789abcdef") {
        const id = base.slice(0, pos) + c + base.slice(pos + 1);
        expect(h3CellResolution(id), id).toBe(oracle(id));
        checked++;
      }
    }
    expect(checked).toBe(240);
    for (const bad of ["", "84194adfffffff", "84194adffffffffff", "84194ADFFFFFFFF", "zz194adffffffff"])
      expect(h3CellResolution(bad)).toBeNull();
  });
});
