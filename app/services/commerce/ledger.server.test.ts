import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { getAvailableLocations, getUserEntitlements, grantLocation } from "./entitlements.server";
import { saveBillingInfo, setTermsConsent } from "./billing.server";
import { buyLocationCredits } from "./orders/orders.server";

const getDb = setupTestDatabase();

/** A user who has accepted the current terms: nothing is bought without them. */
async function createBuyer(input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(getDb(), input);
  if (user) await setTermsConsent(user.id, true);
  return user;
}
const COUNTRIES = ["ES", "IT", "PT", "NL", "BE", "AT", "CH", "PL"];

describe("the entitlement ledger", () => {
  it("parallel orders never take more than the plan leaves", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    const results = await Promise.allSettled(COUNTRIES.map((c) => grantLocation(user.id, c, "order")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.name)).toEqual(
      ["LimitReachedError", "LimitReachedError", "LimitReachedError"],
    );
    const e = await getUserEntitlements({ id: user.id, planCode: "PREMIUM" });
    expect(e.ordered.country).toHaveLength(5);
    expect(e.remaining.country).toBe(0);
  });

  it("purchased credits raise the limit: remaining = plan + purchased − used, the same on the API", async () => {
    const user = (await createBuyer({ planCode: "PREMIUM" }))!;
    await saveBillingInfo(user.id, {
      appeal: "",
      email: "a@b.co",
      first_name: "A",
      last_name: "B",
      phone: "+4412345",
      company: { name: "Acme", country: "GB", zip: "", city: "", street: "1 High St", vat_number: "" },
    });
    await grantLocation(user.id, "ES", "order");
    await buyLocationCredits({ userId: user.id, kind: "country", amount: 2, idempotencyKey: "ledger-credits-1" });
    const e = await getUserEntitlements({ id: user.id, planCode: "PREMIUM" });
    expect(e).toMatchObject({
      planLimits: { country: 5 },
      purchased: { country: 2 },
      granted: { country: 7 },
      remaining: { country: 6 },
    });
    expect((await getAvailableLocations({ id: user.id, planCode: "PREMIUM" })).limit_country).toBe(6);
    const results = await Promise.allSettled(COUNTRIES.map((c) => grantLocation(user.id, c, "order")));
    expect(results.filter((r) => r.status === "fulfilled" && r.value.created)).toHaveLength(6);
  });
});
