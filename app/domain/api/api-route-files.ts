/**
 * A route file's flat name from its path under a route folder: nested "+" folders are segments of the name, as
 * remix-flat-routes reads them ("v1+/keys+/$id.rotate.ts" is "v1.keys.$id.rotate").
 */
export function flatRouteName(file: string): string {
  return file
    .split(/[\\/]/)
    .map((part) => part.replace(/\+$/, ""))
    .join(".")
    .replace(/\.tsx?$/, "");
}

/**
 * Which API path a flat-routes file under app/routes/api+ answers: the tests that hold the OpenAPI document and
 * the route modules against each other both read files through this. Pure: the callers list the folder.
 */
export function apiPathOfRouteFile(file: string): string | null {
  const name = flatRouteName(file);
  // The catch-all and the document itself are not operations of the document.
  if (name === "$" || name === "openapi[.]json" || name === "changelog[.]json") return null;
  // "[.]" is a literal dot inside a segment (datasets[.]atom), not a separator.
  const segments = name
    .split(/(?<!\[)\.(?!\])/)
    .filter((s) => s !== "_index")
    .map((s) => (s.startsWith("$") ? `{${s.slice(1)}}` : s.replace(/\[\.\]/g, ".")));
  return `/${segments.join("/")}`;
}

export const withoutTrailingSlash = (p: string) => p.replace(/\/+$/, "");

/** A concrete URL for a path template: every {param} becomes 1. */
export const sampleApiUrl = (apiPath: string) => `http://localhost/api${apiPath.replace(/\{\w+\}/g, "1")}`;
