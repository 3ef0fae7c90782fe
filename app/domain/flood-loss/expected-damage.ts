/**
 * From damage per return period to expected annual damage (EAD): the area under the damage–exceedance-probability
 * curve. Rule: trapezoids in annual exceedance probability p = 1/T between the return periods given; below the
 * smallest probability (beyond the rarest return period) the damage of the rarest event is held flat down to p = 0;
 * events more frequent than the protection standard cause no damage (the curve is cut at p = 1/protection, where
 * the damage is interpolated linearly in p).
 */

export interface ReturnPeriodDamage {
  /** Years. */
  returnPeriod: number;
  /** Damage as a fraction of the asset value, 0..1. */
  damage: number;
}

export interface EadOptions {
  /** Return period (years) up to which flood defences hold; 0 or 1 = no protection. */
  protectionYears: number;
}

export const EAD_RULE =
  "trapezoidal rule over annual exceedance probability (1/return period); damage of the rarest mapped event held flat beyond it; no damage from floods more frequent than the protection standard";

/** Assumed when nothing better is known: floods up to the 1-in-2-year event stay within the river banks. */
export const DEFAULT_PROTECTION_YEARS = 2;

export interface EadResult {
  /** Expected annual damage as a fraction of the asset value. */
  ead: number;
  protectionYears: number;
  rule: string;
  /** The (probability, damage) points integrated, most probable first, after the protection cut. */
  points: { probability: number; damage: number }[];
}

export function expectedAnnualDamage(input: readonly ReturnPeriodDamage[], opts: EadOptions): EadResult {
  if (input.length === 0) throw new Error("expected annual damage needs at least one return period");
  for (const r of input) {
    if (!(r.returnPeriod >= 1)) throw new Error(`return period must be at least 1 year, got ${r.returnPeriod}`);
    if (!(r.damage >= 0 && r.damage <= 1)) throw new Error(`damage must be within 0..1, got ${r.damage}`);
  }
  const protection = Math.max(1, opts.protectionYears);
  // Most probable (shortest return period) first.
  const all = [...input]
    .sort((a, b) => a.returnPeriod - b.returnPeriod)
    .map((r) => ({ probability: 1 / r.returnPeriod, damage: r.damage }));
  const cut = 1 / protection;
  const kept = all.filter((p) => p.probability < cut);
  const points: { probability: number; damage: number }[] = [];
  if (cut <= all[0]!.probability) points.push({ probability: cut, damage: damageAtProbability(all, cut) });
  points.push(...kept);
  let ead = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    ead += ((a.damage + b.damage) / 2) * (a.probability - b.probability);
  }
  const rarest = points[points.length - 1];
  if (rarest) ead += rarest.damage * rarest.probability;
  return { ead, protectionYears: protection, rule: EAD_RULE, points };
}

/** Damage at exceedance probability p on the curve (points most probable first): linear in p, flat beyond the rarest. */
function damageAtProbability(points: readonly { probability: number; damage: number }[], p: number): number {
  const rarest = points[points.length - 1]!;
  if (p <= rarest.probability) return rarest.damage;
  const i = points.findIndex((q) => q.probability < p);
  const before = points[i - 1]!;
  const after = points[i]!;
  return (
    after.damage + ((p - after.probability) / (before.probability - after.probability)) * (before.damage - after.damage)
  );
}

/** Damage of the event with this return period: 0 when defences hold it, else interpolated linearly in p. */
export function damageAtReturnPeriod(
  input: readonly ReturnPeriodDamage[],
  returnPeriod: number,
  protectionYears: number,
): number | null {
  if (returnPeriod <= protectionYears) return 0;
  const exact = input.find((r) => r.returnPeriod === returnPeriod);
  if (exact) return exact.damage;
  const sorted = [...input].sort((a, b) => a.returnPeriod - b.returnPeriod);
  const lo = [...sorted].reverse().find((r) => r.returnPeriod < returnPeriod);
  const hi = sorted.find((r) => r.returnPeriod > returnPeriod);
  if (!lo || !hi) return null;
  const p = 1 / returnPeriod;
  const pLo = 1 / lo.returnPeriod;
  const pHi = 1 / hi.returnPeriod;
  return hi.damage + ((p - pHi) / (pLo - pHi)) * (lo.damage - hi.damage);
}
