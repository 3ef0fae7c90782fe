import { purchaseModalFor } from "../commerce/entitlements";
import { isModalFlag, MODAL_FLAGS } from "./modals";

describe("modal flags", () => {
  it("are the spec's eight names, each once", () => {
    expect([...MODAL_FLAGS].sort()).toEqual([
      "addCreditsModal",
      "apiKeyModal",
      "authModal",
      "buyDataModal",
      "cookiesModal",
      "cookiesSettingsModal",
      "messageButtonModal",
      "uploadSelectColumnModal",
    ]);
    expect(new Set(MODAL_FLAGS).size).toBe(MODAL_FLAGS.length);
  });

  it("the purchase dialogs the entitlement rule picks are flags of that list", () => {
    for (const limit of [0, 1]) {
      const modal = purchaseModalFor({ country: limit, region: limit, hexagon: limit }, "country");
      expect(isModalFlag(modal)).toBe(true);
    }
    expect(isModalFlag("buyModal")).toBe(false);
  });
});
