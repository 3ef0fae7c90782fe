/**
 * What the server entry hands every loader and action. `remoteAddress` is the TCP peer of the request (never a
 * header); the client address for rate limits is derived from it and TRUST_PROXY. Absent when a loader is called
 * without the server entry (tests).
 */
declare module "@remix-run/node" {
  interface AppLoadContext {
    remoteAddress?: string;
    /** On a document request only: markup the loaders leave to the server's render (app/utils/server-drawn.tsx). */
    serverDrawn?: Map<string, string>;
  }
}

export {};
