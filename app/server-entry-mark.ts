/**
 * Set to true on globalThis by the production server entry (server/runtime.ts) before it imports the build: the build then
 * leaves opening the database and starting the workers to it. A module of its own, so the entry's bundle takes only
 * this name and not the app behind entry.server.
 */
export const SERVER_ENTRY_STARTS_RUNTIME = "__serverEntryStartsRuntime";
