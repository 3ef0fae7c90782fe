import { REASSESS_FREE_MONTHS, reassessFreeUntil, reassessment, type ReassessInput } from "./reassessment";

const paidAt = new Date("2026-03-15T10:00:00Z");
const base: ReassessInput = {
  paidAt,
  paidLocations: 7,
  locations: 7,
  reportDataset: "4.0.0",
  currentDataset: "4.1.0",
  now: new Date("2026-09-01T00:00:00Z"),
};

describe("assessing a paid portfolio again", () => {
  it("is free for the same locations within 12 months once the dataset has changed", () => {
    expect(reassessment(base)).toEqual({ kind: "free", until: new Date("2027-03-15T10:00:00Z") });
  });

  it("ends exactly 12 calendar months after payment", () => {
    expect(REASSESS_FREE_MONTHS).toBe(12);
    expect(reassessment({ ...base, now: new Date("2027-03-15T09:59:59Z") }).kind).toBe("free");
    expect(reassessment({ ...base, now: new Date("2027-03-15T10:00:00Z") })).toEqual({
      kind: "expired",
      until: new Date("2027-03-15T10:00:00Z"),
    });
  });

  it("a payment on 29 February is covered until 28 February of the next year", () => {
    expect(reassessFreeUntil(new Date("2028-02-29T12:00:00Z"))).toEqual(new Date("2029-02-28T12:00:00Z"));
    expect(reassessFreeUntil(new Date("2026-01-31T00:00:00Z"))).toEqual(new Date("2027-01-31T00:00:00Z"));
  });

  it("offers nothing while the report already uses the current dataset", () => {
    expect(reassessment({ ...base, currentDataset: "4.0.0" })).toEqual({ kind: "unchanged" });
  });

  it("a report without a known dataset version counts as made with another dataset", () => {
    expect(reassessment({ ...base, reportDataset: null }).kind).toBe("free");
  });

  it("needs a paid order for the same number of locations", () => {
    expect(reassessment({ ...base, paidAt: null, paidLocations: null })).toEqual({ kind: "not_paid" });
    expect(reassessment({ ...base, paidLocations: 6 })).toEqual({ kind: "other_locations" });
  });
});
