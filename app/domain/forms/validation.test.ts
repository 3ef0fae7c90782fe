import type { z } from "zod";
import { parseCoordinate } from "../dashboard/dashboard-selection";
import { MESSAGES, field } from "./validation";

function firstError(schema: z.ZodTypeAny, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("shared form fields", () => {
  it("uses the spec's required and e-mail messages", () => {
    expect(firstError(field.email(), "")).toBe("Field is required");
    expect(firstError(field.email(), undefined)).toBe("Field is required");
    expect(firstError(field.email(), "not-an-email")).toBe("Invalid Email");
    expect(field.email().parse("  Ann@Example.COM ")).toBe("ann@example.com");
  });

  it("formats min and max length and value messages with the limit", () => {
    expect(firstError(field.text(3, 5), "ab")).toBe("Must be at least 3 symbols");
    expect(firstError(field.text(3, 5), "abcdef")).toBe("Must be no more 5 symbols");
    expect(firstError(field.number(1, 10), "0")).toBe("Min value: 1");
    expect(firstError(field.number(1, 10), "11")).toBe("Max value: 10");
    expect(firstError(field.number(1, 10), "abc")).toBe(MESSAGES.decimal);
  });

  it("requires a ticked checkbox with the checkbox message", () => {
    expect(firstError(field.checkbox(), undefined)).toBe("Field is required.");
    expect(field.checkbox().parse("on")).toBe(true);
  });

  it("flags implausibly short company names", () => {
    expect(firstError(field.companyName(), "AB")).toBe(MESSAGES.moreThan2);
    expect(field.companyName().parse("ACME Ltd")).toBe("ACME Ltd");
  });

  it("accepts decimal degrees within range and rejects the rest with the spec text", () => {
    expect(field.latitude().parse("51.5074")).toBe(51.5074);
    expect(field.longitude().parse(-0.1278)).toBe(-0.1278);
    expect(firstError(field.latitude(), "91")).toBe(MESSAGES.latitude);
    expect(firstError(field.latitude(), "51.50741")).toBe(MESSAGES.latitude);
    expect(firstError(field.longitude(), "-180.5")).toBe(MESSAGES.longitude);
    expect(firstError(field.longitude(), "12;5")).toBe(MESSAGES.longitude);
    expect(firstError(field.latitude(), "")).toBe(MESSAGES.required);
  });
});

describe("coordinates written with a decimal comma, as the upload reads them", () => {
  it("the point fields read 50,9375 and 6,9603 as Köln's coordinates", () => {
    expect(field.latitude().parse("50,9375")).toBe(50.9375);
    expect(field.longitude().parse("6,9603")).toBe(6.9603);
    expect(parseCoordinate("50,9375", 90)).toEqual({ value: 50.9375 });
    expect(parseCoordinate("-6,9603", 180)).toEqual({ value: -6.9603 });
  });
  it("still refuses a thousands group, two commas or five decimals", () => {
    expect(firstError(field.latitude(), "50,93751")).toBe(MESSAGES.latitude);
    expect(parseCoordinate("1,234,5", 180).error).toBe(MESSAGES.longitude);
    expect(parseCoordinate("95,5", 90).error).toBe(MESSAGES.latitude);
  });
});
