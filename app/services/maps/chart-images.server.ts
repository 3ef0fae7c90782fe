/**
 * Answers of the chart image endpoints. The URL holds every input, so an answer never changes for its URL while the
 * drawing code stays the same: cached a day by browsers and shared caches. The SVG runs no script and loads nothing
 * (the CSP below says so, should it be opened as a document).
 */
export function svgImageResponse(svg: string): Response {
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

export function textError(message: string, status = 400): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
