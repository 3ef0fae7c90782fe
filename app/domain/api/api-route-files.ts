/**
 * Which API path a flat-routes file under app/routes/api+ answers: the tests that hold the OpenAPI document and
 * the route modules against each other both read files through this. Pure: the callers list the folder.
 */
export function apiPathOfRouteFile(file: string): string | null {
  const name = file.replace(/\.tsx?$/, "");
  // The catch-all and the document itself are not operations of the document.
  if (name === "$" || name === "openapi[.]json") return null;
  const segments = name
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => (s.startsWith("$") ? `{${s.slice(1)}}` : s.replace(/\[\.\]/g, ".")));
  return `/${segments.join("/")}`;
}

export const withoutTrailingSlash = (p: string) => p.replace(/\/+$/, "");

/** A concrete URL for a path template: every {param} becomes 1. */
export const sampleApiUrl = (apiPath: string) => `http://localhost/api${apiPath.replace(/\{\w+\}/g, "1")}`;
