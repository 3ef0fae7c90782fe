/**
 * The hazard engine's stable entry for scripts and tools that run outside the app (land-wide sweeps, validation):
 * `loadRiskEngine(dataDir?, { points: true })` and the engine's point lookups. The app imports the modules under
 * engine/ directly; this path stays put when they move.
 */
export { defaultDataDir, getRiskEngine, loadRiskEngine, RiskEngine } from "./engine/load-engine.server";
