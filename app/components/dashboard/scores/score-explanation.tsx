import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { fmtInt } from "~/risk/explain/explain-text";
import type { HazardScoreItem } from "~/risk/types";

/** A driver's or input's value for reading: thousands with commas, at most three decimals. */
function valueText(v: number | null, unit: string): string {
  if (v === null) return "—";
  const n = Math.abs(v) >= 1000 ? fmtInt(v) : String(Number(v.toFixed(3)));
  return unit === "1" || unit === "" ? n : `${n} ${unit}`;
}

function ValueTable({
  caption,
  rows,
}: {
  caption: string;
  rows: { key: string; label: string; value: number | null; unit: string }[];
}) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" className="pr-2 font-normal">
              {r.label}
            </th>
            <td>{valueText(r.value, r.unit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Why this score: the plain sentences first, then the drivers with units; the formula, every step and every input
 * behind "Show the calculation".
 */
export function ScoreExplanation({ item, datasetVersion }: { item: HazardScoreItem; datasetVersion: string }) {
  const e = item.explanation;
  const inputs = e ? Object.entries(e.inputs).map(([key, v]) => ({ key, ...v })) : [];
  const drivers = e?.drivers?.map((d) => ({ key: d.label, ...d }));
  return (
    <>
      {e?.summary ? <p data-testid="explanation-summary">{e.summary}</p> : null}
      {drivers?.length ? (
        <ValueTable caption="Drivers" rows={drivers} />
      ) : !drivers && inputs.length ? (
        <ValueTable caption="Drivers" rows={inputs} />
      ) : null}
      {e?.formula ? (
        <details>
          <summary className="cursor-pointer underline">Show the calculation</summary>
          <p>{e.formula}</p>
          {e.steps.length ? (
            <ul className="list-disc pl-4">
              {e.steps.map((s) => (
                <li key={s.name}>
                  {s.name}: {Number(s.value.toFixed(3))} {s.unit ?? ""}
                </li>
              ))}
            </ul>
          ) : null}
          {drivers && inputs.length ? <ValueTable caption="All inputs of the hexagon" rows={inputs} /> : null}
        </details>
      ) : null}
      {e?.note && !e.summary ? <p>{e.note}</p> : null}
      {e?.bands ? (
        <div data-testid="band-meanings">
          <p>
            What each level means, read on {e.bands.quantity}
            {e.bands.where ? ` (${e.bands.where})` : ""}:
          </p>
          <ul className="list-disc pl-4">
            {e.bands.bands.map((b) => (
              <li key={b.score} className={b.score === item.score ? "font-semibold" : undefined}>
                {b.score} {b.label} (value ≥ {RISK_LEVELS[b.score - 1]!.min}): {b.meaning}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p>
        Thresholds: {RISK_LEVELS.map((l) => `${l.label} ≥ ${l.min}`).join(", ")}. Confidence: {item.confidence}. Dataset{" "}
        {datasetVersion}.
      </p>
    </>
  );
}
