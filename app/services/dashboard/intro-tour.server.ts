/** What each user has seen of the intro tour; the rule for showing it lives in ~/domain/tour. */
import { eq } from "drizzle-orm";
import { introTours, sessions } from "#db/schema/index";
import { locationsFingerprint, shouldShowTour, tourWatchesLocations } from "~/domain/dashboard/tour";
import { getDb } from "../infra/db.server";
import { getAvailableLocations } from "../commerce/entitlements.server";
import { hashToken } from "../auth/password.server";
import { readSessionToken, type SessionUser } from "../auth/session.server";

type TourUser = Pick<SessionUser, "id" | "planCode">;

async function currentFingerprint(user: TourUser): Promise<string | null> {
  if (!tourWatchesLocations(user.planCode)) return null;
  const available = await getAvailableLocations(user);
  return locationsFingerprint(available.order_list);
}

async function sessionStartedAt(request: Request): Promise<Date | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const db = await getDb();
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function isTourDue(request: Request, user: TourUser): Promise<boolean> {
  const db = await getDb();
  const [[seen], startedAt, fingerprint] = await Promise.all([
    db.select().from(introTours).where(eq(introTours.userId, user.id)).limit(1),
    sessionStartedAt(request),
    currentFingerprint(user),
  ]);
  return shouldShowTour(seen ?? null, {
    planCode: user.planCode,
    sessionStartedAt: startedAt,
    locationsFingerprint: fingerprint,
  });
}

/** Closing the tour (Skip, or Next on the last slide): remembered for the user, on every browser. */
export async function markTourSeen(user: TourUser, now = new Date()): Promise<void> {
  const db = await getDb();
  const row = { seenAt: now, locationsFingerprint: await currentFingerprint(user) };
  await db
    .insert(introTours)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: introTours.userId, set: row });
}
