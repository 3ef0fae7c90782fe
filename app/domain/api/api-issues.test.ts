import { z } from "zod";
import { describeRequestIssue } from "./api-issues";

const firstIssue = (schema: z.ZodTypeAny, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("expected a problem");
  return describeRequestIssue(r.error.issues[0]!);
};

describe("request problems in the API's words", () => {
  const body = z
    .object({
      locations: z
        .array(z.object({ lat: z.number() }).strict())
        .min(1)
        .max(3),
      name: z.string().max(5).optional(),
    })
    .strict();

  it("name the field and never use the library's default sentences", () => {
    expect(firstIssue(body, { locations: [] })).toEqual({
      message: "locations must hold at least 1 item",
      field: "locations",
    });
    expect(firstIssue(body, { locations: [{ lat: 1 }, { lat: 1 }, { lat: 1 }, { lat: 1 }] })).toEqual({
      message: "locations may hold at most 3 items",
      field: "locations",
    });
    expect(firstIssue(body, { locations: [{ lat: "x" }] })).toEqual({
      message: "locations[0].lat must be a number",
      field: "locations[0].lat",
    });
    expect(firstIssue(body, {})).toEqual({ message: "locations is required", field: "locations" });
    expect(firstIssue(body, { locations: [{ lat: 1 }], name: "toolong" })).toEqual({
      message: "name may be at most 5 characters",
      field: "name",
    });
    for (const value of [{ locations: [] }, { locations: [{ lat: "x" }] }, {}])
      expect(firstIssue(body, value).message).not.toMatch(/element\(s\)|Expected|Required/);
  });

  it("an unknown field is named in `field`, at whatever depth", () => {
    expect(firstIssue(body, { locations: [{ lat: 1 }], colour: "red" })).toEqual({
      message: "colour is not a field this call reads",
      field: "colour",
    });
    expect(firstIssue(body, { locations: [{ lat: 1, lng: 2 }] })).toMatchObject({ field: "locations[0].lng" });
  });

  it("a message the schema states itself is kept", () => {
    expect(firstIssue(z.object({ n: z.number().min(2, "n must be 2 or more") }), { n: 1 })).toEqual({
      message: "n must be 2 or more",
      field: "n",
    });
  });
});
