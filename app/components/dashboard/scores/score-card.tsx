import { useId, useRef, useState } from "react";
import { useServerDrawn } from "~/utils/server-drawn";
import { RISK_LEVELS, formatRiskValue } from "~/domain/hazards/risk-levels";
import { HISTORICAL_LABEL } from "~/domain/hazards/scenarios";
import { INPUT_LIMIT_LABEL } from "~/domain/hazards/input-limits";
import type { HazardScoreItem } from "~/risk/types";
import { DEPTH_LEVEL_SOURCE } from "~/domain/flood-loss/depth-levels";
import { scoreSourceLine } from "~/domain/flood-loss/messages";

function levelOf(score: number | null) {
  return score ? RISK_LEVELS[score - 1] : undefined;
}

/** Info tooltip: opens on hover and keyboard focus; flips to the other side when it would leave the viewport. */
export function InfoTooltip({ text, label }: { text: string; label: string }) {
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  const [flip, setFlip] = useState<{ x: boolean; y: boolean }>({ x: false, y: false });
  const measure = () => {
    const r = ref.current?.getBoundingClientRect();
    if (!r) return;
    setFlip({ x: r.left + 260 > window.innerWidth, y: r.top < 140 });
  };
  return (
    <span ref={ref} className="group relative inline-block" onMouseEnter={measure} onFocus={measure}>
      <button
        type="button"
        aria-describedby={id}
        aria-label={label}
        className="rounded-full border border-slate-400 px-1.5 text-xs leading-4 text-slate-600"
      >
        i
      </button>
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute z-20 hidden w-60 rounded bg-slate-900 p-2 text-xs text-white group-hover:block group-focus-within:block ${flip.x ? "right-0" : "left-0"} ${flip.y ? "top-6" : "bottom-6"}`}
      >
        {text}
      </span>
    </span>
  );
}

function ScoreLine({
  item,
  label,
  warming,
  meaning,
}: {
  item: HazardScoreItem;
  label: string;
  warming?: string | null;
  meaning?: string | null;
}) {
  const level = levelOf(item.score);
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium uppercase text-slate-500">{label}</p>
      {warming ? <p className="text-xs text-slate-500">{warming}</p> : null}
      {item.state === "ok" && level ? (
        <p className="mt-1 flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full" style={{ background: level.colour }} />
          <span className="font-semibold">
            {item.score} · {level.label}
          </span>
        </p>
      ) : (
        <p className="mt-1 font-semibold text-slate-500">
          {item.state === "not_applicable" ? "Not applicable" : "No data"}
        </p>
      )}
      <p className="text-xs text-slate-600">
        Value {item.value === null ? "—" : formatRiskValue(item.value)} · Confidence {item.confidence}
      </p>
      {item.source ? (
        <p className="text-xs text-slate-700" data-testid="score-source" data-source={item.source.type}>
          {scoreSourceLine(item.source)}
        </p>
      ) : null}
      {item.state === "ok" && meaning ? (
        <p className="text-xs text-slate-700" data-testid="band-meaning">
          {meaning}
        </p>
      ) : null}
    </div>
  );
}

/** One hazard: historical and the chosen future slot side by side. */
export function ScoreCard({
  hist,
  future,
  futureLabel,
  warming,
  why,
  meaning = null,
}: {
  hist: HazardScoreItem;
  future: HazardScoreItem;
  futureLabel: string;
  warming: string | null;
  /** "Why this score" as the server drew it (explanationHtml), or null where the server keeps it for its own render. */
  why: string | null;
  /** What the band of each score means in the units of the quantity the hazard's levels are read on. */
  meaning?: { quantity: string; where?: string | null; hist: string | null; future: string | null } | null;
}) {
  const whyHtml = useServerDrawn(whyKey(future.hazard_id), why);
  // where the inputs cannot see the hazard at this place (the same climate in every slot)
  const limitNote = future.confidence_note ?? hist.confidence_note;
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      data-testid="score-card"
      data-hazard={hist.hazard_id}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: hist.colour }} />
          {hist.name}
        </h3>
        <InfoTooltip
          label={`About ${hist.name}`}
          text={
            hist.source?.type === "flood_depth_layer" || future.source?.type === "flood_depth_layer"
              ? `${hist.name}: 1 Low to 5 Extreme, where a flood-depth map covers the point from the depth at its pixel and the return period it is reached at (${DEPTH_LEVEL_SOURCE}); else from the screening index's value in 0-1 (bands of 0.2). Each score says its source.`
              : `${hist.name}: 1 Low to 5 Extreme from a value in 0-1 (bands of 0.2). Confidence "${future.confidence}" says whether the inputs measure the hazard directly (grounded) or stand in for it (proxy).`
          }
        />
      </div>
      {meaning ? (
        <p className="mt-1 text-xs text-slate-600">
          Levels read on {meaning.quantity}
          {meaning.where ? `; the ranges below hold for a place ${meaning.where}` : null}
        </p>
      ) : null}
      <div className="mt-2 grid grid-cols-2 gap-2">
        <ScoreLine item={hist} label={HISTORICAL_LABEL} meaning={meaning?.hist} />
        <ScoreLine item={future} label={futureLabel} warming={warming} meaning={meaning?.future} />
      </div>
      {limitNote ? (
        <p className="mt-2 text-xs text-amber-900" data-testid="confidence-note">
          <span className="font-semibold">{INPUT_LIMIT_LABEL}: </span>
          {limitNote}
        </p>
      ) : null}
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer text-brand-700 underline">Why this score</summary>
        <div
          className="mt-2 space-y-1 text-slate-700"
          dangerouslySetInnerHTML={{ __html: whyHtml }}
          suppressHydrationWarning
        />
      </details>
    </li>
  );
}

/** The key of a hazard's "Why this score" among the server-drawn parts of the page. */
export const whyKey = (hazardId: string) => `why-${hazardId}`;
