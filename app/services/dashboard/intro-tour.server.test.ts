import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { grantLocation } from "../commerce/entitlements.server";
import { isTourDue, markTourSeen } from "./intro-tour.server";
import { createSession } from "../auth/session.server";

const getDb = setupTestDatabase();
const pause = () => new Promise((r) => setTimeout(r, 5));

async function signIn(userId: string) {
  const token = await createSession(userId);
  return new Request("http://localhost/dashboard", { headers: { Cookie: `weather_token=${token}` } });
}

describe("intro tour memory", () => {
  it("is remembered for the user across browsers, and comes back after a new sign-in", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const laptop = await signIn(user.id);
    const phone = await signIn(user.id);
    expect(await isTourDue(laptop, user)).toBe(true);
    await pause();
    await markTourSeen(user);
    expect(await isTourDue(laptop, user)).toBe(false);
    // The phone signed in before the tour was closed on the laptop: no cookie of its own, still not shown.
    expect(await isTourDue(phone, user)).toBe(false);
    await pause();
    const again = await signIn(user.id);
    expect(await isTourDue(again, user)).toBe(true);
    const other = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    expect(await isTourDue(await signIn(other.id), other)).toBe(true);
  });

  it("comes back for a DISCOVERY user whose available locations change, not for a PREMIUM user", async () => {
    const free = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    const premium = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const freeReq = await signIn(free.id);
    const premiumReq = await signIn(premium.id);
    await pause();
    await markTourSeen(free);
    await markTourSeen(premium);
    expect(await isTourDue(freeReq, free)).toBe(false);
    await grantLocation(free.id, "ES-M");
    await grantLocation(premium.id, "ES-M");
    expect(await isTourDue(freeReq, free)).toBe(true);
    expect(await isTourDue(premiumReq, premium)).toBe(false);
    await markTourSeen(free);
    expect(await isTourDue(freeReq, free)).toBe(false);
  });
});
