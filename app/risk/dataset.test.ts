import {
  CODE_NA,
  CODE_NODATA,
  FIELDS,
  decodeDataset,
  decodeValue,
  dequantiseField,
  encodeDataset,
  encodeValue,
  quantiseField,
} from "./dataset";
import { scoreFromValue } from "~/domain/hazards/risk-levels";

describe("value codes", () => {
  it("keeps band edges exact", () => {
    for (const v of [0, 0.2, 0.4, 0.6, 0.8, 1]) expect(decodeValue(encodeValue(v))).toBe(v);
    expect(scoreFromValue(decodeValue(encodeValue(0.2)) as number)).toBe(2);
    expect(scoreFromValue(decodeValue(encodeValue(0.19)) as number)).toBe(1);
  });
  it("reserves codes for not applicable and no data", () => {
    expect(encodeValue("na")).toBe(CODE_NA);
    expect(encodeValue("nodata")).toBe(CODE_NODATA);
    expect(encodeValue(NaN)).toBe(CODE_NODATA);
    expect(decodeValue(CODE_NA)).toBe("na");
    expect(decodeValue(CODE_NODATA)).toBe("nodata");
  });
});

describe("fields", () => {
  it("round-trip within their resolution and mark missing values", () => {
    const t = FIELDS.find((f) => f.name === "tJul")!;
    expect(dequantiseField(t, quantiseField(t, -12.34))).toBeCloseTo(-12.3, 5);
    expect(Number.isNaN(dequantiseField(t, quantiseField(t, NaN)))).toBe(true);
    const tide = FIELDS.find((f) => f.name === "tideM")!;
    expect(dequantiseField(tide, quantiseField(tide, 3.456))).toBeCloseTo(3.46, 5);
    expect(quantiseField(tide, 1e9)).toBe(65534);
  });
});

describe("binary layout", () => {
  it("encodes and decodes every array", () => {
    const fields: Record<string, Uint8Array | Uint16Array | Int16Array | Uint32Array> = {};
    for (const f of FIELDS) {
      const C = { u8: Uint8Array, u16: Uint16Array, i16: Int16Array, u32: Uint32Array, f32: Float32Array }[f.kind];
      fields[f.name] = new C([1, 2, 3]) as Uint8Array;
    }
    const buf = encodeDataset(
      {
        version: "1",
        generator: "test",
        nCells: 3,
        nCountries: 1,
        nRegions: 1,
        hazards: ["AL"],
        slots: 1,
        fields: [...FIELDS],
      },
      {
        cellHi: new Uint32Array([1, 2, 3]),
        cellLo: new Uint32Array([4, 5, 6]),
        cellCountry: new Uint16Array([0, 0, 0]),
        cellRegion: new Uint16Array([0, 65535, 0]),
        values: new Uint8Array([10, 254, 255]),
        countryValues: new Uint8Array([7]),
        regionValues: new Uint8Array([9]),
        fields,
      },
    );
    const { header, arrays } = decodeDataset(new Uint8Array(buf));
    expect(header.nCells).toBe(3);
    expect([...arrays.cellLo]).toEqual([4, 5, 6]);
    expect([...arrays.values]).toEqual([10, 254, 255]);
    expect([...arrays.fields.tJul!]).toEqual([1, 2, 3]);
    expect(() => decodeDataset(new Uint8Array(16))).toThrow(/not a risk dataset/);
  });
});
