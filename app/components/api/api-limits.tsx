import { API_LIMITS_TEXT } from "~/domain/api/keys/api-limits";

/** The API's limits, stated where integrators read first; the same sentences are in the OpenAPI document. */
export function ApiLimits() {
  return (
    <section aria-labelledby="api-limits" className="mt-12">
      <h2 id="api-limits" className="text-2xl font-bold">
        Limits
      </h2>
      {API_LIMITS_TEXT.map((text) => (
        <p key={text} className="mt-2 text-slate-700">
          {text}
        </p>
      ))}
    </section>
  );
}
