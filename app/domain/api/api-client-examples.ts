/**
 * Client examples published on /api: the same call (hazard scores of a country) from curl, Python and TypeScript,
 * the last two typed from the OpenAPI document with common generators. Pure: the base URL comes from the document.
 */
import { API_PATHS } from "./api-paths";

export interface ClientExample {
  id: string;
  language: string;
  /** How to get the types, or what to install. */
  setup: string;
  code: string;
}

/** The operation and answer schema the examples use; a test checks both exist in the document. */
export const EXAMPLE_PATH = API_PATHS.riskHazardScores;
export const EXAMPLE_RESPONSE_SCHEMA = "HazardScoresResponse";
const QUERY = { location_code: "GB", scenario: "rcp45", period: "2050" } as const;

export function clientExamples(apiBase: string): ClientExample[] {
  const base = apiBase.replace(/\/$/, "");
  const documentUrl = `${base}/openapi.json`;
  const query = new URLSearchParams(QUERY).toString();
  return [
    {
      id: "curl",
      language: "curl",
      setup:
        "Countries are open to anyone; regions and hexagons your account ordered are read with a PREMIUM API key (or a session token) as a Bearer token.",
      code: [
        `curl --fail-with-body --max-time 10 \\`,
        `  -H "Authorization: Bearer $CLIMATE_API_KEY" \\`,
        `  "${base}${EXAMPLE_PATH}?${query}"`,
      ].join("\n"),
    },
    {
      id: "python",
      language: "Python",
      setup: `pip install httpx datamodel-code-generator\ndatamodel-codegen --url ${documentUrl} --input-file-type openapi --output-model-type pydantic_v2.BaseModel --output climate_api.py`,
      code: [
        "import os",
        "",
        "import httpx",
        "",
        `from climate_api import ${EXAMPLE_RESPONSE_SCHEMA}, Error`,
        "",
        `BASE = "${base}"`,
        'headers = {"Authorization": f"Bearer {os.environ[\'CLIMATE_API_KEY\']}"}',
        "",
        "with httpx.Client(base_url=BASE, headers=headers, timeout=10) as client:",
        `    response = client.get("${EXAMPLE_PATH}", params=${pythonDict(QUERY)})`,
        "    if response.is_error:",
        "        raise RuntimeError(Error.model_validate(response.json()).error)",
        `    scores = ${EXAMPLE_RESPONSE_SCHEMA}.model_validate(response.json())`,
        "",
        "for hazard in scores.hazards:",
        "    # value, score and level are None for a hazard that does not apply here (state says why).",
        "    print(hazard.hazard_id, hazard.score, hazard.level, hazard.state)",
        'print("aggregate", scores.aggregate.score, scores.aggregate.level)',
      ].join("\n"),
    },
    {
      id: "typescript",
      language: "JavaScript / TypeScript",
      setup: `npm install openapi-fetch\nnpx openapi-typescript ${documentUrl} -o climate-api.d.ts`,
      code: [
        'import createClient from "openapi-fetch";',
        'import type { paths } from "./climate-api";',
        "",
        "const client = createClient<paths>({",
        `  baseUrl: "${base}",`,
        "  headers: { Authorization: `Bearer ${process.env.CLIMATE_API_KEY}` },",
        "});",
        "",
        `const { data, error } = await client.GET("${EXAMPLE_PATH}", {`,
        `  params: { query: ${tsObject(QUERY)} },`,
        "  signal: AbortSignal.timeout(10_000),",
        "});",
        "if (error) throw new Error(error.error);",
        '// data is typed from the document: hazards[].score is 1 | … | 5 or null, level "L" … "E" or null.',
        "for (const hazard of data.hazards) console.log(hazard.hazard_id, hazard.score, hazard.level, hazard.state);",
        'console.log("aggregate", data.aggregate.score, data.aggregate.level);',
      ].join("\n"),
    },
  ];
}

function pythonDict(values: Record<string, string>) {
  return `{${Object.entries(values)
    .map(([k, v]) => `"${k}": "${v}"`)
    .join(", ")}}`;
}

function tsObject(values: Record<string, string>) {
  return `{ ${Object.entries(values)
    .map(([k, v]) => `${k}: "${v}"`)
    .join(", ")} }`;
}
