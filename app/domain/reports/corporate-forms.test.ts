import { describe, expect, it } from "vitest";
import { CorporateExportSchema, CorporateQuerySchema, T5_KINDS_FIELD, corporateFormFields } from "./corporate-forms";
import { TEMPLATE5_DEFAULTS, template5Kinds } from "./eba/template5";

const query = (q: string) => CorporateQuerySchema.parse(corporateFormFields(new URLSearchParams(q)));

describe("the corporate page's Template 5 choice of chronic hazards", () => {
  it("is the EU Taxonomy's split until the form names one", () => {
    expect(query("portfolio=p").t5_chronic).toEqual(TEMPLATE5_DEFAULTS.chronic);
  });

  it("reads the ticked checkboxes, drops unknown ids, and reads none ticked as none chronic", () => {
    expect(query(`${T5_KINDS_FIELD}=1&t5_chronic=SL&t5_chronic=DR&t5_chronic=XX`).t5_chronic).toEqual(["DR", "SL"]);
    expect(query(`${T5_KINDS_FIELD}=1`).t5_chronic).toEqual([]);
  });

  it("is carried by the export form's hidden fields", () => {
    const form = new FormData();
    for (const [k, v] of [
      ["portfolio", "p"],
      ["format", "xlsx"],
      [T5_KINDS_FIELD, "1"],
      ["t5_chronic", "HW"],
      ["t5_chronic", "PC"],
    ])
      form.append(k!, v!);
    const parsed = CorporateExportSchema.parse(corporateFormFields(form));
    expect(parsed.t5_chronic).toEqual(["HW", "PC"]);
    const kinds = template5Kinds(parsed.t5_chronic);
    expect(kinds.acute).not.toContain("HW");
    expect(kinds.acute).toContain("SL");
    expect([...kinds.chronic, ...kinds.acute].sort()).toEqual(
      [...TEMPLATE5_DEFAULTS.chronic, ...TEMPLATE5_DEFAULTS.acute].sort(),
    );
  });
});
